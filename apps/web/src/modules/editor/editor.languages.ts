import type { PasteFormat } from '@sharebin/shared';

/**
 * Languages a plain-text paste can be highlighted in: highlight.js names (stored with the
 * paste, used by the preview and the paste view) with the label shown in the picker. `auto`
 * stores no language and lets highlight.js detect one.
 */
export const AUTO_LANGUAGE = 'auto';
export const PLAIN_LANGUAGE = 'plaintext';

export const CODE_LANGUAGES: readonly { value: string; label: string }[] = [
  { value: 'bash', label: 'Bash' },
  { value: 'c', label: 'C' },
  { value: 'cpp', label: 'C++' },
  { value: 'csharp', label: 'C#' },
  { value: 'css', label: 'CSS' },
  { value: 'diff', label: 'Diff' },
  { value: 'go', label: 'Go' },
  { value: 'xml', label: 'HTML / XML' },
  { value: 'ini', label: 'INI / TOML' },
  { value: 'java', label: 'Java' },
  { value: 'javascript', label: 'JavaScript' },
  { value: 'json', label: 'JSON' },
  { value: 'kotlin', label: 'Kotlin' },
  { value: 'lua', label: 'Lua' },
  { value: 'makefile', label: 'Makefile' },
  { value: 'markdown', label: 'Markdown' },
  { value: 'perl', label: 'Perl' },
  { value: 'php', label: 'PHP' },
  { value: 'python', label: 'Python' },
  { value: 'r', label: 'R' },
  { value: 'ruby', label: 'Ruby' },
  { value: 'rust', label: 'Rust' },
  { value: 'scss', label: 'SCSS' },
  { value: 'shell', label: 'Shell session' },
  { value: 'sql', label: 'SQL' },
  { value: 'swift', label: 'Swift' },
  { value: 'typescript', label: 'TypeScript' },
  { value: 'yaml', label: 'YAML' },
];

/** The language stored with a paste: only plain text has one, and `auto` stores none. */
export const pasteLanguage = (format: PasteFormat, language: string): string | null =>
  format === 'text' && language !== AUTO_LANGUAGE ? language : null;

/** CodeMirror's name for a language where highlight.js's is not one of its aliases. */
const EDITOR_LANGUAGE_NAMES: Record<string, string> = { xml: 'html', shell: 'bash' };

/** The language name to look up in @codemirror/language-data; null for none. */
export function editorLanguageName(language: string): string | null {
  if (language === AUTO_LANGUAGE || language === PLAIN_LANGUAGE) return null;
  return EDITOR_LANGUAGE_NAMES[language] ?? language;
}

const MARKDOWN_EXTENSIONS = new Set(['md', 'markdown', 'mdown', 'mkd', 'mdx']);

const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  css: 'css',
  diff: 'diff',
  patch: 'diff',
  go: 'go',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  svg: 'xml',
  ini: 'ini',
  toml: 'ini',
  cfg: 'ini',
  conf: 'ini',
  java: 'java',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  json: 'json',
  kt: 'kotlin',
  kts: 'kotlin',
  lua: 'lua',
  mk: 'makefile',
  pl: 'perl',
  php: 'php',
  py: 'python',
  r: 'r',
  rb: 'ruby',
  rs: 'rust',
  scss: 'scss',
  sql: 'sql',
  swift: 'swift',
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  yml: 'yaml',
  yaml: 'yaml',
  txt: PLAIN_LANGUAGE,
  log: PLAIN_LANGUAGE,
  csv: PLAIN_LANGUAGE,
};

/** What the import button's file chooser offers. */
export const IMPORT_ACCEPT = [
  'text/*',
  ...[...MARKDOWN_EXTENSIONS, ...Object.keys(LANGUAGE_BY_EXTENSION)].map((ext) => `.${ext}`),
].join(',');

const TEXT_MIME = /^(text\/|application\/(json|xml|javascript|x-sh|x-yaml|toml|sql))/;

/** How an imported file is shown: Markdown, or plain text in a language; null if not text. */
export function importTarget(
  file: Pick<File, 'name' | 'type'>,
): { format: PasteFormat; language: string } | null {
  const name = file.name.toLowerCase();
  const extension = name.includes('.') ? (name.split('.').pop() ?? '') : '';
  if (MARKDOWN_EXTENSIONS.has(extension) || file.type === 'text/markdown') {
    return { format: 'markdown', language: AUTO_LANGUAGE };
  }
  if (name === 'makefile' || name === 'dockerfile') {
    return { format: 'text', language: name === 'makefile' ? 'makefile' : 'bash' };
  }
  const language = LANGUAGE_BY_EXTENSION[extension];
  if (language) return { format: 'text', language };
  if (TEXT_MIME.test(file.type)) return { format: 'text', language: AUTO_LANGUAGE };
  return null;
}

const SAMPLE_CHARS = 8000;

/**
 * Whether decoded file content is binary after all: it holds NUL, or control characters that
 * text does not use (tab, line breaks, form feed and the escape of coloured logs are fine).
 */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, SAMPLE_CHARS);
  let controls = 0;
  for (let index = 0; index < sample.length; index++) {
    const code = sample.charCodeAt(index);
    if (code === 0) return true;
    if (code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13 && code !== 27) {
      controls += 1;
    }
  }
  return controls > sample.length / 100;
}
