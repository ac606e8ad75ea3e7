import type { Token } from 'markdown-it';
import { markdownTokens } from './markdown.render';

/**
 * Word and PNG exports (SPEC §1). The Word document is built from the same markdown-it tokens
 * the page renders, so it has what the page shows: headings, paragraphs with bold, italic,
 * strikethrough, code and links, lists (task lists with their boxes), quotes, tables and code
 * blocks, with formulas and diagrams as pictures of the page. docx and html-to-image are loaded
 * only when someone exports.
 */

type Docx = typeof import('docx');
type Block = InstanceType<Docx['Paragraph']> | InstanceType<Docx['Table']>;
type InlineChild =
  | InstanceType<Docx['TextRun']>
  | InstanceType<Docx['ExternalHyperlink']>
  | InstanceType<Docx['ImageRun']>;

const MONOSPACE = 'Consolas';
const CODE_FILL = 'F3F4F6';
const BORDER_COLOR = 'C8CCD2';
/** Word measures indentation in twentieths of a point: 720 is half an inch. */
const INDENT_STEP = 720;
const ORDERED_REFERENCE = 'ordered-list';

/** A drawn formula or diagram from the page, as a PNG for Word. Null: it did not render. */
type Picture = { data: Uint8Array; width: number; height: number } | null;

/**
 * The page's drawn formulas and diagrams, in document order, taken one by one as the tokens
 * that made them come up. Word cannot draw KaTeX or Mermaid: they go in as pictures.
 */
interface Pictures {
  inlineMath: Picture[];
  blockMath: Picture[];
  diagrams: Picture[];
}

const NO_PICTURES: Pictures = { inlineMath: [], blockMath: [], diagrams: [] };
/** Word's text width on A4 with default margins, in pixels at 96 dpi. */
const MAX_PICTURE_WIDTH = 600;

function imageRun(docx: Docx, picture: NonNullable<Picture>) {
  const scale = Math.min(1, MAX_PICTURE_WIDTH / picture.width);
  return new docx.ImageRun({
    type: 'png',
    data: picture.data,
    transformation: {
      width: Math.round(picture.width * scale),
      height: Math.round(picture.height * scale),
    },
  });
}

interface RunStyle {
  bold: boolean;
  italics: boolean;
  strike: boolean;
}

const isSafeLink = (href: string | null): href is string =>
  !!href && /^(https?:|mailto:)/i.test(href.trim());

/** The text of an HTML fragment, without running or loading anything in it. */
const htmlText = (html: string) =>
  (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();

function inlineChildren(
  docx: Docx,
  tokens: readonly Token[],
  pictures: Pictures,
  base: Partial<RunStyle> = {},
) {
  const out: InlineChild[] = [];
  const style: RunStyle = { bold: false, italics: false, strike: false, ...base };
  let link: { href: string | null; runs: InstanceType<Docx['TextRun']>[] } | null = null;
  const push = (options: ConstructorParameters<Docx['TextRun']>[0] & object) => {
    const run = new docx.TextRun({
      ...style,
      ...options,
      ...(link && isSafeLink(link.href) ? { style: 'Hyperlink' } : {}),
    });
    if (link) link.runs.push(run);
    else out.push(run);
  };

  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        push({ text: token.content });
        break;
      case 'softbreak':
        push({ text: ' ' });
        break;
      case 'hardbreak':
        push({ text: '', break: 1 });
        break;
      case 'strong_open':
      case 'strong_close':
        style.bold = token.nesting === 1 || !!base.bold;
        break;
      case 'em_open':
      case 'em_close':
        style.italics = token.nesting === 1;
        break;
      case 's_open':
      case 's_close':
        style.strike = token.nesting === 1;
        break;
      case 'code_inline':
        push({
          text: token.content,
          font: MONOSPACE,
          shading: { type: docx.ShadingType.CLEAR, fill: CODE_FILL, color: 'auto' },
        });
        break;
      case 'math_inline': {
        const picture = pictures.inlineMath.shift();
        if (picture && !link) out.push(imageRun(docx, picture));
        else push({ text: token.content, font: MONOSPACE, italics: true });
        break;
      }
      case 'image':
        push({ text: `[${token.content || token.attrGet('alt') || 'image'}]`, italics: true });
        break;
      case 'html_inline':
        if (token.content.includes('sb-task')) {
          push({ text: token.content.includes('checked') ? '☑ ' : '☐ ' });
        } else if (/^<br\s*\/?>$/i.test(token.content)) {
          push({ text: '', break: 1 });
        }
        break;
      case 'link_open':
        link = { href: String(token.attrGet('href') ?? ''), runs: [] };
        break;
      case 'link_close':
        if (link && isSafeLink(link.href)) {
          out.push(new docx.ExternalHyperlink({ link: link.href, children: link.runs }));
        } else if (link) {
          out.push(...link.runs);
        }
        link = null;
        break;
    }
  }
  return out;
}

function codeParagraph(docx: Docx, code: string, indentLevel: number) {
  const lines = code.replace(/\n$/, '').split('\n');
  return new docx.Paragraph({
    children: lines.map(
      (line, index) =>
        new docx.TextRun({ text: line, font: MONOSPACE, size: 19, break: index > 0 ? 1 : 0 }),
    ),
    shading: { type: docx.ShadingType.CLEAR, fill: CODE_FILL, color: 'auto' },
    spacing: { before: 120, after: 120 },
    indent: indentLevel > 0 ? { left: indentLevel * INDENT_STEP } : undefined,
  });
}

/** A GFM table from `table_open` at `start`; answers the table and the index of `table_close`. */
function table(docx: Docx, tokens: readonly Token[], start: number, pictures: Pictures) {
  const rows: { header: boolean; cells: Token[][] }[] = [];
  let index = start;
  for (; index < tokens.length && tokens[index]?.type !== 'table_close'; index++) {
    const token = tokens[index];
    if (token?.type === 'tr_open') rows.push({ header: false, cells: [] });
    if (token?.type === 'th_open' || token?.type === 'td_open') {
      const row = rows.at(-1);
      if (row) {
        row.header = token.type === 'th_open';
        row.cells.push(tokens[index + 1]?.children ?? []);
      }
    }
  }
  const built = new docx.Table({
    width: { size: 100, type: docx.WidthType.PERCENTAGE },
    rows: rows.map(
      (row) =>
        new docx.TableRow({
          tableHeader: row.header,
          children: row.cells.map(
            (cell) =>
              new docx.TableCell({
                children: [
                  new docx.Paragraph({
                    children: inlineChildren(docx, cell, pictures, { bold: row.header }),
                  }),
                ],
                shading: row.header
                  ? { type: docx.ShadingType.CLEAR, fill: CODE_FILL, color: 'auto' }
                  : undefined,
                margins: { top: 60, bottom: 60, left: 100, right: 100 },
              }),
          ),
        }),
    ),
  });
  return { built, end: index };
}

function documentBlocks(docx: Docx, tokens: readonly Token[], pictures: Pictures): Block[] {
  const blocks: Block[] = [];
  const lists: { ordered: boolean; instance: number }[] = [];
  let orderedLists = 0;
  let quoteDepth = 0;
  /** The next paragraph is the first of a list item: it carries the bullet or number. */
  let itemStarts = false;

  const indentLevel = () => lists.length + quoteDepth;
  const paragraph = (children: InlineChild[]) => {
    const list = lists.at(-1);
    const level = lists.length - 1;
    const quote =
      quoteDepth > 0
        ? {
            border: {
              left: { style: docx.BorderStyle.SINGLE, size: 12, color: BORDER_COLOR, space: 8 },
            },
          }
        : {};
    if (list && itemStarts) {
      itemStarts = false;
      return new docx.Paragraph({
        children,
        ...quote,
        ...(list.ordered
          ? { numbering: { reference: ORDERED_REFERENCE, level, instance: list.instance } }
          : { bullet: { level } }),
      });
    }
    const level0 = indentLevel();
    return new docx.Paragraph({
      children,
      ...quote,
      indent: level0 > 0 ? { left: level0 * INDENT_STEP } : undefined,
      spacing: { after: 120 },
    });
  };

  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (!token) continue;
    switch (token.type) {
      case 'heading_open': {
        const level = Number(token.tag.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6;
        blocks.push(
          new docx.Paragraph({
            heading: docx.HeadingLevel[`HEADING_${level}`],
            children: inlineChildren(docx, tokens[index + 1]?.children ?? [], pictures),
          }),
        );
        index += 2;
        break;
      }
      case 'paragraph_open':
        blocks.push(paragraph(inlineChildren(docx, tokens[index + 1]?.children ?? [], pictures)));
        index += 2;
        break;
      case 'bullet_list_open':
        lists.push({ ordered: false, instance: 0 });
        break;
      case 'ordered_list_open':
        orderedLists += 1;
        lists.push({ ordered: true, instance: orderedLists });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        break;
      case 'list_item_open':
        itemStarts = true;
        break;
      case 'blockquote_open':
        quoteDepth += 1;
        break;
      case 'blockquote_close':
        quoteDepth -= 1;
        break;
      case 'fence':
      case 'code_block':
      case 'math_block': {
        const isDiagram = token.type === 'fence' && token.info.trim().split(/\s+/)[0] === 'mermaid';
        const picture =
          token.type === 'math_block'
            ? pictures.blockMath.shift()
            : isDiagram
              ? pictures.diagrams.shift()
              : null;
        blocks.push(
          picture
            ? new docx.Paragraph({
                children: [imageRun(docx, picture)],
                alignment: docx.AlignmentType.CENTER,
                spacing: { after: 120 },
              })
            : codeParagraph(docx, token.content, indentLevel()),
        );
        break;
      }
      case 'hr':
        blocks.push(
          new docx.Paragraph({
            children: [],
            border: {
              bottom: { style: docx.BorderStyle.SINGLE, size: 6, color: BORDER_COLOR, space: 1 },
            },
          }),
        );
        break;
      case 'table_open': {
        const { built, end } = table(docx, tokens, index, pictures);
        blocks.push(built, new docx.Paragraph({ children: [] }));
        index = end;
        break;
      }
      case 'html_block': {
        const text = htmlText(token.content);
        if (text) blocks.push(paragraph([new docx.TextRun(text)]));
        break;
      }
    }
  }
  return blocks;
}

function orderedNumbering(docx: Docx) {
  return {
    config: [
      {
        reference: ORDERED_REFERENCE,
        levels: Array.from({ length: 9 }, (_, level) => ({
          level,
          format: [
            docx.LevelFormat.DECIMAL,
            docx.LevelFormat.LOWER_LETTER,
            docx.LevelFormat.LOWER_ROMAN,
          ][level % 3],
          text: `%${level + 1}.`,
          alignment: docx.AlignmentType.START,
          style: {
            paragraph: { indent: { left: (level + 1) * INDENT_STEP, hanging: 360 } },
          },
        })),
      },
    ],
  };
}

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
