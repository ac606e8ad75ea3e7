import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../../test/files-under';
import { ENGINES, useTestServer } from '../../../test/harness';

const MIB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** A form whose file part is sent chunk by chunk, with no Content-Length (chunked). */
function chunkedForm(fileBytes: number) {
  const boundary = 'streamed-quota';
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Yields between chunks so that parallel uploads interleave.
      await delay(1);
      if (sent < 0) {
        sent = 0;
        controller.enqueue(head);
      } else if (sent < fileBytes) {
        const size = Math.min(CHUNK, fileBytes - sent);
        sent += size;
        controller.enqueue(new Uint8Array(size).fill(1));
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(ENGINES)('parallel uploads of undeclared length, on %s', (engine) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-quota-'));
  const t = useTestServer(engine, { dataDir });

  it('store no more than the storage capacity; the uploads over it are refused', async () => {
    const { admin, storage } = await t.signInWithLocalStorage();
    const capacity = 5 * MIB;
    const updated = await t.request(
      'PUT',
      `/api/s3-configs/${storage.id}`,
      { total_capacity_bytes: capacity },
      admin,
    );
    expect(updated.status).toBe(200);

    const uploads = 4;
    const fileBytes = 2 * MIB; // four of them hold 8 MiB, more than the 5 MiB capacity
    const answers = await Promise.all(
      Array.from({ length: uploads }, async () => {
        const form = chunkedForm(fileBytes);
        const response = await t.server.app.request('/api/upload', {
          method: 'POST',
          body: form.body,
          duplex: 'half',
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': form.contentType },
        } as RequestInit);
        return { status: response.status, body: (await response.json()) as { error?: string } };
      }),
    );

    const stored = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) {
      expect(answer.status).toBe(413);
      expect(answer.body.error).toBe('storage.insufficient');
    }
    const rows = await t.db.selectFrom('file_shares').select(['status', 'size']).execute();
    expect(rows).toHaveLength(stored.length);
    expect(rows.every((row) => row.status === 'live' && row.size === fileBytes)).toBe(true);
    expect(rows.length * fileBytes).toBeLessThanOrEqual(capacity);
    // On disk: the live files and nothing else (no temp file of a refused upload).
    expect(filesUnder(path.join(dataDir, 'storage', storage.id))).toHaveLength(stored.length);
  });
});
