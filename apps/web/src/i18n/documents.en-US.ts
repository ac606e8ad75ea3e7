/**
 * Text, code and Markdown previews of files (issue 32, item 3): the choice of the encoding a
 * text is read in. Loaded with the previews, not before the first render.
 */
export const documentsEnUS = {
  encoding: {
    label: 'Encoding',
    detected: '{{name}} (detected)',
    hint: 'Pick another encoding if the text looks garbled; the choice is kept for this file.',
  },
};
