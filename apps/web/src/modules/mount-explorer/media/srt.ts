/** A subtitle file a browser's `<track>` reads as it is (WebVTT) or after conversion (SubRip). */
export type SubtitleFormat = 'vtt' | 'srt';

/** `00:01:02,345` (or a dot already) → `00:01:02.345`; hours padded to two digits. */
const SRT_TIME = /(\d{1,2}):(\d{2}):(\d{2})[,.](\d{1,3})/g;
const CUE_TIMING = /^\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}/;

/**
 * SubRip text as WebVTT: a `WEBVTT` header, `,` → `.` in the timings (and only there), no
 * byte-order mark, line ends as `\n`. Cue numbers stay: WebVTT reads them as cue identifiers.
 */
export function srtToVtt(srt: string): string {
  const lines = srt
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      CUE_TIMING.test(line)
        ? line.replace(
            SRT_TIME,
            (_, h: string, m: string, s: string, ms: string) =>
              `${h.padStart(2, '0')}:${m}:${s}.${ms.padEnd(3, '0')}`,
          )
        : line,
    );
  return `WEBVTT\n\n${lines.join('\n').trim()}\n`;
}

/** The text a `<track>` is given: WebVTT as it came (without a BOM), SubRip converted. */
export function toWebVtt(text: string, format: SubtitleFormat): string {
  return format === 'srt' ? srtToVtt(text) : text.replace(/^\uFEFF/, '');
}
