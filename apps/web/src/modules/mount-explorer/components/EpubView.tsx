import { ActionIcon, Group, Loader, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './documents.module.css';

type Rendition = import('epubjs').Rendition;

/**
 * An EPUB book, a page at a time, in epub.js's frame. The frame is sandboxed without
 * `allow-scripts` (`allowScriptedContent: false`): a book's scripts never run.
 */
export function EpubView({ bytes, failed }: { bytes: ArrayBuffer; failed: ReactNode }) {
  const { t } = useTranslation();
  const dark = useComputedColorScheme('light') === 'dark';
  const area = useRef<HTMLDivElement>(null);
  const [rendition, setRendition] = useState<Rendition | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  useEffect(() => {
    const element = area.current;
    if (!element) return;
    let closed = false;
    let destroy = () => {};
    void (async () => {
      try {
        const { default: ePub } = await import('epubjs');
        const book = ePub(bytes);
        destroy = () => book.destroy();
        await book.opened;
        if (closed) return;
        const opened = book.renderTo(element, {
          width: '100%',
          height: '100%',
          flow: 'paginated',
          spread: 'none',
          allowScriptedContent: false,
        });
        opened.on('relocated', (location: { atStart: boolean; atEnd: boolean }) =>
          setEdges({ atStart: location.atStart, atEnd: location.atEnd }),
        );
        // Arrow keys pressed while the book's frame has the focus.
        opened.on('keyup', (event: KeyboardEvent) => {
          if (event.key === 'ArrowLeft') void opened.prev();
          if (event.key === 'ArrowRight') void opened.next();
        });
        await opened.display();
        if (closed) return;
        setRendition(opened);
        setState('ready');
      } catch {
        if (!closed) setState('failed');
      }
    })();
    return () => {
      closed = true;
      destroy();
    };
  }, [bytes]);

  useEffect(() => {
    // The frame cannot read the page's colour variables: Mantine's body colours, said here.
    rendition?.themes.override('color', dark ? '#c9c9c9' : '#000');
    rendition?.themes.override('background', dark ? '#242424' : '#fff');
  }, [rendition, dark]);

  const turn = useCallback(
    (forward: boolean) => {
      if (!rendition) return;
      void (forward ? rendition.next() : rendition.prev());
    },
    [rendition],
  );

  if (state === 'failed') return <>{failed}</>;
  return (
    <Stack gap="xs" data-testid="preview-epub">
      {state === 'loading' && <Loader type="dots" mx="auto" />}
      <div
        ref={area}
        className={classes.book}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the book's pages turn with the arrow keys
        tabIndex={0}
        role="document"
        aria-label={t('documents.office.book')}
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') turn(false);
          else if (event.key === 'ArrowRight') turn(true);
        }}
      />
      <Group justify="center" gap="xs">
        <ActionIcon
          variant="default"
          aria-label={t('documents.office.previousPage')}
          disabled={!rendition || edges.atStart}
          onClick={() => turn(false)}
          data-testid="epub-previous"
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text size="xs" c="dimmed">
          {t('documents.office.keys')}
        </Text>
        <ActionIcon
          variant="default"
          aria-label={t('documents.office.nextPage')}
          disabled={!rendition || edges.atEnd}
          onClick={() => turn(true)}
          data-testid="epub-next"
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
