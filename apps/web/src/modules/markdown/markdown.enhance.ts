import { sanitizeSvg } from './markdown.render';

let mermaidId = 0;

/** Highlights `<pre><code class="language-x">` blocks; highlight.js is loaded on first use. */
async function highlightCode(root: HTMLElement): Promise<void> {
  const blocks = [...root.querySelectorAll<HTMLElement>('pre > code')].filter(
    (el) => !el.dataset.highlighted,
  );
  if (blocks.length === 0) return;
  const { default: hljs } = await import('highlight.js/lib/common');
  for (const block of blocks) {
    const language = /language-([\w+#-]+)/.exec(block.className)?.[1];
    if (language && !hljs.getLanguage(language)) continue;
    // highlight.js escapes the text it wraps, so the result holds no markup of the author's.
    hljs.highlightElement(block);
  }
}

async function renderMath(root: HTMLElement): Promise<void> {
  const nodes = [...root.querySelectorAll<HTMLElement>('.sb-math:not([data-rendered])')];
  if (nodes.length === 0) return;
  const [{ default: katex }] = await Promise.all([
    import('katex'),
    import('katex/dist/katex.min.css'),
  ]);
  for (const node of nodes) {
    const tex = node.textContent ?? '';
    // trust: false keeps \href{javascript:…}, \htmlData and friends out.
    katex.render(tex, node, {
      displayMode: node.dataset.display === 'true',
      throwOnError: false,
      trust: false,
      strict: 'ignore',
    });
    node.dataset.rendered = 'true';
  }
}

/**
 * Sanitised SVG of diagrams already drawn, by theme and source: the editor's live preview
 * renders on every pause in typing, and redrawing unchanged diagrams would make them flicker.
 */
const diagramCache = new Map<string, string>();
const DIAGRAM_CACHE_SIZE = 50;

async function renderDiagrams(root: HTMLElement, dark: boolean): Promise<void> {
  const nodes = [...root.querySelectorAll<HTMLElement>('pre.sb-mermaid:not([data-rendered])')];
  if (nodes.length === 0) return;
  const { default: mermaid } = await import('mermaid');
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: dark ? 'dark' : 'default',
    // Labels as SVG text: HTML labels would need <foreignObject>, which sanitizeSvg removes.
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    // Otherwise a diagram with a syntax error leaves Mermaid's error picture in <body>.
    suppressErrorRendering: true,
  });
  for (const node of nodes) {
    const source = node.textContent ?? '';
    const cacheKey = `${dark ? 'dark' : 'light'}\n${source}`;
    node.dataset.rendered = 'true';
    try {
      let svg = diagramCache.get(cacheKey);
      if (svg === undefined) {
        const rendered = await mermaid.render(`sb-mermaid-${++mermaidId}`, source);
        svg = sanitizeSvg(rendered.svg);
        if (diagramCache.size >= DIAGRAM_CACHE_SIZE) {
          diagramCache.delete(diagramCache.keys().next().value ?? '');
        }
        diagramCache.set(cacheKey, svg);
      }
      const figure = document.createElement('div');
      figure.className = 'sb-diagram';
      figure.innerHTML = svg;
      node.replaceWith(figure);
    } catch (error) {
      node.classList.add('sb-mermaid-error');
      node.title = error instanceof Error ? error.message : String(error);
    }
  }
}

/** Runs the heavy renderers over sanitised Markdown output, each loaded only when needed. */
export async function enhanceMarkdown(
  root: HTMLElement,
  options: { dark: boolean },
): Promise<void> {
  await Promise.all([highlightCode(root), renderMath(root), renderDiagrams(root, options.dark)]);
}

/** Highlighted HTML of plain text in a language (or detected), for plain-text pastes. */
export async function highlightText(text: string, language: string | null): Promise<string> {
  const { default: hljs } = await import('highlight.js/lib/common');
  if (language && hljs.getLanguage(language)) return hljs.highlight(text, { language }).value;
  return hljs.highlightAuto(text).value;
}
