/**
 * The fs-shares feature's public entry (shares of mounted files and folders by link): what
 * other features import from it, named (the rule web-features-through-their-entry in
 * .dependency-cruiser.cjs). Its own files import each other directly, never through here.
 * Not here: the visitor's page (pages/FsSharePage.tsx), which the router loads lazily.
 */
export { FsShareEditModal } from './components/FsShareEditModal';
export { FsShareKindIcon } from './components/FsShareKindIcon';
export type { ShareTarget } from './components/ShareEntryModal';
export { ShareEntryModal } from './components/ShareEntryModal';
export { isShareLive, shareHref } from './fs-share.paths';
export { fsSharesApi } from './fs-shares.api';
export {
  countSharesUnder,
  useDeleteFsShare,
  useFsShareCollection,
  useRefreshFsShares,
  useSharedPaths,
  useSharesUnderCount,
} from './fs-shares.hooks';
