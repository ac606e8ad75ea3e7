import type { SubtitleFormat } from './srt';

export interface SubtitleFile<E> {
  entry: E;
  format: SubtitleFormat;
  /** `en` of `movie.en.srt`; null for `movie.srt`. */
  language: string | null;
}

const SUBTITLE = /^(.*?)(?:\.([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?))?\.(vtt|srt)$/i;

/** `movie.mkv` → `movie`; a name without an extension is its own base. */
export const baseNameOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};

/**
 * The subtitles lying beside a video in its folder: `<base>.vtt`, `<base>.srt` and
 * `<base>.<lang>.vtt|srt` (a language code of 2–3 letters, maybe a region: `pt-BR`). The file
 * without a language comes first, then by language; WebVTT before SubRip for the same one.
 */
export function findSubtitles<E extends { name: string; is_directory?: boolean }>(
  videoName: string,
  entries: readonly E[],
): SubtitleFile<E>[] {
  const base = baseNameOf(videoName).toLowerCase();
  const found: SubtitleFile<E>[] = [];
  for (const entry of entries) {
    if (entry.is_directory) continue;
    const lower = entry.name.toLowerCase();
    const format = lower.endsWith('.vtt') ? 'vtt' : lower.endsWith('.srt') ? 'srt' : null;
    if (!format) continue;
    const stem = entry.name.slice(0, -4);
    if (stem.toLowerCase() === base) {
      found.push({ entry, format, language: null });
      continue;
    }
    const match = SUBTITLE.exec(entry.name);
    const language = match?.[2];
    if (match?.[1]?.toLowerCase() === base && language) {
      found.push({ entry, format, language: language.replace('_', '-') });
    }
  }
  return found.sort(
    (a, b) =>
      Number(a.language !== null) - Number(b.language !== null) ||
      (a.language ?? '').localeCompare(b.language ?? '') ||
      (a.format === b.format ? 0 : a.format === 'vtt' ? -1 : 1),
  );
}
