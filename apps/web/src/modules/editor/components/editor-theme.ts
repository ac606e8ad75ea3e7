import { EditorView } from '@codemirror/view';

/** Colours from Mantine's palette, so that the editor follows the light and dark themes. */
const shade = (color: string, light: number, dark: number) =>
  `light-dark(var(--mantine-color-${color}-${light}), var(--mantine-color-${color}-${dark}))`;

/** The editor's look: Mantine's fonts, colours and borders, in light and dark. */
export const editorTheme = EditorView.theme({
  '&': {
    height: '100%',
    fontSize: '14px',
    backgroundColor: 'var(--mantine-color-body)',
    color: 'var(--mantine-color-text)',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--mantine-font-family-monospace)', lineHeight: '1.65' },
  '.cm-content': { padding: '12px 0', caretColor: 'var(--mantine-color-text)' },
  '.cm-line': { padding: '0 16px' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--mantine-color-text)' },
  '.cm-selectionBackground, &.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground':
    { backgroundColor: shade('indigo', 1, 8) },
  // Unlike an input's placeholder, the editor's is text on the page: it must read at WCAG AA.
  '.cm-placeholder': { color: 'var(--mantine-color-dimmed)' },
  '.cm-gutters': {
    backgroundColor: 'transparent',
    color: 'var(--mantine-color-dimmed)',
    borderRight: '1px solid var(--mantine-color-default-border)',
  },
  '.cm-activeLineGutter': { backgroundColor: 'var(--mantine-color-default-hover)' },
  '.cm-matchingBracket': { backgroundColor: shade('indigo', 1, 8), outline: 'none' },
});
