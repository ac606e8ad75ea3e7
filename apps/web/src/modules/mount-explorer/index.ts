/**
 * The mount explorer feature's public entry: what other features import from it, named (the rule
 * web-features-through-their-entry in .dependency-cruiser.cjs). Its own files import each other
 * directly, never through here.
 */

export { EntryThumbnail } from './components/EntryThumbnail';
export { canWriteSomewhere } from './explorer.format';
export { explorerHref, parentPath } from './explorer.paths';
export { fsBase } from './fs.api';
export { AudioDock } from './media/AudioDock';
export { hasThumbnail, type ThumbnailSource } from './thumbnails';
