/**
 * The pastes feature's public entry: what other features import from it, named (the rule
 * web-features-through-their-entry in .dependency-cruiser.cjs). Its own files import each other
 * directly, never through here.
 * Not here: the pages and PasteContent (Markdown and highlighting), loaded lazily by their files.
 */
export { ExpiredBadge, PasswordBadge, UsedUpBadge } from './components/PasteBadges';
export type {
  CreatePasteErrors,
  CreatePasteField,
  CreatePasteFormValues,
} from './paste-create.form';
export {
  emptyCreatePasteForm,
  toCreatePasteRequest,
  validateCreatePaste,
} from './paste-create.form';
export { pasteShareUrl } from './paste-management.utils';
export { useCreatePaste } from './paste-view.hooks';
export { pastesApi } from './pastes.api';
