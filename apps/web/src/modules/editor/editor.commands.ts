import {
  EditorSelection,
  type EditorState,
  type SelectionRange,
  type TransactionSpec,
} from '@codemirror/state';

/**
 * The Markdown toolbar's actions, as pure functions from an editor state to the change they
 * make: each acts on every selection range, wraps or prefixes what is selected, and with
 * nothing selected inserts a placeholder and selects it so that typing replaces it.
 */

export type MarkdownAction =
  | 'bold'
  | 'italic'
  | 'strikethrough'
  | 'heading1'
  | 'heading2'
  | 'heading3'
  | 'quote'
  | 'code'
  | 'codeBlock'
  | 'link'
  | 'image'
  | 'bulletList'
  | 'orderedList'
  | 'taskList'
  | 'table'
  | 'math'
  | 'mermaid'
  | 'horizontalRule';

/** Text put in place when nothing is selected, in the user's language. */
export interface ActionPlaceholders {
  text: string;
  linkText: string;
  imageAlt: string;
  code: string;
  heading: string;
  listItem: string;
  task: string;
  quote: string;
  column: string;
  cell: string;
}

const URL_PLACEHOLDER = 'https://';
const FORMULA_PLACEHOLDER = 'E = mc^2';
const DIAGRAM_PLACEHOLDER =
  'flowchart LR\n  A[Start] --> B{Ready?}\n  B -- Yes --> C[Share]\n  B -- No --> A';

/**
 * Whether a run of marker characters `run` long holds the marker: `**` is bold, not italic,
 * but `***` is both.
 */
const runHolds = (run: number, marker: string) =>
  marker.length > 1 ? run >= marker.length : run === 1 || run >= 3;

const runLength = (text: string, char: string, fromEnd: boolean) => {
  let count = 0;
  while (count < text.length && text.charAt(fromEnd ? text.length - 1 - count : count) === char)
    count += 1;
  return count;
};

/** Toggles a marker around each range: `**bold**`, `*italic*`, `` `code` ``. */
function toggleWrap(state: EditorState, marker: string, placeholder: string): TransactionSpec {
  const size = marker.length;
  const char = marker.charAt(0);
  return state.changeByRange((range) => {
    const selected = state.sliceDoc(range.from, range.to);
    const before = runLength(state.sliceDoc(Math.max(0, range.from - 3), range.from), char, true);
    const after = runLength(state.sliceDoc(range.to, range.to + 3), char, false);
    if (!range.empty && runHolds(before, marker) && runHolds(after, marker)) {
      return {
        changes: [
          { from: range.from - size, to: range.from },
          { from: range.to, to: range.to + size },
        ],
        range: EditorSelection.range(range.from - size, range.to - size),
      };
    }
    if (
      selected.length >= size * 2 &&
      runHolds(runLength(selected, char, false), marker) &&
      runHolds(runLength(selected, char, true), marker)
    ) {
      const inner = selected.slice(size, -size);
      return {
        changes: { from: range.from, to: range.to, insert: inner },
        range: EditorSelection.range(range.from, range.from + inner.length),
      };
    }
    const text = range.empty ? placeholder : selected;
    return {
      changes: { from: range.from, to: range.to, insert: `${marker}${text}${marker}` },
      range: EditorSelection.range(range.from + size, range.from + size + text.length),
    };
  });
}

/** The line numbers a range covers; a selection ending at a line's start leaves that line out. */
function coveredLines(state: EditorState, range: SelectionRange): number[] {
  const first = state.doc.lineAt(range.from).number;
  let last = state.doc.lineAt(range.to).number;
  if (last > first && state.doc.line(last).from === range.to) last -= 1;
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

const BULLET = /^\s*[-*+]\s+(?!\[[ xX]\]\s)/;
const ORDERED = /^\s*\d+[.)]\s+/;
const TASK = /^\s*[-*+]\s+\[[ xX]\]\s+/;
const QUOTE = /^>\s?/;
/** Any list or heading marker a new prefix replaces. */
const ANY_PREFIX = /^(#{1,6}\s+|\s*[-*+]\s+\[[ xX]\]\s+|\s*[-*+]\s+|\s*\d+[.)]\s+)/;

/**
 * Gives every covered line a prefix (`## `, `> `, `- `, `1. `, `- [ ] `), or takes it away
 * when all of them have it already. An empty line gets a placeholder to type over.
 */
function toggleLinePrefix(
  state: EditorState,
  prefixFor: (index: number) => string,
  has: RegExp,
  placeholder: string,
): TransactionSpec {
  return state.changeByRange((range) => {
    const lines = coveredLines(state, range).map((number) => state.doc.line(number));
    const remove = lines.every((line) => has.test(line.text));
    const changes = lines.map((line, index) => {
      if (remove) {
        const match = has.exec(line.text)?.[0] ?? '';
        return { from: line.from, to: line.from + match.length };
      }
      const replaced = has === QUOTE ? '' : (ANY_PREFIX.exec(line.text)?.[0] ?? '');
      const prefix = prefixFor(index);
      const insert = line.text.trim() === '' && lines.length === 1 ? prefix + placeholder : prefix;
      return { from: line.from, to: line.from + replaced.length, insert };
    });
    const changeSet = state.changes(changes);
    const only = lines.length === 1 ? lines[0] : undefined;
    if (!remove && only && only.text.trim() === '') {
      const start = only.from + prefixFor(0).length;
      return {
        changes: changeSet,
        range: EditorSelection.range(start, start + placeholder.length),
      };
    }
    if (range.empty) {
      const cursor = changeSet.mapPos(range.head, 1);
      return { changes: changeSet, range: EditorSelection.cursor(cursor) };
    }
    // A selection from a line's start takes in the prefix, so the lines stay selected whole.
    const fromLineStart = range.from === lines[0]?.from;
    return {
      changes: changeSet,
      range: EditorSelection.range(
        changeSet.mapPos(range.from, fromLineStart ? -1 : 1),
        changeSet.mapPos(range.to, 1),
      ),
    };
  });
}

/**
 * Puts a block (a fence, a table, a rule) on lines of its own, with a blank line around it;
 * `select` is the part of the block to select afterwards (offsets within the block).
 */
function insertBlock(
  state: EditorState,
  build: (selected: string) => { block: string; select: [number, number] },
): TransactionSpec {
  return state.changeByRange((range) => {
    const { block, select } = build(state.sliceDoc(range.from, range.to));
    const lineBefore = state.doc.lineAt(range.from);
    const lineAfter = state.doc.lineAt(range.to);
    const textBefore = state.sliceDoc(lineBefore.from, range.from);
    const textAfter = state.sliceDoc(range.to, lineAfter.to);
    let lead = '';
    if (textBefore.trim() !== '') lead = '\n\n';
    else if (lineBefore.number > 1 && state.doc.line(lineBefore.number - 1).text.trim() !== '')
      lead = '\n';
    const trail = textAfter.trim() !== '' ? '\n\n' : lineAfter.number < state.doc.lines ? '' : '\n';
    const insert = `${lead}${block}${trail}`;
    const start = range.from + lead.length;
    return {
      changes: { from: range.from, to: range.to, insert },
      range: EditorSelection.range(start + select[0], start + select[1]),
    };
  });
}

function fenced(info: string, body: string) {
  const block = `\`\`\`${info}\n${body}\n\`\`\``;
  const start = info.length + 4;
  return { block, select: [start, start + body.length] as [number, number] };
}

function link(state: EditorState, image: boolean, placeholder: string): TransactionSpec {
  const bang = image ? '!' : '';
  return state.changeByRange((range) => {
    const selected = state.sliceDoc(range.from, range.to);
    const isUrl = /^https?:\/\/\S+$/.test(selected);
    const label = isUrl || range.empty ? placeholder : selected;
    const url = isUrl ? selected : URL_PLACEHOLDER;
    const insert = `${bang}[${label}](${url})`;
    // Select what is left to fill in: the address, or the label when the address was selected.
    const labelStart = range.from + bang.length + 1;
    const urlStart = labelStart + label.length + 2;
    return {
      changes: { from: range.from, to: range.to, insert },
      range: isUrl
        ? EditorSelection.range(labelStart, labelStart + label.length)
        : EditorSelection.range(urlStart, urlStart + url.length),
    };
  });
}

function table(placeholders: ActionPlaceholders) {
  const header = `| ${placeholders.column} 1 | ${placeholders.column} 2 | ${placeholders.column} 3 |`;
  const rule = '| --- | --- | --- |';
  const row = `| ${placeholders.cell} | ${placeholders.cell} | ${placeholders.cell} |`;
  const block = [header, rule, row, row].join('\n');
  return { block, select: [2, 2 + placeholders.column.length + 2] as [number, number] };
}

/** Inline `$…$` around a selection within one line; a `$$` block otherwise. */
function math(state: EditorState): TransactionSpec {
  const main = state.selection.main;
  const oneLine = !main.empty && !state.sliceDoc(main.from, main.to).includes('\n');
  if (oneLine) return toggleWrap(state, '$', FORMULA_PLACEHOLDER);
  return insertBlock(state, (selected) => {
    const body = selected.trim() === '' ? FORMULA_PLACEHOLDER : selected;
    return { block: `$$\n${body}\n$$`, select: [3, 3 + body.length] };
  });
}

export function applyMarkdownAction(
  state: EditorState,
  action: MarkdownAction,
  placeholders: ActionPlaceholders,
): TransactionSpec {
  switch (action) {
    case 'bold':
      return toggleWrap(state, '**', placeholders.text);
    case 'italic':
      return toggleWrap(state, '*', placeholders.text);
    case 'strikethrough':
      return toggleWrap(state, '~~', placeholders.text);
    case 'code':
      return toggleWrap(state, '`', placeholders.code);
    case 'heading1':
    case 'heading2':
    case 'heading3': {
      const prefix = `${'#'.repeat(Number(action.slice(-1)))} `;
      const exact = new RegExp(`^${prefix}(?!#)`);
      return toggleLinePrefix(state, () => prefix, exact, placeholders.heading);
    }
    case 'quote':
      return toggleLinePrefix(state, () => '> ', QUOTE, placeholders.quote);
    case 'bulletList':
      return toggleLinePrefix(state, () => '- ', BULLET, placeholders.listItem);
    case 'orderedList':
      return toggleLinePrefix(state, (index) => `${index + 1}. `, ORDERED, placeholders.listItem);
    case 'taskList':
      return toggleLinePrefix(state, () => '- [ ] ', TASK, placeholders.task);
    case 'codeBlock':
      return insertBlock(state, (selected) =>
        fenced('', selected.trim() === '' ? placeholders.code : selected),
      );
    case 'mermaid':
      return insertBlock(state, () => fenced('mermaid', DIAGRAM_PLACEHOLDER));
    case 'table':
      return insertBlock(state, () => table(placeholders));
    case 'horizontalRule':
      return insertBlock(state, () => ({ block: '---', select: [3, 3] }));
    case 'link':
      return link(state, false, placeholders.linkText);
    case 'image':
      return link(state, true, placeholders.imageAlt);
    case 'math':
      return math(state);
  }
}
