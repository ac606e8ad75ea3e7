import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';
import { mathPlugin, mermaidPlugin, taskListPlugin } from './markdown.plugins';
import { isRelativeReference } from './markdown.references';

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
/** Set while rendering for a page that resolves relative references itself (see `holdRelative`). */
let holdingRelative = false;
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (holdingRelative) holdRelativeReference(node);
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

/**
 * A relative image keeps its reference in `data-sb-src` and has no `src` (nothing loads until
 * the page resolved it); a relative link keeps its in `data-sb-href`, its `href` as written.
 */
function holdRelativeReference(node: Element) {
  const attribute = node.tagName === 'IMG' ? 'src' : node.tagName === 'A' ? 'href' : null;
  const reference = attribute && node.getAttribute(attribute);
  if (!attribute || !reference || !isRelativeReference(reference)) return;
  node.setAttribute(`data-sb-${attribute}`, reference);
  if (attribute === 'src') node.removeAttribute('src');
}

/** `holdRelative`: for a page that resolves relative images and links (MarkdownView). */
export function renderMarkdown(source: string, { holdRelative = false } = {}): string {
  holdingRelative = holdRelative;
  try {
    return purifier.sanitize(markdown.render(source), SANITIZE_OPTIONS) as string;
  } finally {
    holdingRelative = false;
  }
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
