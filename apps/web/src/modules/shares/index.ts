/**
 * The shares feature's public entry: what other features import from it, named (the rule
 * web-features-through-their-entry in .dependency-cruiser.cjs). Its own files import each other
 * directly, never through here.
 */
export { OpenInNewTabButton } from './components/OpenInNewTabButton';
export { SharedPathBlock } from './components/SharedPathBlock';
export { ShareLinkPanel } from './components/ShareLinkPanel';
export { ShareFact, SharePreviewModal } from './components/SharePreviewModal';
export { ShareQrCode } from './components/ShareQrCode';
export { ShareUrlField } from './components/ShareUrlField';
export { ShareProtectedBadge, useShareAccessTexts } from './share-view/ShareAccessNotices';
export {
  SharedFileDetails,
  SharedFileFact,
  SharedFileLayout,
} from './share-view/SharedFileLayout';
export { ShareUnavailable } from './share-view/ShareUnavailable';
export { ShareViewFrame } from './share-view/ShareViewFrame';
export { ShareViewRoute } from './share-view/ShareViewRoute';
export { ShareViewShell } from './share-view/ShareViewShell';
export { unavailableReason } from './share-view/share-kinds';
