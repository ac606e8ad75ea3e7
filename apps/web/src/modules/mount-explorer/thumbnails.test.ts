import type { FsEntry } from '@sharebin/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeWindow } from '../../app/fake-window.test-support';
import { thumbnailUrl } from './thumbnails';

/** Thumbnail requests held open until answered or aborted, as a slow server's would be. */
const requests: { signal: AbortSignal | undefined; answer: () => void }[] = [];

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
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: () => 'blob:picture',
      revokeObjectURL: () => {},
    });
    vi.stubGlobal(
      'fetch',
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
          requests.push({ signal, answer: () => resolve(new Response(new Blob(['webp']))) });
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
});
