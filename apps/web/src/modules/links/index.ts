/**
 * The links feature's public entry (short links, issue "Share anything" part 3): what other
 * features import from it, named (the rule web-features-through-their-entry in
 * .dependency-cruiser.cjs). Its own files import each other directly, never through here.
 * Not here: the visitor's page (pages/ShortLinkPage.tsx), which the router loads lazily.
 */
export { ShortLinkActions, ShortLinks, useShortLinks } from './components/ShortLinks';
