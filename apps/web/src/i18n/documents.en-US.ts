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
  office: {
    reading: 'Reading the document…',
    failed: 'This document could not be read.',
    failedBody:
      'The file may be damaged or in a format this preview does not read. Download it to open it in an app.',
    tooLargeTitle: 'Too large to preview',
    tooLargeBody:
      'Documents larger than {{limit}} are not previewed here. Download it to open it in an app.',
    unzipsTooLargeBody:
      'Unpacked, this document would grow far beyond its file size. The preview reads at most {{limit}} unpacked, in up to {{entries}} parts, compressed no more tightly than real documents are. Download it to open it in an app.',
    truncated: 'Showing the first {{rows}} rows and {{columns}} columns.',
    emptySheet: 'This sheet is empty.',
    sheets: 'Sheets',
    book: 'Book pages',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    keys: '← → turn the pages',
  },
};
