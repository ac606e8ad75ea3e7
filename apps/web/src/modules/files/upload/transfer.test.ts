import { describe, expect, it, vi } from 'vitest';
import { BASE, FakeXHR, installBrowserFakes } from './browser-fakes.test-support';
import { createCancelSource, watchCancel } from './cancel-token';
import { putWithProgress } from './transfer';
import { TransferError } from './upload.errors';

const lastXhr = () => {
  const xhr = FakeXHR.instances.at(-1);
  if (!xhr) throw new Error('no XMLHttpRequest was made');
  return xhr;
};

const body = (size: number) => new Blob([new Uint8Array(size)]);

installBrowserFakes({ admin: false });

// ---- tests -------------------------------------------------------------------------------

describe('cancel tokens', () => {
  it('a linked token is cancelled by its parent, not the other way round', () => {
    const parent = createCancelSource();
    const child = createCancelSource(parent.token);
    child.cancel();
    expect(child.token.cancelled).toBe(true);
    expect(parent.token.cancelled).toBe(false);

    const parent2 = createCancelSource();
    const child2 = createCancelSource(parent2.token);
    expect(child2.token.cancelled).toBe(false);
    parent2.cancel();
    expect(child2.token.cancelled).toBe(true);
  });

  it('watchCancel polls every 100 ms and calls back exactly once', () => {
    const source = createCancelSource();
    const onCancel = vi.fn();
    watchCancel(source.token, onCancel);
    vi.advanceTimersByTime(250);
    expect(onCancel).not.toHaveBeenCalled();
    source.cancel(); // at t=250: the next poll is at t=300
    vi.advanceTimersByTime(49);
    expect(onCancel).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('watchCancel calls back at once for a token already cancelled', () => {
    const source = createCancelSource();
    source.cancel();
    const onCancel = vi.fn();
    watchCancel(source.token, onCancel);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the stop function ends the polling', () => {
    const source = createCancelSource();
    const onCancel = vi.fn();
    const stop = watchCancel(source.token, onCancel);
    stop();
    source.cancel();
    vi.advanceTimersByTime(500);
    expect(onCancel).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('putWithProgress', () => {
  it.each([200, 201, 204, 299])('succeeds on HTTP %i with the ETag unquoted', async (status) => {
    const cancel = createCancelSource().token;
    const done = putWithProgress({ url: 'https://s3.test/part', body: body(10), cancel });
    lastXhr().respond(status, { etag: '"abc123"' });
    await expect(done).resolves.toEqual({ status, etag: 'abc123', responseText: '' });
  });

  it.each([301, 302, 304, 307, 400, 403, 404, 500, 503])(
    'fails on HTTP %i with a TransferError carrying the status',
    async (status) => {
      const cancel = createCancelSource().token;
      const done = putWithProgress({ url: 'https://s3.test/part', body: body(10), cancel });
      lastXhr().respond(status, { ETag: '"abc"' });
      const error = await done.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TransferError);
      expect(error).toMatchObject({ kind: 'http', status });
    },
  );

  it('PUTs the bytes to the resolved address with the given headers, minus the forbidden ones', async () => {
    const cancel = createCancelSource().token;
    const payload = body(42);
    const done = putWithProgress({
      url: '/api/storage/upload?token=t',
      body: payload,
      headers: {
        'Content-Type': 'text/plain',
        'Content-Length': '42',
        Host: 'evil.test',
        'x-amz-meta-name': 'a.txt',
      },
      cancel,
    });
    const xhr = lastXhr();
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(`${BASE}/api/storage/upload?token=t`);
    expect(xhr.requestHeaders).toEqual({
      'Content-Type': 'text/plain',
      'x-amz-meta-name': 'a.txt',
    });
    expect(xhr.body).toBe(payload);
    xhr.respond(200, { ETag: 'plain' });
    await expect(done).resolves.toEqual({ status: 200, etag: 'plain', responseText: '' });
  });

  it('answers a null ETag when the storage does not expose one (or an empty one)', async () => {
    const cancel = createCancelSource().token;
    const first = putWithProgress({ url: 'https://s3.test/a', body: body(1), cancel });
    lastXhr().respond(200);
    await expect(first).resolves.toEqual({ status: 200, etag: null, responseText: '' });
    const second = putWithProgress({ url: 'https://s3.test/b', body: body(1), cancel });
    lastXhr().respond(200, { ETag: '""' });
    await expect(second).resolves.toEqual({ status: 200, etag: null, responseText: '' });
  });

  it('reports bytes sent, then the whole size on success', async () => {
    const cancel = createCancelSource().token;
    const onProgress = vi.fn();
    const done = putWithProgress({ url: 'https://s3.test/a', body: body(100), cancel, onProgress });
    lastXhr().progress(30);
    lastXhr().progress(80);
    lastXhr().respond(200, { ETag: '"e"' });
    await done;
    expect(onProgress.mock.calls.map(([loaded]) => loaded)).toEqual([30, 80, 100]);
  });

  it('fails as network on an error event, as timeout on a timeout (with the timeout set)', async () => {
    const cancel = createCancelSource().token;
    const networked = putWithProgress({ url: 'https://s3.test/a', body: body(1), cancel });
    lastXhr().failNetwork();
    await expect(networked).rejects.toMatchObject({ kind: 'network' });

    const timed = putWithProgress({
      url: 'https://s3.test/b',
      body: body(1),
      cancel,
      timeoutMs: 300_000,
    });
    expect(lastXhr().timeout).toBe(300_000);
    lastXhr().timeOut();
    await expect(timed).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('does not start when the token is already cancelled', async () => {
    const source = createCancelSource();
    source.cancel();
    await expect(
      putWithProgress({ url: 'https://s3.test/a', body: body(1), cancel: source.token }),
    ).rejects.toMatchObject({ kind: 'cancelled' });
    expect(FakeXHR.instances).toHaveLength(0);
  });

  it('aborts the request on the first poll after a cancel (within 100 ms)', async () => {
    const source = createCancelSource();
    const done = putWithProgress({ url: 'https://s3.test/a', body: body(1), cancel: source.token });
    const outcome = done.catch((error: unknown) => error);
    const xhr = lastXhr();
    source.cancel();
    vi.advanceTimersByTime(99);
    expect(xhr.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(xhr.aborted).toBe(true);
    await expect(outcome).resolves.toMatchObject({ kind: 'cancelled' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops polling once the request ended', async () => {
    const cancel = createCancelSource().token;
    const done = putWithProgress({ url: 'https://s3.test/a', body: body(1), cancel });
    expect(vi.getTimerCount()).toBe(1);
    lastXhr().respond(500);
    await done.catch(() => undefined);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an abort nobody asked for reads as a network failure', async () => {
    const cancel = createCancelSource().token;
    const done = putWithProgress({ url: 'https://s3.test/a', body: body(1), cancel });
    lastXhr().abort();
    await expect(done).rejects.toMatchObject({ kind: 'network' });
  });
});
