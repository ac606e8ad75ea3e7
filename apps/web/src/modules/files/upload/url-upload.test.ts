import { describe, expect, it, vi } from 'vitest';
import { setApiKeySession } from '../../auth';
import {
  apiCalls,
  autoAnswer,
  callsTo,
  downloadFetches,
  downloads,
  FakeXHR,
  fakeShare,
  flush,
  installBrowserFakes,
  outcomeOf,
  serve,
  streamOf,
} from './browser-fakes.test-support';
import { createCancelSource } from './cancel-token';
import type { UrlInfo } from './upload.api';
import type { UploadMethod, UploadStage } from './upload.types';
import { downloadToBrowser, type UrlUploadPhase, urlUpload } from './url-upload';

const bytes = (...values: number[]) => new Uint8Array(values);

const SOURCE = 'https://cdn.example/data.bin?x=1';
const PROXY =
  'https://sharebin.test/api/url/proxy?url=https%3A%2F%2Fcdn.example%2Fdata.bin%3Fx%3D1';
const SHARE = fakeShare({ id: 'file-5', slug: 'url123', filename: 'data.bin' });

function download(
  overrides: Partial<Parameters<typeof downloadToBrowser>[0]> = {},
  cancel = createCancelSource(),
) {
  const progress: [number, number | null][] = [];
  const result = downloadToBrowser({
    url: SOURCE,
    expectedSize: null,
    mimetype: '',
    maxBytes: 1000,
    cancel: cancel.token,
    onProgress: (loaded, total) => void progress.push([loaded, total]),
    ...overrides,
  });
  return { result, progress, cancel };
}

const textOf = async (blob: Blob) => Array.from(new Uint8Array(await blob.arrayBuffer()));

/** The /url presign and multipart routes, answering like the server. */
function urlServer() {
  serve({
    'POST /url/presign': () => ({
      file_id: 'file-5',
      upload_url: 'https://s3.test/bucket/data.bin?sig=1',
      upload_headers: { 'Content-Type': 'application/octet-stream' },
      storage_path: 'files/data.bin',
      s3_url: 'https://s3.test/bucket/data.bin',
      slug: 'url123',
      provider_type: 's3',
      contentType: 'application/octet-stream',
    }),
    'POST /url/commit': () => SHARE,
    'POST /url/cancel': () => null,
    'POST /url/multipart/init': (call) => ({
      file_id: 'file-5',
      upload_id: 'up-5',
      slug: 'url123',
      storage_path: 'files/data.bin',
      part_size: 5 * 1024 * 1024,
      part_count: Math.ceil((call.body?.size as number) / (5 * 1024 * 1024)),
      uploaded_parts: [],
    }),
    'POST /url/multipart/parts': (call) => ({
      parts: ((call.body?.part_numbers ?? []) as number[]).map((partNumber) => ({
        partNumber,
        url: `https://s3.test/bucket/data.bin?partNumber=${partNumber}`,
      })),
    }),
    'POST /url/multipart/complete': () => SHARE,
    'POST /url/multipart/abort': () => null,
  });
}

function urlHooks(cancel = createCancelSource()) {
  const events: string[] = [];
  return {
    cancel,
    events,
    hooks: {
      cancel: cancel.token,
      onStage: (stage: UploadStage) => void events.push(`stage:${stage}`),
      onProgress: (loaded: number, total: number) => void events.push(`${loaded}/${total}`),
      onPhase: (phase: UrlUploadPhase) => void events.push(`phase:${phase}`),
      onMethod: (method: UploadMethod) => void events.push(`method:${method}`),
    },
  };
}

const INFO: UrlInfo = { url: SOURCE, filename: 'data.bin', size: 6, mimetype: 'text/csv' };
const OPTIONS = { path: '/', remark: '', expires_in: 'never' as const, max_views: 0 };

installBrowserFakes({ admin: true });

// ---- tests -------------------------------------------------------------------------------

describe('downloading the address into the browser', () => {
  it('fetches it directly, without credentials or referrer, reporting bytes as they come', async () => {
    downloads[SOURCE] = (init) =>
      new Response(streamOf([bytes(1, 2), bytes(3, 4, 5)], { signal: init?.signal }), {
        headers: { 'Content-Length': '5', 'Content-Type': 'text/plain' },
      });
    const { result, progress } = download({ expectedSize: 99 });
    const blob = await result;

    expect(await textOf(blob)).toEqual([1, 2, 3, 4, 5]);
    expect(blob.type).toBe('text/plain');
    expect(downloadFetches).toHaveLength(1);
    expect(downloadFetches[0]?.url).toBe(SOURCE);
    expect(downloadFetches[0]?.init).toMatchObject({
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    });
    expect(downloadFetches[0]?.init?.signal).toBeInstanceOf(AbortSignal);
    // Content-Length wins over the size the analysis found.
    expect(progress).toEqual([
      [0, 5],
      [2, 5],
      [5, 5],
    ]);
    expect(vi.getTimerCount()).toBe(0); // the cancel polling stopped
  });

  it('takes the analysed size and type when the answer does not say', async () => {
    downloads[SOURCE] = () => new Response(streamOf([bytes(9, 9, 9)]));
    const { result, progress } = download({ expectedSize: 3, mimetype: 'text/csv' });
    const blob = await result;
    expect(blob.type).toBe('text/csv');
    expect(progress).toEqual([
      [0, 3],
      [3, 3],
    ]);
  });

  it('falls back to the server proxy, with the session credentials, when the browser may not fetch', async () => {
    setApiKeySession(
      'key-7',
      { text: false, file: true, mount: false },
      { id: 'k7', name: 'k', basic_path: '/' },
    );
    // No handler for SOURCE: the direct fetch rejects with a TypeError (CORS, offline).
    downloads[PROXY] = () => new Response(streamOf([bytes(7, 8)]));
    const { result } = download();
    const blob = await result;

    expect(await textOf(blob)).toEqual([7, 8]);
    expect(downloadFetches.map((entry) => entry.url)).toEqual([SOURCE, PROXY]);
    expect(new Headers(downloadFetches[1]?.init?.headers).get('Authorization')).toBe(
      'ApiKey key-7',
    );
  });

  it('does not use the proxy when the address answered with an HTTP error', async () => {
    downloads[SOURCE] = () => new Response('nope', { status: 404 });
    downloads[PROXY] = () => new Response(streamOf([bytes(1)]));
    const outcome = await outcomeOf(download().result);
    expect(outcome.message).toBe('Download failed: HTTP 404');
    expect(downloadFetches.map((entry) => entry.url)).toEqual([SOURCE]);
  });

  it('words a proxy refusal by its code, never with the server’s text, else its status', async () => {
    downloads[PROXY] = () =>
      new Response(
        JSON.stringify({
          code: 502,
          error: 'url.unreachable',
          message: 'connect ECONNREFUSED 127.0.0.1:9149',
        }),
        { status: 502 },
      );
    expect((await outcomeOf(download().result)).message).toBe(
      'Download failed: The address could not be reached',
    );

    downloads[PROXY] = () =>
      new Response(JSON.stringify({ code: 502, error: 'future.code', message: 'internals' }), {
        status: 502,
      });
    expect((await outcomeOf(download().result)).message).toBe('Download failed: HTTP 502');

    downloads[PROXY] = () => new Response('<html>bad gateway</html>', { status: 502 });
    expect((await outcomeOf(download().result)).message).toBe('Download failed: HTTP 502');
  });

  it('says network error when neither the address nor the proxy can be reached', async () => {
    const outcome = await outcomeOf(download().result);
    expect(outcome.message).toBe('Network error');
    expect(downloadFetches.map((entry) => entry.url)).toEqual([SOURCE, PROXY]);
  });

  it('stops past the upload limit without reporting the bytes beyond it', async () => {
    let signal: AbortSignal | null | undefined;
    downloads[SOURCE] = (init) => {
      signal = init?.signal;
      return new Response(
        streamOf([bytes(1, 1, 1, 1), bytes(2, 2, 2, 2), bytes(3, 3, 3, 3), bytes(4, 4, 4, 4)]),
      );
    };
    const { result, progress } = download({ maxBytes: 10 });
    const outcome = await outcomeOf(result);
    expect(outcome.message).toBe('The file is larger than the upload limit of 10 B');
    expect(outcome.ok ? null : outcome.error.cancelled).toBe(false);
    expect(signal?.aborted).toBe(true);
    expect(progress.map(([loaded]) => loaded)).toEqual([0, 4, 8]);
  });

  it('a cancel while the body streams stops it within 100 ms as a cancelled download', async () => {
    let signal: AbortSignal | null | undefined;
    downloads[SOURCE] = (init) => {
      signal = init?.signal;
      return new Response(streamOf([bytes(1, 2)], { signal: init?.signal, hold: true }));
    };
    const { result, progress, cancel } = download();
    const outcome = outcomeOf(result);
    await flush();
    expect(progress).toEqual([
      [0, null],
      [2, null],
    ]);
    cancel.cancel();
    await vi.advanceTimersByTimeAsync(99);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    const ended = await outcome;
    expect(ended.message).toBe('Download cancelled');
    expect(ended.ok ? null : ended.error.cancelled).toBe(true);
  });

  it('a cancel is reported as such even when the proxy then answers with an error', async () => {
    let answer: (response: Response) => void = () => {};
    downloads[PROXY] = () => new Promise<Response>((resolve) => (answer = resolve));
    const { result, cancel } = download();
    const outcome = outcomeOf(result);
    await flush();
    cancel.cancel();
    answer(new Response('<html>bad gateway</html>', { status: 502 }));
    await vi.advanceTimersByTimeAsync(100);
    expect((await outcome).message).toBe('Download cancelled');
  });

  it('a cancel while waiting for the answer aborts the request as a cancelled download', async () => {
    let signal: AbortSignal | null | undefined;
    downloads[SOURCE] = (init) =>
      new Promise<Response>((_, reject) => {
        signal = init?.signal;
        signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      });
    const { result, cancel } = download();
    const outcome = outcomeOf(result);
    await flush();
    cancel.cancel();
    await vi.advanceTimersByTimeAsync(100);
    expect(signal?.aborted).toBe(true);
    expect((await outcome).message).toBe('Download cancelled');
    expect(downloadFetches.map((entry) => entry.url)).toEqual([SOURCE]); // no proxy attempt
  });
});

describe('URL upload', () => {
  it('downloads (phase one), then PUTs to the storage (phase two), then commits', async () => {
    urlServer();
    downloads[SOURCE] = () =>
      new Response(streamOf([bytes(1, 2, 3), bytes(4, 5, 6)]), {
        headers: { 'Content-Length': '6' },
      });
    autoAnswer((xhr) => {
      xhr.progress(3);
      xhr.respond(200, { ETag: '"e"' });
    });
    const { hooks, events } = urlHooks();

    const share = await urlUpload({
      info: INFO,
      filename: 'renamed.csv',
      options: { ...OPTIONS, remark: 'from the web' },
      maxBytes: 100,
      hooks,
    });

    expect(share).toEqual(SHARE);
    expect(events).toEqual([
      'phase:download',
      'stage:uploading',
      '0/6',
      '3/6',
      '6/6',
      'phase:upload',
      'method:presigned',
      'stage:initializing',
      'stage:uploading',
      '0/6',
      '3/6',
      '6/6',
      'stage:completing',
      'stage:completed',
    ]);
    expect(apiCalls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /url/presign',
      'POST /url/commit',
    ]);
    expect(callsTo('/url/presign')[0]?.body).toEqual({
      ...OPTIONS,
      remark: 'from the web',
      filename: 'renamed.csv',
      mimetype: 'text/csv',
      size: 6,
      url: SOURCE,
    });
    const put = FakeXHR.instances[0];
    expect(put?.url).toBe('https://s3.test/bucket/data.bin?sig=1');
    expect(await textOf(put?.body ?? new Blob())).toEqual([1, 2, 3, 4, 5, 6]);
    expect(callsTo('/url/commit')[0]?.body).toEqual({ file_id: 'file-5' });
  });

  it('sends a download over two chunks through the /url multipart calls', async () => {
    const MiB = 1024 * 1024;
    urlServer();
    const chunk = new Uint8Array(MiB);
    downloads[SOURCE] = () =>
      new Response(streamOf([...Array.from({ length: 10 }, () => chunk), bytes(1)]));
    autoAnswer();
    const { hooks, events } = urlHooks();

    await urlUpload({
      info: { ...INFO, size: null },
      filename: 'data.bin',
      options: OPTIONS,
      maxBytes: 100 * MiB,
      hooks,
    });

    expect(events).toContain('method:multipart');
    expect(events.indexOf('phase:upload')).toBeLessThan(events.indexOf('method:multipart'));
    expect(apiCalls.map((call) => call.path)).toEqual([
      '/url/multipart/init',
      '/url/multipart/parts',
      '/url/multipart/complete',
    ]);
    expect(callsTo('/url/multipart/init')[0]?.body).toMatchObject({
      size: 10 * MiB + 1,
      url: SOURCE,
    });
    expect(FakeXHR.instances.map((xhr) => xhr.body?.size)).toEqual([5 * MiB, 5 * MiB, 1]);
  });

  it('releases the reserved share through url/cancel when the storage PUT fails', async () => {
    urlServer();
    downloads[SOURCE] = () => new Response(streamOf([bytes(1, 2, 3, 4, 5, 6)]));
    autoAnswer((xhr) => xhr.respond(403));
    const { hooks } = urlHooks();
    const outcome = await outcomeOf(
      urlUpload({ info: INFO, filename: 'a', options: OPTIONS, maxBytes: 100, hooks }),
    );
    expect(outcome.message).toBe('Upload failed: HTTP 403');
    expect(apiCalls.map((call) => call.path)).toEqual(['/url/presign', '/url/cancel']);
  });

  it('refuses an address already known to be over the limit without fetching it', async () => {
    urlServer();
    const { hooks, events } = urlHooks();
    const outcome = await outcomeOf(
      urlUpload({
        info: { ...INFO, size: 2048 },
        filename: 'a',
        options: OPTIONS,
        maxBytes: 1024,
        hooks,
      }),
    );
    expect(outcome.message).toBe('The file is larger than the upload limit of 1 KB');
    expect(downloadFetches).toHaveLength(0);
    expect(apiCalls).toHaveLength(0);
    expect(events).toEqual([]);
  });

  it('a cancel before the start is a cancelled download with no request at all', async () => {
    urlServer();
    const source = createCancelSource();
    source.cancel();
    const { hooks } = urlHooks(source);
    const outcome = await outcomeOf(
      urlUpload({ info: INFO, filename: 'a', options: OPTIONS, maxBytes: 100, hooks }),
    );
    expect(outcome.message).toBe('Download cancelled');
    expect(downloadFetches).toHaveLength(0);
    expect(apiCalls).toHaveLength(0);
  });

  it('a failed download reserves nothing on the server', async () => {
    urlServer();
    downloads[SOURCE] = () => new Response('gone', { status: 410 });
    const { hooks, events } = urlHooks();
    const outcome = await outcomeOf(
      urlUpload({ info: INFO, filename: 'a', options: OPTIONS, maxBytes: 100, hooks }),
    );
    expect(outcome.message).toBe('Download failed: HTTP 410');
    expect(apiCalls).toHaveLength(0);
    expect(events).not.toContain('phase:upload');
  });
});
