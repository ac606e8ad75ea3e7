import { ActionIcon, Alert, Group, Text, Tooltip } from '@mantine/core';
import type { FsEntry } from '@sharebin/shared';
import {
  IconChevronLeft,
  IconChevronRight,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveBackendUrl } from '../../../shared/backend';
import { useFileLink } from '../use-file-link';
import classes from './media.module.css';

const MIN_SCALE = 1;
const MAX_SCALE = 6;
const ZOOM_STEP = 1.5;
/** A horizontal move this long (CSS pixels), mostly sideways, is a swipe to the next picture. */
const SWIPE_PX = 50;

interface Zoom {
  /** The picture this zoom is of: another picture starts unzoomed. */
  path: string;
  scale: number;
  x: number;
  y: number;
}

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** A target where the arrow keys already mean something (a field, a slider, a player). */
const ownsArrowKeys = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT', 'VIDEO', 'AUDIO'].includes(target.tagName) ||
    target.getAttribute('role') === 'slider');

const ARROW = { variant: 'default', radius: 'xl', size: 'xl' } as const;

function ZoomButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The picture of a neighbour, fetched before it is asked for: the next step shows at once. */
function usePreload(entry: FsEntry | undefined) {
  const link = useFileLink(entry?.path ?? null, false);
  const url = link.data ? resolveBackendUrl(link.data.url) : null;
  useEffect(() => {
    if (!url) return;
    const picture = new Image();
    picture.decoding = 'async';
    picture.src = url;
  }, [url]);
}

/**
 * The explorer's preview of an image among the folder's other images: previous and next by
 * buttons, ←/→ and swipes, with zoom by wheel, pinch, double-click or buttons.
 */
export function ImageGallery({
  entry,
  url,
  images,
  onShow,
}: {
  entry: FsEntry;
  url: string;
  /** The folder's images, in the explorer's order. */
  images: readonly FsEntry[];
  onShow: (entry: FsEntry) => void;
}) {
  const { t } = useTranslation();
  const index = images.findIndex((image) => image.path === entry.path);
  const previous = index > 0 ? images[index - 1] : undefined;
  const next = index >= 0 ? images[index + 1] : undefined;
  usePreload(previous);
  usePreload(next);

  const [zoom, setZoom] = useState<Zoom>({ path: entry.path, scale: 1, x: 0, y: 0 });
  const view = zoom.path === entry.path ? zoom : { path: entry.path, scale: 1, x: 0, y: 0 };
  const zoomTo = (scale: number) => {
    const clamped = clampScale(scale);
    // Back to the fit, the picture is centred again.
    setZoom(
      clamped === 1
        ? { path: entry.path, scale: 1, x: 0, y: 0 }
        : { ...view, path: entry.path, scale: clamped },
    );
  };
  const [failed, setFailed] = useState<string | null>(null);

  // Steps count from the picture last asked for: keys pressed faster than the address and the
  // page follow still move one picture each.
  const asked = useRef({ shown: entry.path, target: entry.path });
  if (asked.current.shown !== entry.path) asked.current = { shown: entry.path, target: entry.path };
  const go = (offset: -1 | 1) => {
    const target =
      images[images.findIndex((image) => image.path === asked.current.target) + offset];
    if (!target) return;
    asked.current.target = target.path;
    onShow(target);
  };

  // The latest callbacks for the listeners below, which are added once.
  const latest = useRef({ go, view, zoomTo });
  latest.current = { go, view, zoomTo };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || ownsArrowKeys(event.target)) return;
      const { go, view, zoomTo } = latest.current;
      if (event.key === 'ArrowLeft') go(-1);
      else if (event.key === 'ArrowRight') go(1);
      else if (event.key === '+' || event.key === '=') zoomTo(view.scale * ZOOM_STEP);
      else if (event.key === '-') zoomTo(view.scale / ZOOM_STEP);
      else if (event.key === '0') zoomTo(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The wheel zooms instead of scrolling: a listener that may cancel (React's are passive).
  const stage = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { view, zoomTo } = latest.current;
      zoomTo(view.scale * Math.exp(-event.deltaY * 0.0015));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  // One finger (or the mouse) pans a zoomed picture or swipes; two pinch.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef({ x: 0, y: 0, startX: 0, startY: 0, distance: 0, scale: 1 });
  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    gesture.current = {
      x: event.clientX,
      y: event.clientY,
      startX: view.x,
      startY: view.y,
      distance: spread(),
      scale: view.scale,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const start = gesture.current;
    if (pointers.current.size >= 2) {
      if (start.distance > 0) zoomTo(start.scale * (spread() / start.distance));
    } else if (view.scale > 1) {
      setZoom({
        ...view,
        x: start.startX + event.clientX - start.x,
        y: start.startY + event.clientY - start.y,
      });
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const start = gesture.current;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    const swipe = pointers.current.size === 0 && start.distance === 0 && view.scale === 1;
    if (swipe && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > 1.5 * Math.abs(dy)) {
      go(dx < 0 ? 1 : -1);
    }
  };

  const counter = { current: index + 1, total: images.length };
  return (
    <section
      className={classes.gallery}
      aria-roledescription="carousel"
      aria-label={t('media.gallery.label')}
      data-testid="image-gallery"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: swipes, pinches and the wheel; the buttons and the keys (←/→, +/−, 0) are the keyboard's way */}
      <div
        ref={stage}
        className={classes.stage}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={() => zoomTo(view.scale > 1 ? 1 : 2.5)}
        data-testid="gallery-stage"
      >
        {failed === entry.path ? (
          <Alert color="red" variant="light">
            {t('fileShare.preview.failed')}
          </Alert>
        ) : (
          <img
            src={url}
            alt={entry.name}
            className={classes.picture}
            style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
            data-zoomed={view.scale > 1 || undefined}
            draggable={false}
            onError={() => setFailed(entry.path)}
            data-testid="preview-image"
          />
        )}
        {previous && (
          <ActionIcon
            className={`${classes.arrow} ${classes.arrowPrevious}`}
            {...ARROW}
            aria-label={t('media.gallery.previous')}
            onClick={() => go(-1)}
          >
            <IconChevronLeft size={22} />
          </ActionIcon>
        )}
        {next && (
          <ActionIcon
            className={`${classes.arrow} ${classes.arrowNext}`}
            {...ARROW}
            aria-label={t('media.gallery.next')}
            onClick={() => go(1)}
          >
            <IconChevronRight size={22} />
          </ActionIcon>
        )}
      </div>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text
          size="sm"
          fw={600}
          aria-label={t('media.gallery.position', counter)}
          aria-live="polite"
          data-testid="gallery-counter"
        >
          {t('media.gallery.counter', counter)}
        </Text>
        <Text size="xs" c="dimmed" visibleFrom="sm" truncate="end">
          {t('media.gallery.hint')}
        </Text>
        <Group gap={4} wrap="nowrap">
          <ZoomButton
            label={t('media.gallery.zoomOut')}
            disabled={view.scale <= MIN_SCALE}
            onClick={() => zoomTo(view.scale / ZOOM_STEP)}
          >
            <IconZoomOut size={16} />
          </ZoomButton>
          <Text
            size="xs"
            c="dimmed"
            className={classes.zoomLevel}
            aria-label={t('media.gallery.zoomLevel', { percent: Math.round(view.scale * 100) })}
            data-testid="gallery-zoom"
          >
            {Math.round(view.scale * 100)}%
          </Text>
          <ZoomButton
            label={t('media.gallery.zoomIn')}
            disabled={view.scale >= MAX_SCALE}
            onClick={() => zoomTo(view.scale * ZOOM_STEP)}
          >
            <IconZoomIn size={16} />
          </ZoomButton>
          <ZoomButton
            label={t('media.gallery.zoomReset')}
            disabled={view.scale === 1}
            onClick={() => zoomTo(1)}
          >
            <IconZoomReset size={16} />
          </ZoomButton>
        </Group>
      </Group>
    </section>
  );
}
