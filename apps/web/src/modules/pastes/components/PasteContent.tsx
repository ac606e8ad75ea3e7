import type { PasteFormat } from '@sharebin/shared';
import { useEffect, useRef, useState } from 'react';
// MarkdownView brings markdown.css, whose `.sb-markdown` and highlight.js styles the plain text
// below uses too.
import { highlightText, MarkdownView, type ReferenceResolver } from '../../markdown';

/** Past this size plain text is shown without highlighting, which would stall the page. */
const HIGHLIGHT_MAX_CHARS = 200_000;

interface PasteContentProps {
  content: string;
  format: PasteFormat;
  /** highlight.js name of a plain-text paste's language; null detects it. */
  language: string | null;
  /** Called with the rendered element once it is complete (exports draw it). */
  onRendered?: (element: HTMLElement) => void;
  /** Resolves a Markdown file's relative images and links (see MarkdownView). */
  resolveReference?: ReferenceResolver;
}

function HighlightedText({
  text,
  language,
  onRendered,
}: {
  text: string;
  language: string | null;
  onRendered?: (element: HTMLElement) => void;
}) {
  const [highlighted, setHighlighted] = useState<{ source: string; html: string } | null>(null);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (text.length > HIGHLIGHT_MAX_CHARS) return;
    let cancelled = false;
    void highlightText(text, language)
      .then((html) => {
        if (!cancelled) setHighlighted({ source: text, html });
      })
      // Without highlight.js the text is still shown as it is.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [text, language]);

  const html = highlighted?.source === text ? highlighted.html : null;
  const done = html !== null || text.length > HIGHLIGHT_MAX_CHARS;
  useEffect(() => {
    if (done && container.current) onRendered?.(container.current);
  }, [done, onRendered]);

  return (
    <div ref={container} className="sb-markdown" data-testid="text-view">
      <pre className="sb-code">
        {html === null ? (
          <code>{text}</code>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js escapes the text it wraps in spans
          <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </pre>
    </div>
  );
}

/** A paste's content as its readers see it: rendered Markdown or highlighted plain text. */
export function PasteContent({
  content,
  format,
  language,
  onRendered,
  resolveReference,
}: PasteContentProps) {
  if (format === 'markdown') {
    return (
      <MarkdownView source={content} onRendered={onRendered} resolveReference={resolveReference} />
    );
  }
  return <HighlightedText text={content} language={language} onRendered={onRendered} />;
}
