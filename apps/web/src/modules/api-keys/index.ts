/**
 * The API keys feature's public entry: what other features import from it, named (the rule
 * web-features-through-their-entry in .dependency-cruiser.cjs). Its own files import each other
 * directly, never through here.
 */
export { useKeyNames } from './use-key-names';
