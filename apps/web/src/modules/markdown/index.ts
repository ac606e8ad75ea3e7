/**
 * The Markdown feature's public entry: what other features import from it, named (the rule
 * web-features-through-their-entry in .dependency-cruiser.cjs). Its own files import each other
 * directly, never through here.
 * MarkdownView brings markdown.css (`.sb-markdown`, the highlight.js theme). The Word and PNG
 * exports (markdown.export.ts) are imported lazily by their file, not from here.
 */
export { MarkdownView } from './components/MarkdownView';
export { highlightText } from './markdown.enhance';
export {
  isRelativeReference,
  type ReferencePath,
  type ReferenceResolver,
  type ResolvedReference,
  referencePath,
} from './markdown.references';
