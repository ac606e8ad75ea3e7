import type { Token } from 'markdown-it';

// Runs of a Word paragraph from markdown-it's inline tokens: text, its styles, links and pictures.

export type Docx = typeof import('docx');
export type InlineChild =
  | InstanceType<Docx['TextRun']>
  | InstanceType<Docx['ExternalHyperlink']>
  | InstanceType<Docx['ImageRun']>;

export const MONOSPACE = 'Consolas';
export const CODE_FILL = 'F3F4F6';
/** A drawn formula or diagram from the page, as a PNG for Word. Null: it did not render. */
export type Picture = { data: Uint8Array; width: number; height: number } | null;

/**
 * The page's drawn formulas and diagrams, in document order, taken one by one as the tokens
 * that made them come up. Word cannot draw KaTeX or Mermaid: they go in as pictures.
 */
export interface Pictures {
  inlineMath: Picture[];
  blockMath: Picture[];
  diagrams: Picture[];
}

export const NO_PICTURES: Pictures = { inlineMath: [], blockMath: [], diagrams: [] };
/** Word's text width on A4 with default margins, in pixels at 96 dpi. */
const MAX_PICTURE_WIDTH = 600;

export function imageRun(docx: Docx, picture: NonNullable<Picture>) {
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
export const htmlText = (html: string) =>
  (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();

export function inlineChildren(
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
