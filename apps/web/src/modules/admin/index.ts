/**
 * The admin feature's public entry: what other features import from it, named (the rule
 * web-features-through-their-entry in .dependency-cruiser.cjs). Its own files import each other
 * directly, never through here.
 * Not here: AdminNav and useAdminModules (the app shell's), whose admin-modules.ts lazily
 * loads the module pages that import this entry.
 */
export { ModuleHeader } from './components/ModuleHeader';
