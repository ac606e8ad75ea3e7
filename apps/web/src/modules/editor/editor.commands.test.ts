import { EditorSelection, EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import {
  type ActionPlaceholders,
  applyMarkdownAction,
  type MarkdownAction,
} from './editor.commands';

const PLACEHOLDERS: ActionPlaceholders = {
  text: 'text',
  linkText: 'link text',
  imageAlt: 'image',
  code: 'code',
  heading: 'Heading',
  listItem: 'Item',
  task: 'Task',
  quote: 'Quote',
  column: 'Column',
  cell: 'Cell',
};

/** `[` and `]` in the source mark the selection (a lone `|` the cursor). */
function stateOf(source: string): EditorState {
  const cursor = source.indexOf('|');
  if (cursor !== -1) {
    return EditorState.create({
      doc: source.replace('|', ''),
      selection: EditorSelection.cursor(cursor),
    });
  }
  const from = source.indexOf('[');
  const to = source.indexOf(']') - 1;
  return EditorState.create({
    doc: source.replace('[', '').replace(']', ''),
    selection: EditorSelection.range(from, to),
  });
}

/** The document and its selection after the action, in the same notation. */
function run(source: string, action: MarkdownAction): string {
  const state = stateOf(source);
  const next = state.update(applyMarkdownAction(state, action, PLACEHOLDERS)).state;
  const { from, to } = next.selection.main;
  const doc = next.doc.toString();
  if (from === to) return `${doc.slice(0, from)}|${doc.slice(from)}`;
  return `${doc.slice(0, from)}[${doc.slice(from, to)}]${doc.slice(to)}`;
}

describe('Markdown toolbar actions', () => {
  it('wraps the selection and unwraps it again', () => {
    expect(run('say [hello] now', 'bold')).toBe('say **[hello]** now');
    expect(run('say **[hello]** now', 'bold')).toBe('say [hello] now');
    expect(run('say [**hello**] now', 'bold')).toBe('say [hello] now');
    expect(run('[gone]', 'strikethrough')).toBe('~~[gone]~~');
  });

  it('makes bold text italic rather than taking a star from it', () => {
    expect(run('**[word]**', 'italic')).toBe('***[word]***');
    expect(run('***[word]***', 'italic')).toBe('**[word]**');
  });

  it('inserts a selected placeholder when nothing is selected', () => {
    expect(run('a |', 'bold')).toBe('a **[text]**');
    expect(run('|', 'code')).toBe('`[code]`');
  });

  it('prefixes every selected line, and removes the prefix when all have it', () => {
    expect(run('[one\ntwo]', 'bulletList')).toBe('[- one\n- two]');
    expect(run('[- one\n- two]', 'bulletList')).toBe('[one\ntwo]');
    expect(run('[one\ntwo\nthree]', 'orderedList')).toBe('[1. one\n2. two\n3. three]');
    expect(run('[- one]', 'taskList')).toBe('[- [ ] one]');
    expect(run('[> said]', 'quote')).toBe('[said]');
  });

  it('replaces a heading level instead of stacking them', () => {
    expect(run('[## Title]', 'heading1')).toBe('[# Title]');
    expect(run('[# Title]', 'heading1')).toBe('[Title]');
    expect(run('|', 'heading2')).toBe('## [Heading]');
  });

  it('puts blocks on lines of their own', () => {
    expect(run('text|', 'horizontalRule')).toBe('text\n\n---|\n');
    expect(run('[let x = 1;]', 'codeBlock')).toBe('```\n[let x = 1;]\n```\n');
    expect(run('|', 'table')).toBe(
      '| [Column 1] | Column 2 | Column 3 |\n| --- | --- | --- |\n| Cell | Cell | Cell |\n| Cell | Cell | Cell |\n',
    );
    expect(run('|', 'mermaid')).toMatch(/^```mermaid\n\[flowchart LR\n/);
  });

  it('writes math inline for a short selection and as a block otherwise', () => {
    expect(run('so [x^2] here', 'math')).toBe('so $[x^2]$ here');
    expect(run('|', 'math')).toBe('$$\n[E = mc^2]\n$$\n');
  });

  it('builds links around the selection or around a selected address', () => {
    expect(run('[docs]', 'link')).toBe('[docs]([https://])');
    expect(run('[https://example.com]', 'link')).toBe('[[link text]](https://example.com)');
    expect(run('|', 'image')).toBe('![image]([https://])');
  });
});
