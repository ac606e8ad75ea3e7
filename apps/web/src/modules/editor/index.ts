/**
 * The editor feature's public entry: what other features import from it, named (the rule
 * web-features-through-their-entry in .dependency-cruiser.cjs). Its own files import each other
 * directly, never through here.
 * Not here: CodeEditor (CodeMirror), which its users load lazily by its file.
 */
export { DraftRestoreAlert } from './components/DraftRestoreAlert';
export { useDraft } from './editor.draft';
export {
  AUTO_LANGUAGE,
  CODE_LANGUAGES,
  IMPORT_ACCEPT,
  importTarget,
  looksBinary,
  PLAIN_LANGUAGE,
  pasteLanguage,
} from './editor.languages';
