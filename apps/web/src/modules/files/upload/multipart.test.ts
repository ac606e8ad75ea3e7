import {
  ERROR_CODES,
  MULTIPART_CHUNK_SIZE,
  MULTIPART_PARALLEL_PARTS,
  MULTIPART_PART_TIMEOUT_MS,
} from '@sharebin/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  answerOk,
  apiCalls,
  autoAnswer,
  callsTo,
  FakeXHR,
  failWith,
  fakeShare,
  flush,
  hooksFor,
  inFlight,
  installBrowserFakes,
  outcomeOf,
  routes,
  serve,
} from './browser-fakes.test-support';
import { createCancelSource } from './cancel-token';
import { uploadFile } from './file-upload';
import { multipartUpload } from './multipart';
import { UploadError } from './upload.errors';

const inFlightParts = () => inFlight().map((xhr) => xhr.part);
const xhrForPart = (part: number) => {
  const xhr = FakeXHR.instances.find((candidate) => candidate.part === part);
  if (!xhr) throw new Error(`part ${part} was never sent`);
  return xhr;
};

const SHARE = fakeShare({ id: 'file-1', slug: 'abc123', filename: 'big.bin' });

/** Multipart routes answering like the server, with the part size it chose. */
function multipartServer(
  init: {
    part_size: number;
    part_count: number;
    uploaded_parts?: { partNumber: number; etag: string; size: number }[];
  },
  route = 's3',
) {
  serve({
    [`POST /${route}/multipart/init`]: () => ({
      file_id: 'file-1',
      upload_id: 'upload-1',
      slug: 'abc123',
      storage_path: 'files/abc123',
      uploaded_parts: [],
      ...init,
    }),
    [`POST /${route}/multipart/parts`]: (call) => ({
      parts: ((call.body?.part_numbers ?? []) as number[]).map((partNumber) => ({
        partNumber,
        url: `https://s3.test/bucket/big.bin?uploadId=upload-1&partNumber=${partNumber}`,
      })),
    }),
    [`POST /${route}/multipart/complete`]: () => SHARE,
    [`POST /${route}/multipart/abort`]: () => null,
  });
}

const REQUEST = {
  filename: 'big.bin',
  mimetype: 'application/octet-stream',
  path: '/',
  remark: '',
  expires_in: 'never' as const,
  max_views: 0,
};

/** Bytes whose value tells which part (of `partSize`) they belong to. */
function patterned(size: number, partSize: number): Blob {
  const bytes = new Uint8Array(size);
  for (let start = 0, part = 1; start < size; start += partSize, part++) {
    bytes.fill(part, start, Math.min(start + partSize, size));
  }
  return new Blob([bytes]);
}

async function bytesOf(blob: Blob | null): Promise<Uint8Array> {
  if (!blob) throw new Error('no body');
  return new Uint8Array(await blob.arrayBuffer());
}

function upload(
  body: Blob,
  hooks: ReturnType<typeof hooksFor>['hooks'],
  route: 's3' | 'url' = 's3',
) {
  return multipartUpload({ route, body, request: { ...REQUEST, size: body.size }, hooks });
}

installBrowserFakes({ admin: true });

// ---- tests -------------------------------------------------------------------------------

describe('multipart upload of a file', () => {
  it('sends a file over two chunks in 5 MiB parts, then completes with the unquoted ETags', async () => {
    const MiB = 1024 * 1024;
    expect(MULTIPART_CHUNK_SIZE).toBe(5 * MiB);
    const size = 12 * MiB + 7;
    const file = new File([patterned(size, 5 * MiB)], 'big.bin', {
      type: 'application/octet-stream',
    });
    multipartServer({ part_size: 5 * MiB, part_count: 3 });
    autoAnswer();
    const { hooks, stages } = hooksFor();
    const onMethod = vi.fn();

    const share = await uploadFile({
      file,
      options: { path: '/docs', remark: 'r', expires_in: '1d', max_views: 2 },
      hooks: { ...hooks, onMethod },
    });

    expect(share).toEqual(SHARE);
    expect(onMethod).toHaveBeenCalledWith('multipart');
    expect(stages).toEqual(['initializing', 'uploading', 'processing', 'completed']);
    expect(callsTo('/s3/multipart/init')[0]).toMatchObject({
      method: 'POST',
      authorization: 'Bearer admin-token',
      body: {
        filename: 'big.bin',
        mimetype: 'application/octet-stream',
        size,
        path: '/docs',
        remark: 'r',
        expires_in: '1d',
        max_views: 2,
      },
    });
    expect(callsTo('/s3/multipart/parts').map((call) => call.body)).toEqual([
      { file_id: 'file-1', part_numbers: [1, 2, 3] },
    ]);
    expect(FakeXHR.instances.map((xhr) => [xhr.method, xhr.part, xhr.body?.size])).toEqual([
      ['PUT', 1, 5 * MiB],
      ['PUT', 2, 5 * MiB],
      ['PUT', 3, 2 * MiB + 7],
    ]);
    for (const xhr of FakeXHR.instances) {
      const bytes = await bytesOf(xhr.body);
      expect([bytes[0], bytes[bytes.length - 1]]).toEqual([xhr.part, xhr.part]);
      expect(xhr.timeout).toBe(MULTIPART_PART_TIMEOUT_MS);
    }
    expect(callsTo('/s3/multipart/complete').map((call) => call.body)).toEqual([
      {
        file_id: 'file-1',
        parts: [
          { partNumber: 1, etag: 'etag-1' },
          { partNumber: 2, etag: 'etag-2' },
          { partNumber: 3, etag: 'etag-3' },
        ],
      },
    ]);
    expect(callsTo('/s3/multipart/abort')).toHaveLength(0);
  });

  it('cuts the parts at the size the server chose (larger ones past 10,000 parts)', async () => {
    // The server decides (multipartPartSize in apps/server/src/modules/files/multipart-layout.ts);
    // the browser follows init.
    multipartServer({ part_size: 10, part_count: 3 });
    autoAnswer();
    const { hooks } = hooksFor();
    await upload(patterned(25, 10), hooks);
    expect(FakeXHR.instances.map((xhr) => xhr.body?.size)).toEqual([10, 10, 5]);
    const last = await bytesOf(FakeXHR.instances[2]?.body ?? null);
    expect(Array.from(last)).toEqual([3, 3, 3, 3, 3]);
  });

  it('falls back to 5 MiB parts when init does not say', async () => {
    const MiB = 1024 * 1024;
    multipartServer({ part_size: 0, part_count: 0 });
    autoAnswer();
    const { hooks } = hooksFor();
    await upload(new Blob([new Uint8Array(6 * MiB)]), hooks);
    expect(FakeXHR.instances.map((xhr) => xhr.body?.size)).toEqual([5 * MiB, MiB]);
    expect(callsTo('/s3/multipart/parts')[0]?.body?.part_numbers).toEqual([1, 2]);
  });

  it('starts the parts in order with at most three in flight, and completes them sorted', async () => {
    expect(MULTIPART_PARALLEL_PARTS).toBe(3);
    multipartServer({ part_size: 10, part_count: 8 });
    const { hooks } = hooksFor();
    const result = outcomeOf(upload(patterned(80, 10), hooks));

    await flush();
    expect(inFlightParts()).toEqual([1, 2, 3]);
    answerOk(xhrForPart(2));
    await flush();
    expect(inFlightParts()).toEqual([1, 3, 4]);
    answerOk(xhrForPart(3));
    answerOk(xhrForPart(1));
    await flush();
    expect(inFlightParts()).toEqual([4, 5, 6]);
    answerOk(xhrForPart(6));
    answerOk(xhrForPart(4));
    await flush();
    expect(inFlightParts()).toEqual([5, 7, 8]);
    answerOk(xhrForPart(8));
    answerOk(xhrForPart(5));
    await flush();
    expect(callsTo('/s3/multipart/complete')).toHaveLength(0);
    answerOk(xhrForPart(7));

    await expect(result).resolves.toEqual({ ok: true, value: SHARE });
    expect(FakeXHR.maxInFlight).toBe(3);
    expect(FakeXHR.instances.map((xhr) => xhr.part)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(callsTo('/s3/multipart/complete')[0]?.body?.parts).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ partNumber: n, etag: `etag-${n}` })),
    );
  });

  it('asks for part URLs a hundred at a time, when the first part of a hundred is due', async () => {
    multipartServer({ part_size: 1, part_count: 150 });
    const sentWhenAsked: number[] = [];
    const parts = routes['POST /s3/multipart/parts'];
    routes['POST /s3/multipart/parts'] = (call) => {
      sentWhenAsked.push(FakeXHR.instances.length);
      return parts?.(call);
    };
    autoAnswer();
    const { hooks } = hooksFor();
    await upload(new Blob([new Uint8Array(150)]), hooks);

    const asked = callsTo('/s3/multipart/parts').map((call) => call.body?.part_numbers);
    expect(asked).toEqual([
      Array.from({ length: 100 }, (_, i) => i + 1),
      Array.from({ length: 50 }, (_, i) => i + 101),
    ]);
    // The second hundred is asked for only once part 101 is due: parts 1-100 have been taken
    // (the last of them may still be waiting for its URL to resolve).
    expect(sentWhenAsked[0]).toBe(0);
    expect(sentWhenAsked[1]).toBeGreaterThanOrEqual(100 - MULTIPART_PARALLEL_PARTS);
    expect(sentWhenAsked[1]).toBeLessThanOrEqual(100);
    expect(FakeXHR.instances).toHaveLength(150);
    expect(FakeXHR.maxInFlight).toBeLessThanOrEqual(3);
    expect(callsTo('/s3/multipart/complete')[0]?.body?.parts).toHaveLength(150);
  });

  it('reports the bytes of all parts together, from 0 to the whole size', async () => {
    multipartServer({ part_size: 10, part_count: 3 });
    const { hooks, progress } = hooksFor();
    const result = upload(patterned(25, 10), hooks);
    await flush();
    xhrForPart(1).progress(4);
    xhrForPart(2).progress(6);
    xhrForPart(3).progress(5);
    answerOk(xhrForPart(1));
    answerOk(xhrForPart(2));
    answerOk(xhrForPart(3));
    await result;
    expect(progress[0]).toEqual([0, 25]);
    expect(progress).toContainEqual([10, 25]);
    expect(progress.at(-1)).toEqual([25, 25]);
    const loaded = progress.map(([bytes]) => bytes);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    expect(progress.every(([, total]) => total === 25)).toBe(true);
  });
});

describe('a multipart upload that fails', () => {
  it.each([301, 304, 403, 404, 500, 503])(
    'fails on HTTP %i for a part, stops the others, aborts and never completes',
    async (status) => {
      multipartServer({ part_size: 10, part_count: 5 });
      const { hooks } = hooksFor();
      const result = outcomeOf(upload(patterned(50, 10), hooks));
      await flush();
      expect(inFlightParts()).toEqual([1, 2, 3]);

      xhrForPart(2).respond(status, { ETag: '"e2"' });
      await flush();
      expect(inFlightParts()).toEqual([1, 3]); // no part 4 after the failure
      await vi.advanceTimersByTimeAsync(100); // the others see the stop on their next poll
      await flush();

      const outcome = await result;
      expect(outcome.ok).toBe(false);
      expect(outcome.ok ? null : outcome.error.message).toBe(
        `Part 2 upload failed: HTTP ${status}`,
      );
      expect(outcome.ok ? null : outcome.error.cancelled).toBe(false);
      expect(xhrForPart(1).aborted && xhrForPart(3).aborted).toBe(true);
      expect(FakeXHR.instances.map((xhr) => xhr.part)).toEqual([1, 2, 3]);
      expect(callsTo('/s3/multipart/abort').map((call) => call.body)).toEqual([
        { file_id: 'file-1' },
      ]);
      expect(callsTo('/s3/multipart/complete')).toHaveLength(0);
      expect(vi.getTimerCount()).toBe(0); // no cancel polling left behind
    },
  );

  it('names a network error of a part', async () => {
    multipartServer({ part_size: 10, part_count: 2 });
    const { hooks } = hooksFor();
    const result = outcomeOf(upload(patterned(20, 10), hooks));
    await flush();
    answerOk(xhrForPart(1));
    xhrForPart(2).failNetwork();
    const outcome = await result;
    expect(outcome.ok ? null : outcome.error.message).toBe('Part 2 upload failed: network error');
    expect(callsTo('/s3/multipart/abort')).toHaveLength(1);
    expect(callsTo('/s3/multipart/complete')).toHaveLength(0);
  });

  it('resumes a picked file: sends its fingerprint and only the parts the server lacks', async () => {
    multipartServer({
      part_size: 10,
      part_count: 3,
      uploaded_parts: [{ partNumber: 2, etag: 'stored-2', size: 10 }],
    });
    autoAnswer();
    const { hooks } = hooksFor();
    const file = new File([patterned(25, 10)], 'big.bin', { lastModified: 1_700_000_000_000 });
    await upload(file, hooks);
    expect(callsTo('/s3/multipart/init')[0]?.body?.fingerprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Part URLs come a hundred at a time, stored parts' too; only the missing parts are sent.
    expect(FakeXHR.instances.map((xhr) => xhr.body?.size)).toEqual([10, 5]);
    expect(callsTo('/s3/multipart/complete')[0]?.body?.parts).toEqual([
      { partNumber: 1, etag: 'etag-1' },
      { partNumber: 2, etag: 'stored-2' },
      { partNumber: 3, etag: 'etag-3' },
    ]);
  });

  it('keeps the upload of a picked file held when the connection is lost, to resume it', async () => {
    multipartServer({ part_size: 10, part_count: 2 });
    const { hooks } = hooksFor();
    const result = outcomeOf(upload(new File([patterned(20, 10)], 'big.bin'), hooks));
    // The file is fingerprinted (read and hashed) before init.
    for (let turn = 0; turn < 100 && FakeXHR.instances.length < 2; turn++) await flush();
    answerOk(xhrForPart(1));
    xhrForPart(2).failNetwork();
    const outcome = await result;
    expect(outcome.ok ? null : outcome.error.message).toBe(
      'Part 2 upload failed: network error · Choose the same file again to go on from the parts already sent.',
    );
    expect(callsTo('/s3/multipart/abort')).toHaveLength(0);
  });

  it('names a timed-out part', async () => {
    multipartServer({ part_size: 10, part_count: 1 });
    const { hooks } = hooksFor();
    const result = outcomeOf(upload(patterned(10, 10), hooks));
    await flush();
    xhrForPart(1).timeOut();
    const outcome = await result;
    expect(outcome.ok ? null : outcome.error.message).toBe('Part 1 upload failed: request timeout');
    expect(callsTo('/s3/multipart/abort')).toHaveLength(1);
  });

  it('fails a part whose ETag the storage did not expose', async () => {
    multipartServer({ part_size: 10, part_count: 1 });
    const { hooks } = hooksFor();
    const result = outcomeOf(upload(patterned(10, 10), hooks));
    await flush();
    xhrForPart(1).respond(200);
    const outcome = await result;
    expect(outcome.ok ? null : outcome.error.message).toMatch(
      /^Part 1 upload failed: the storage sent no ETag/,
    );
    expect(callsTo('/s3/multipart/abort')).toHaveLength(1);
    expect(callsTo('/s3/multipart/complete')).toHaveLength(0);
  });

  it('aborts when the part URLs cannot be had', async () => {
    multipartServer({ part_size: 10, part_count: 2 });
    routes['POST /s3/multipart/parts'] = () => failWith(500, 'signing broke');
    const { hooks } = hooksFor();
    const outcome = await outcomeOf(upload(patterned(20, 10), hooks));
    expect(outcome.ok ? null : outcome.error.message).toBe('signing broke');
    expect(FakeXHR.instances).toHaveLength(0);
    expect(callsTo('/s3/multipart/abort')).toHaveLength(1);
  });

  it('aborts when the server leaves a part without a URL', async () => {
    multipartServer({ part_size: 10, part_count: 2 });
    routes['POST /s3/multipart/parts'] = () => ({
      parts: [{ partNumber: 1, url: 'https://s3.test/b?partNumber=1' }],
    });
    autoAnswer();
    const { hooks } = hooksFor();
    const outcome = await outcomeOf(upload(patterned(20, 10), hooks));
    expect(outcome.ok ? null : outcome.error.message).toBe('No presigned URL for part 2');
    expect(callsTo('/s3/multipart/abort')).toHaveLength(1);
    expect(callsTo('/s3/multipart/complete')).toHaveLength(0);
  });

  it('does not abort when init itself failed (nothing was reserved)', async () => {
    multipartServer({ part_size: 10, part_count: 2 });
    routes['POST /s3/multipart/init'] = () =>
      failWith(507, 'quota', ERROR_CODES.storageInsufficient, {
        fileSize: 20,
        remaining: 10,
        total: 100,
      });
    const { hooks } = hooksFor();
    const outcome = await outcomeOf(upload(patterned(20, 10), hooks));
    expect(outcome.ok ? null : outcome.error.message).toBe(
      'Insufficient storage: the file needs 20 B, only 10 B of 100 B remain',
    );
    expect(apiCalls.map((call) => call.path)).toEqual(['/s3/multipart/init']);
  });

  it('words an init failure the server did not explain', async () => {
    multipartServer({ part_size: 10, part_count: 2 });
    routes['POST /s3/multipart/init'] = () => failWith(500, 'bucket unreachable');
    const { hooks } = hooksFor();
    const outcome = await outcomeOf(upload(patterned(20, 10), hooks));
    expect(outcome.ok ? null : outcome.error.message).toBe(
      'Init multipart failed: bucket unreachable',
    );
  });

  it('aborts when complete fails', async () => {
    multipartServer({ part_size: 10, part_count: 2 });
    routes['POST /s3/multipart/complete'] = () => failWith(500, 'assembly failed');
    autoAnswer();
    const { hooks } = hooksFor();
    const outcome = await outcomeOf(upload(patterned(20, 10), hooks));
    expect(outcome.ok ? null : outcome.error.message).toBe(
      'Complete multipart failed: assembly failed',
    );
    expect(callsTo('/s3/multipart/abort').map((call) => call.body)).toEqual([
      { file_id: 'file-1' },
    ]);
  });

  it('adds a failed abort to the message, but not an abort of an upload already gone', async () => {
    multipartServer({ part_size: 10, part_count: 1 });
    routes['POST /s3/multipart/abort'] = () => failWith(500, 'abort broke');
    const first = hooksFor();
    const failed = outcomeOf(upload(patterned(10, 10), first.hooks));
    await flush();
    xhrForPart(1).respond(500);
    const outcome = await failed;
    expect(outcome.ok ? null : outcome.error.message).toBe(
      'Part 1 upload failed: HTTP 500 · Abort multipart failed: abort broke',
    );

    routes['POST /s3/multipart/abort'] = () => failWith(404, 'gone', 'file.not_found');
    FakeXHR.instances = [];
    const second = hooksFor();
    const gone = outcomeOf(upload(patterned(10, 10), second.hooks));
    await flush();
    xhrForPart(1).respond(500);
    const goneOutcome = await gone;
    expect(goneOutcome.ok ? null : goneOutcome.error.message).toBe(
      'Part 1 upload failed: HTTP 500',
    );
  });
});

describe('cancelling a multipart upload', () => {
  it('stops the parts within 100 ms, aborts, never completes and reads as cancelled', async () => {
    multipartServer({ part_size: 10, part_count: 5 });
    const { hooks, cancel } = hooksFor();
    const result = outcomeOf(upload(patterned(50, 10), hooks));
    await flush();
    expect(inFlightParts()).toEqual([1, 2, 3]);

    cancel.cancel();
    await vi.advanceTimersByTimeAsync(99);
    expect(FakeXHR.instances.some((xhr) => xhr.aborted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeXHR.instances.map((xhr) => xhr.aborted)).toEqual([true, true, true]);
    await flush();

    const outcome = await result;
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? null : outcome.error).toBeInstanceOf(UploadError);
    expect(outcome.ok ? null : outcome.error.message).toBe('Upload cancelled');
    expect(outcome.ok ? null : outcome.error.cancelled).toBe(true);
    expect(FakeXHR.instances).toHaveLength(3);
    expect(callsTo('/s3/multipart/abort')).toHaveLength(1);
    expect(callsTo('/s3/multipart/complete')).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a cancel while the part URLs are being fetched sends no part', async () => {
    multipartServer({ part_size: 10, part_count: 2 });
    const gate: { open?: () => void } = {};
    const parts = routes['POST /s3/multipart/parts'];
    routes['POST /s3/multipart/parts'] = (call) =>
      new Promise((resolve) => {
        gate.open = () => resolve(parts?.(call));
      });
    const { hooks, cancel } = hooksFor();
    const result = outcomeOf(upload(patterned(20, 10), hooks));
    await flush();
    expect(gate.open).toBeDefined();
    cancel.cancel();
    gate.open?.();
    const outcome = await result;
    expect(outcome.ok ? null : outcome.error.message).toBe('Upload cancelled');
    expect(FakeXHR.instances).toHaveLength(0);
    expect(callsTo('/s3/multipart/abort')).toHaveLength(1);
    expect(callsTo('/s3/multipart/complete')).toHaveLength(0);
  });

  it('a cancel between parts stops before the next one', async () => {
    multipartServer({ part_size: 10, part_count: 2 });
    const { hooks, cancel } = hooksFor();
    autoAnswer((xhr) => {
      answerOk(xhr);
      cancel.cancel(); // the user cancels just as part 1 finishes
    });
    routes['POST /s3/multipart/parts'] = () => ({
      parts: [1, 2].map((n) => ({ partNumber: n, url: `https://s3.test/b?partNumber=${n}` })),
    });
    const outcome = await outcomeOf(upload(patterned(20, 10), hooks));
    expect(outcome.ok ? null : outcome.error.message).toBe('Upload cancelled');
    expect(callsTo('/s3/multipart/abort')).toHaveLength(1);
    expect(callsTo('/s3/multipart/complete')).toHaveLength(0);
  });

  it('a cancel while init runs aborts what init reserved and sends no part', async () => {
    multipartServer({ part_size: 10, part_count: 2 });
    const { hooks, cancel } = hooksFor();
    const init = routes['POST /s3/multipart/init'];
    routes['POST /s3/multipart/init'] = (call) => {
      cancel.cancel();
      return init?.(call);
    };
    const outcome = await outcomeOf(upload(patterned(20, 10), hooks));
    expect(outcome.ok ? null : outcome.error.message).toBe('Upload cancelled');
    expect(FakeXHR.instances).toHaveLength(0);
    expect(apiCalls.map((call) => call.path)).toEqual([
      '/s3/multipart/init',
      '/s3/multipart/abort',
    ]);
  });

  it('a cancel before the start makes no call at all', async () => {
    multipartServer({ part_size: 10, part_count: 2 });
    const source = createCancelSource();
    source.cancel();
    const { hooks } = hooksFor(source);
    const outcome = await outcomeOf(upload(patterned(20, 10), hooks));
    expect(outcome.ok ? null : outcome.error.message).toBe('Upload cancelled');
    expect(apiCalls).toHaveLength(0);
  });
});
