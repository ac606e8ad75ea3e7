import type { UrlUploadPhase } from './url-upload';

/** A row's progress is shown at most this often, except the last report of a transfer. */
export const PROGRESS_INTERVAL_MS = 120;
/** The speed is measured over the samples of the last seconds. */
export const SPEED_WINDOW_MS = 3000;
/** The percent of a finished upload; a running one stays below it. */
export const DONE_PERCENT = 100;

export interface ProgressSample {
  time: number;
  loaded: number;
}

/**
 * 0–99 while running (SPEC §4): a file upload fills 0–99; a URL upload's download fills 0–49
 * and its upload to the storage 50–99. An unknown total (0) counts as nothing done yet.
 */
export function percentOf(phase: UrlUploadPhase | null, loaded: number, total: number): number {
  const fraction = total > 0 ? Math.min(1, loaded / total) : 0;
  if (phase === 'download') return Math.floor(fraction * 49);
  if (phase === 'upload') return 50 + Math.floor(fraction * 49);
  return Math.min(99, Math.floor(fraction * 100));
}

/** Where the bar stands when a URL upload enters a phase. */
export const phaseStartPercent = (phase: UrlUploadPhase): number => (phase === 'upload' ? 50 : 0);

/** Bytes per second from the first to the last sample; null below 400 ms of samples. */
export function speedOf(samples: ProgressSample[]): number | null {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.time - first.time < 400) return null;
  return Math.max(0, ((last.loaded - first.loaded) * 1000) / (last.time - first.time));
}

/**
 * Whether a progress report is shown: once per interval, and always the one that completes. With
 * an unknown total (0) nothing completes early: every chunk would otherwise re-render the row.
 */
export const isReportDue = (now: number, lastEmit: number, loaded: number, total: number) =>
  now - lastEmit >= PROGRESS_INTERVAL_MS || (total > 0 && loaded >= total);
