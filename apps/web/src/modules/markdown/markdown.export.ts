/**
 * Word and PNG exports (SPEC §1). The Word document is built from the same markdown-it tokens
 * the page renders, so it has what the page shows: headings, paragraphs with bold, italic,
 * strikethrough, code and links, lists (task lists with their boxes), quotes, tables and code
 * blocks, with formulas and diagrams as pictures of the page. docx and html-to-image are loaded
 * only when someone exports.
 */
import { codeParagraph, documentBlocks, orderedNumbering } from './docx-blocks';
import { NO_PICTURES, type Picture, type Pictures } from './docx-inline';
import { markdownTokens } from './markdown.render';

/** Each element as a PNG (null for one that cannot be drawn), in order. */
async function picturesOf(elements: HTMLElement[]): Promise<Picture[]> {
  const { toPng } = await import('html-to-image');
  const out: Picture[] = [];
  for (const element of elements) {
    const width = element.offsetWidth;
    const height = element.offsetHeight;
    if (!width || !height || element.classList.contains('sb-mermaid-error')) {
      out.push(null);
      continue;
    }
    try {
      // A transparent background: the picture sits on Word's white page in either theme.
      const url = await toPng(element, { pixelRatio: 2, width, height });
      const bytes = Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (c) => c.charCodeAt(0));
      out.push({ data: bytes, width, height });
    } catch {
      out.push(null);
    }
  }
  return out;
}

/** The drawn formulas and diagrams of a rendered Markdown element. */
async function picturesFrom(rendered: HTMLElement | null): Promise<Pictures> {
  if (!rendered) return NO_PICTURES;
  const all = <T extends HTMLElement>(selector: string) => [
    ...rendered.querySelectorAll<T>(selector),
  ];
  return {
    inlineMath: await picturesOf(all('span.sb-math')),
    blockMath: await picturesOf(all('div.sb-math')),
    // A diagram that failed to render stays a `pre`: it keeps its place, as text.
    diagrams: await picturesOf(all('.sb-diagram, pre.sb-mermaid')),
  };
}

/**
 * A Word document of a Markdown text. With the page's `rendered` content, formulas and
 * diagrams go in as pictures of what the reader sees; without it, as their source text.
 */
export async function markdownToDocx(
  source: string,
  title: string,
  rendered: HTMLElement | null = null,
): Promise<Blob> {
  const docx = await import('docx');
  const pictures = await picturesFrom(rendered);
  const document = new docx.Document({
    title,
    creator: 'Sharebin',
    numbering: orderedNumbering(docx),
    sections: [{ children: documentBlocks(docx, markdownTokens(source), pictures) }],
  });
  return docx.Packer.toBlob(document);
}

/** A Word document of plain text (code keeps its lines and a monospace font). */
export async function textToDocx(text: string, title: string): Promise<Blob> {
  const docx = await import('docx');
  const document = new docx.Document({
    title,
    creator: 'Sharebin',
    sections: [{ children: [codeParagraph(docx, text, 0)] }],
  });
  return docx.Packer.toBlob(document);
}

const PNG_PADDING = 24;

/** A picture of a rendered element, on the given background, with a margin around it. */
export async function elementToPng(element: HTMLElement, backgroundColor: string): Promise<Blob> {
  const { toBlob } = await import('html-to-image');
  // Scrolling boxes (wide math, tables, code) are drawn whole rather than with scrollbars.
  element.dataset.exporting = 'true';
  try {
    const width = element.offsetWidth;
    const height = element.offsetHeight;
    // No `preferredFontFormat`: html-to-image 1.11 then drops the sources of every font after
    // the first (a regular expression keeps its position between fonts), and KaTeX falls back.
    const blob = await toBlob(element, {
      backgroundColor,
      pixelRatio: 2,
      width: width + PNG_PADDING * 2,
      height: height + PNG_PADDING * 2,
      style: {
        boxSizing: 'content-box',
        margin: '0',
        padding: `${PNG_PADDING}px`,
        width: `${width}px`,
        height: `${height}px`,
      },
    });
    if (!blob) throw new Error('The picture could not be drawn');
    return blob;
  } finally {
    delete element.dataset.exporting;
  }
}
