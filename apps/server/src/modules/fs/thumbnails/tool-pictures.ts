import type { Readable } from 'node:stream';
import { type OpenRange, withLoopbackUrl } from './loopback-source';
import { runTool, TOOL_TIMEOUT_MS } from './thumbnail-tools';

/**
 * The containers ffmpeg may read a video as. Never a playlist or list format (HLS, concat,
 * DASH…): a file named `.mp4` that is one would make ffmpeg open the files or addresses it names.
 */
const VIDEO_DEMUXERS = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mpegts,mpeg,flv,ogg,asf';
/**
 * The video decoders ffmpeg may open: those of the formats people keep, not the hundreds of
 * rare ones whose bugs a crafted file would reach. Streams of other codecs (audio included)
 * are left closed.
 */
const VIDEO_DECODERS = [
  ...['h264', 'hevc', 'av1', 'libdav1d', 'libaom-av1', 'vp8', 'vp9', 'libvpx', 'libvpx-vp9'],
  ...['mpeg4', 'mpeg1video', 'mpeg2video', 'mpegvideo', 'h263', 'h263p', 'theora', 'vp3'],
  ...['wmv1', 'wmv2', 'wmv3', 'vc1', 'msmpeg4', 'msmpeg4v2', 'flv', 'mjpeg', 'prores'],
].join(',');

/**
 * A video's poster as a PNG whose longer side is at most `size`: the frame at 1 s (past a
 * fade-in), or the first one of a shorter video. ffmpeg reads the file through a loopback
 * address with ranges, so it fetches only the bytes it needs (the index, a few frames).
 */
export function videoPoster(ffmpeg: string, open: OpenRange, size: number): Promise<Buffer> {
  return withLoopbackUrl(open, async (url) => {
    // One deadline for both tries: a video that makes the first take long gets no second one.
    const deadline = Date.now() + TOOL_TIMEOUT_MS;
    const scale = `scale=w='min(${size},iw)':h='min(${size},ih)':force_original_aspect_ratio=decrease`;
    const frameAt = (seconds: number) =>
      runTool(
        ffmpeg,
        [
          ...['-nostdin', '-v', 'error', '-threads', '1'],
          ...['-protocol_whitelist', 'http,tcp', '-format_whitelist', VIDEO_DEMUXERS],
          ...['-codec_whitelist', VIDEO_DECODERS],
          ...['-ss', String(seconds), '-i', url, '-frames:v', '1', '-an', '-sn', '-vf', scale],
          ...['-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
        ],
        { timeoutMs: Math.max(1, deadline - Date.now()) },
      );
    try {
      const poster = await frameAt(1);
      return poster.length > 0 ? poster : await frameAt(0);
    } catch (error) {
      // ffmpeg's messages name the address: its token stays out of the logs.
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(message.replaceAll(url, '<video>'));
    }
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
