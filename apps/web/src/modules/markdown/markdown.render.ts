import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import { mathPlugin, mermaidPlugin, taskListPlugin } from './markdown.plugins';

/**
 * The one Markdown pipeline of the app, used by the editor preview and the paste view:
 * markdown-it (GFM tables and strikethrough are built in) with math, Mermaid and task-list
 * placeholders, then DOMPurify. Heavy renderers (highlight.js, KaTeX, Mermaid) run later,
 * on demand, over the sanitised DOM (markdown.enhance.ts).
 */
const markdown = new MarkdownIt({ html: true, linkify: true, breaks: false })
  .use(mathPlugin)
  .use(mermaidPlugin)
  .use(taskListPlugin);

const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  if (node.tagName === 'INPUT' && node.getAttribute('type') !== 'checkbox') node.remove();
  if (node.tagName === 'INPUT') node.setAttribute('disabled', '');
});

const SANITIZE_OPTIONS = {
  FORBID_TAGS: [
    'style',
    'form',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'object',
    'embed',
    'base',
    'meta',
    'link',
  ],
  FORBID_ATTR: ['style', 'srcdoc', 'formaction', 'action'],
  ADD_ATTR: ['target'],
};

export function renderMarkdown(source: string): string {
  return purifier.sanitize(markdown.render(source), SANITIZE_OPTIONS) as string;
}

/** Sanitises an SVG produced by Mermaid before it enters the page. */
export function sanitizeSvg(svg: string): string {
  return purifier.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['script', 'foreignObject', 'a', 'use', 'animate', 'set'],
  }) as string;
}

/** The block and inline tokens of a Markdown document, as rendered here (for the Word export). */
export const markdownTokens = (source: string) => markdown.parse(source, {});
