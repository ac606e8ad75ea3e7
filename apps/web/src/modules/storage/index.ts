/**
 * The storage feature's public entry: what other features import from it, named (the rule
 * web-features-through-their-entry in .dependency-cruiser.cjs). Its own files import each other
 * directly, never through here.
 */
export { CapacityBar, StorageTypeBadge } from './components/StorageBadges';
export { storageQueryKey, useStorageChoices } from './storage.hooks';
export { storageDisplayName } from './storage-name';
