import type { MarkdownIt, StateBlock, StateCore, StateInline } from 'markdown-it';

const DOLLAR = 0x24;

/** The text of one source line, without its indentation. */
const lineText = (state: StateBlock, line: number) =>
  state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line] ?? 0);

/**
 * `$…$` and `$$…$$` become placeholders holding the TeX source as text; KaTeX is loaded and
 * renders them only when a page shows math (markdown.enhance.ts).
 */
export function mathPlugin(md: MarkdownIt): void {
  md.inline.ruler.after('escape', 'math_inline', (state: StateInline, silent: boolean) => {
    const start = state.pos;
    if (state.src.charCodeAt(start) !== DOLLAR || state.src.charCodeAt(start + 1) === DOLLAR)
      return false;
    const next = state.src.charCodeAt(start + 1);
    if (Number.isNaN(next) || next === 0x20 || next === 0x09) return false;
    // The closing `$` is the first one not escaped with a backslash.
    let end = state.src.indexOf('$', start + 1);
    while (end !== -1 && state.src.charCodeAt(end - 1) === 0x5c) {
      end = state.src.indexOf('$', end + 1);
    }
    if (end === -1 || end === start + 1) return false;
    const before = state.src.charCodeAt(end - 1);
    const after = state.src.charCodeAt(end + 1);
    // `$5 and $6` is money, not math.
    if (before === 0x20 || before === 0x09 || (after >= 0x30 && after <= 0x39)) return false;
    if (!silent) {
      const token = state.push('math_inline', 'span', 0);
      token.content = state.src.slice(start + 1, end);
    }
    state.pos = end + 1;
    return true;
  });

  md.block.ruler.after(
    'blockquote',
    'math_block',
    (state: StateBlock, startLine: number, endLine: number, silent: boolean) => {
      const opening = lineText(state, startLine);
      if (!opening.startsWith('$$')) return false;
      if (silent) return true;
      const firstLine = opening.slice(2);
      let content: string;
      let line = startLine;
      if (firstLine.trim().endsWith('$$')) {
        content = firstLine.trim().slice(0, -2);
      } else {
        const lines = [firstLine];
        let closed = false;
        while (++line < endLine) {
          const text = lineText(state, line);
          if (text.trim().endsWith('$$')) {
            lines.push(text.trim().slice(0, -2));
            closed = true;
            break;
          }
          lines.push(text);
        }
        if (!closed) return false;
        content = lines.join('\n');
      }
      state.line = line + 1;
      const token = state.push('math_block', 'div', 0);
      token.block = true;
      token.content = content.trim();
      token.map = [startLine, state.line];
      return true;
    },
  );

  const escapeHtml = md.utils.escapeHtml;
  md.renderer.rules.math_inline = (tokens, index) =>
    `<span class="sb-math" data-display="false">${escapeHtml(tokens[index]?.content ?? '')}</span>`;
  md.renderer.rules.math_block = (tokens, index) =>
    `<div class="sb-math" data-display="true">${escapeHtml(tokens[index]?.content ?? '')}</div>\n`;
}

/** ```mermaid fences become placeholders; Mermaid is loaded only when a page shows one. */
export function mermaidPlugin(md: MarkdownIt): void {
  const fence = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, index, options, env, self) => {
    const token = tokens[index];
    if (token && token.info.trim().split(/\s+/)[0] === 'mermaid') {
      return `<pre class="sb-mermaid">${md.utils.escapeHtml(token.content)}</pre>\n`;
    }
    return fence
      ? fence(tokens, index, options, env, self)
      : self.renderToken(tokens, index, options);
  };
}

/** GFM task lists: `- [ ] todo` and `- [x] done` become disabled checkboxes. */
export function taskListPlugin(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'task_lists', (state: StateCore) => {
    const tokens = state.tokens;
    for (let i = 2; i < tokens.length; i++) {
      const [item, paragraph, inline] = [tokens[i - 2], tokens[i - 1], tokens[i]];
      if (item?.type !== 'list_item_open' || paragraph?.type !== 'paragraph_open') continue;
      const first = inline?.type === 'inline' ? inline.children?.[0] : undefined;
      const match = first?.type === 'text' ? /^\[([ xX])\]\s/.exec(first.content) : null;
      if (!inline?.children || !first || !match) continue;
      first.content = first.content.slice(match[0].length);
      const checkbox = new state.Token('html_inline', '', 0);
      checkbox.content = `<input type="checkbox" class="sb-task" disabled${match[1] === ' ' ? '' : ' checked'}> `;
      inline.children.unshift(checkbox);
      item.attrJoin('class', 'sb-task-item');
    }
  });
}
