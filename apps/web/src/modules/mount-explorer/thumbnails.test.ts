import type { FsEntry } from '@sharebin/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeWindow } from '../../app/fake-window.test-support';
import { logout, setAdminSession } from '../auth';
import {
  BUSY_RETRY_MS,
  BUSY_RETRY_SPREAD_MS,
  hasThumbnail,
  KEPT,
  type ThumbnailSource,
  thumbnailUrl,
} from './thumbnails';

/** Thumbnail requests held open until answered or aborted, as a slow server's would be. */
const requests: {
  url: string;
  headers: Headers;
  signal: AbortSignal | undefined;
  answer: (response?: Response) => void;
}[] = [];

/** Object URLs revoked during a test. */
const revoked: string[] = [];

const entry = (name: string): FsEntry =>
  ({ name, path: `/docs/${name}`, is_directory: false, size: 10, etag: 'e1' }) as FsEntry;

const { window: fakeWindow } = createFakeWindow({
  apiBaseUrl: 'https://sharebin.test',
  origin: 'https://sharebin.test',
});

describe('explorer thumbnails', () => {
  beforeEach(() => {
    requests.length = 0;
    vi.stubGlobal('window', fakeWindow);
    revoked.length = 0;
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: () => 'blob:picture',
      revokeObjectURL: (url: string) => revoked.push(url),
    });
    vi.stubGlobal(
      'fetch',
      (url: string, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
          requests.push({
            url: String(url),
            headers: new Headers(init?.headers),
            signal,
            answer: (response) => resolve(response ?? new Response(new Blob(['webp']))),
          });
        }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('cancels a picture on its way once no row waits for it, and asks again later', async () => {
    const first = new AbortController();
    const second = new AbortController();
    const photo = entry('a.jpg');
    void thumbnailUrl(photo, 128, first.signal);
    void thumbnailUrl(photo, 128, second.signal);
    expect(requests).toHaveLength(1);
    first.abort();
    expect(requests[0]?.signal?.aborted).toBe(false);
    second.abort();
    expect(requests[0]?.signal?.aborted).toBe(true);

    const again = thumbnailUrl(photo, 128, new AbortController().signal);
    expect(requests).toHaveLength(2);
    requests[1]?.answer();
    expect(await again).toBe('blob:picture');
  });

  it('keeps a picture that came in, for the next row that shows it', async () => {
    const row = new AbortController();
    const photo = entry('b.jpg');
    const shown = thumbnailUrl(photo, 256, row.signal);
    requests[0]?.answer();
    expect(await shown).toBe('blob:picture');
    row.abort();
    expect(await thumbnailUrl(photo, 256)).toBe('blob:picture');
    expect(requests).toHaveLength(1);
  });

  it('makes no thumbnail of folders, other files, or images and PDFs over the bound', () => {
    expect(hasThumbnail({ name: 'album.png', size: null, is_directory: true })).toBe(false);
    expect(hasThumbnail({ name: 'notes.txt', size: 10, is_directory: false })).toBe(false);
    expect(hasThumbnail({ name: 'huge.tiff', size: 200 * 2 ** 20, is_directory: false })).toBe(
      false,
    );
    expect(hasThumbnail({ name: 'huge.pdf', size: 200 * 2 ** 20, is_directory: false })).toBe(
      false,
    );
    expect(hasThumbnail({ name: 'film.mkv', size: 8 * 2 ** 30, is_directory: false })).toBe(true);
  });

  it('asks for no more video posters once the server says it has no ffmpeg', async () => {
    const clip = entry('first.mp4');
    const paper = entry('paper.pdf');
    expect(hasThumbnail(clip)).toBe(true);
    const asked = thumbnailUrl(clip, 128);
    requests[0]?.answer(
      Response.json(
        { code: 415, error: 'fs.thumbnail_tool_missing', details: { tool: 'ffmpeg' } },
        { status: 415 },
      ),
    );
    expect(await asked).toBeNull();
    expect(hasThumbnail(entry('second.MOV'))).toBe(false);
    // Other kinds are still asked for; a damaged picture is no reason to stop asking.
    expect(hasThumbnail(paper)).toBe(true);
    const damaged = thumbnailUrl(entry('c.png'), 128);
    requests[1]?.answer(
      Response.json({ code: 422, error: 'fs.thumbnail_failed' }, { status: 422 }),
    );
    expect(await damaged).toBeNull();
    expect(hasThumbnail(entry('d.png'))).toBe(true);
  });

  it('asks a busy server again after a while, for as long as a row waits', async () => {
    vi.useFakeTimers();
    try {
      const busy = () => Response.json({ code: 503, error: 'fs.thumbnail_busy' }, { status: 503 });
      const wanted = thumbnailUrl(entry('e.png'), 128, new AbortController().signal);
      requests[0]?.answer(busy());
      await vi.advanceTimersByTimeAsync(BUSY_RETRY_MS - 1);
      expect(requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(BUSY_RETRY_SPREAD_MS + 1);
      expect(requests).toHaveLength(2);
      requests[1]?.answer();
      expect(await wanted).toBe('blob:picture');

      // A row gone while it waits: no more asking.
      const row = new AbortController();
      const left = thumbnailUrl(entry('f.png'), 128, row.signal);
      requests[2]?.answer(busy());
      await vi.advanceTimersByTimeAsync(10);
      row.abort();
      await vi.advanceTimersByTimeAsync((BUSY_RETRY_MS + BUSY_RETRY_SPREAD_MS) * 2);
      expect(requests).toHaveLength(3);
      expect(await left).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks a share for its pictures with no credentials, kept apart from the explorer’s', async () => {
    setAdminSession('signed-in-admin');
    const share: ThumbnailSource = {
      id: 'share:abc',
      call: (item, size) => ({
        path: '/public/fs-shares/abc/thumbnail',
        query: { path: item.path, size, token: 'visit-token' },
        auth: 'none',
      }),
    };
    const photo = entry('shared.png');
    const fromShare = thumbnailUrl(photo, 128, undefined, share);
    const fromExplorer = thumbnailUrl(photo, 128);
    expect(requests).toHaveLength(2);
    const [shareCall, explorerCall] = requests;
    expect(shareCall?.url).toBe(
      'https://sharebin.test/api/public/fs-shares/abc/thumbnail?path=%2Fdocs%2Fshared.png&size=128&token=visit-token',
    );
    expect(shareCall?.headers.get('authorization')).toBeNull();
    expect(explorerCall?.url).toContain('/api/admin/fs/thumbnail?');
    expect(explorerCall?.headers.get('authorization')).toBe('Bearer signed-in-admin');
    shareCall?.answer();
    explorerCall?.answer();
    expect([await fromShare, await fromExplorer]).toEqual(['blob:picture', 'blob:picture']);
    logout();
  });

  it('never revokes a picture a row still shows, however many are kept', async () => {
    const rows = Array.from({ length: KEPT + 1 }, () => new AbortController());
    const shown = rows.map((row, n) => thumbnailUrl(entry(`many-${n}.png`), 64, row.signal));
    for (const call of requests) call.answer();
    await Promise.all(shown);
    expect(revoked).toEqual([]);
    // The first row scrolled away: its picture is the one that goes when another comes.
    rows[0]?.abort();
    const next = thumbnailUrl(entry('one-more.png'), 64, new AbortController().signal);
    requests.at(-1)?.answer();
    await next;
    await Promise.resolve();
    expect(revoked).toEqual(['blob:picture']);
  });
});
