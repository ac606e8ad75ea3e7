import { Typography, useComputedColorScheme } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { enhanceMarkdown } from '../markdown.enhance';
import type { ReferenceResolver } from '../markdown.references';
import { renderMarkdown } from '../markdown.render';
import { resolveReferences } from '../markdown.resolve';
import '../markdown.css';

interface MarkdownViewProps {
  source: string;
  /** Called with the rendered element once code, math and diagrams are in place (exports use it). */
  onRendered?: (element: HTMLElement) => void;
  /** Resolves relative images and links (a file in a folder); without it they stay as written. */
  resolveReference?: ReferenceResolver;
}

/** Sanitised Markdown, with code, math and diagrams rendered on demand. */
export function MarkdownView({ source, onRendered, resolveReference }: MarkdownViewProps) {
  const holdRelative = resolveReference !== undefined;
  const html = useMemo(() => renderMarkdown(source, { holdRelative }), [source, holdRelative]);
  const container = useRef<HTMLDivElement>(null);
  const dark = useComputedColorScheme('light') === 'dark';

  useEffect(() => {
    const element = container.current;
    // Runs again whenever `html` replaced the container's content.
    if (!element || html === '') return;
    let cancelled = false;
    void enhanceMarkdown(element, { dark })
      // A renderer that failed to load leaves its source as text; the rest is still shown.
      .catch(() => undefined)
      .then(() => {
        if (!cancelled) onRendered?.(element);
      });
    return () => {
      cancelled = true;
    };
  }, [html, dark, onRendered]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme switch (`dark`) remounts the container, whose references resolve again
  useEffect(() => {
    const element = container.current;
    if (!element || !resolveReference || html === '') return;
    return resolveReferences(element, resolveReference);
  }, [html, dark, resolveReference]);

  return (
    <Typography>
      <div
        // A theme switch starts from the sanitised HTML again, so diagrams are redrawn in it.
        key={dark ? 'dark' : 'light'}
        ref={container}
        className="sb-markdown"
        data-testid="markdown-view"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown sanitises with DOMPurify
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Typography>
  );
}
