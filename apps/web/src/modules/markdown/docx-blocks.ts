import type { Token } from 'markdown-it';
import {
  CODE_FILL,
  type Docx,
  htmlText,
  type InlineChild,
  imageRun,
  inlineChildren,
  MONOSPACE,
  type Pictures,
} from './docx-inline';

// Word's blocks from markdown-it's block tokens: headings, paragraphs, lists, quotes, tables, code.

type Block = InstanceType<Docx['Paragraph']> | InstanceType<Docx['Table']>;
const BORDER_COLOR = 'C8CCD2';
/** Word measures indentation in twentieths of a point: 720 is half an inch. */
const INDENT_STEP = 720;
const ORDERED_REFERENCE = 'ordered-list';

export function codeParagraph(docx: Docx, code: string, indentLevel: number) {
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

export function documentBlocks(docx: Docx, tokens: readonly Token[], pictures: Pictures): Block[] {
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

export function orderedNumbering(docx: Docx) {
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
