import type { Readable } from 'node:stream';
import { type OpenRange, withLoopbackUrl } from './loopback-source';
import { runTool } from './thumbnail-tools';

/**
 * The containers ffmpeg may read a video as. Never a playlist or list format (HLS, concat,
 * DASH…): a file named `.mp4` that is one would make ffmpeg open the files or addresses it names.
 */
const VIDEO_DEMUXERS = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mpegts,mpeg,flv,ogg,asf';

/**
 * A video's poster as a PNG whose longer side is at most `size`: the frame at 1 s (past a
 * fade-in), or the first one of a shorter video. ffmpeg reads the file through a loopback
 * address with ranges, so it fetches only the bytes it needs (the index, a few frames).
 */
export function videoPoster(ffmpeg: string, open: OpenRange, size: number): Promise<Buffer> {
  return withLoopbackUrl(open, async (url) => {
    const frameAt = (seconds: number) =>
      runTool(ffmpeg, [
        ...['-nostdin', '-v', 'error', '-threads', '1'],
        ...['-protocol_whitelist', 'http,tcp', '-format_whitelist', VIDEO_DEMUXERS],
        ...['-ss', String(seconds), '-i', url, '-frames:v', '1', '-an', '-sn'],
        ...[
          '-vf',
          `scale=w='min(${size},iw)':h='min(${size},ih)':force_original_aspect_ratio=decrease`,
        ],
        ...['-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
      ]);
    const poster = await frameAt(1);
    return poster.length > 0 ? poster : frameAt(0);
  });
}

/** A PDF's first page as a PNG whose longer side is `size`, from the file's bytes. */
export function pdfFirstPage(pdftoppm: string, input: Readable, size: number): Promise<Buffer> {
  return runTool(
    pdftoppm,
    ['-f', '1', '-l', '1', '-singlefile', '-png', '-scale-to', String(size), '-'],
    { input },
  );
}
