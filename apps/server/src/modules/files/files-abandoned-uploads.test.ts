import type { StorageConfig } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { useS3rver } from '../../test/fs-kit';
import { ENGINES, useTestServer } from '../../test/harness';
import { currentProcess } from '../shared/process-identity';

const MiB = 1024 * 1024;

/** `currentProcess.id` with another pid: a process of this host that has stopped. */
const goneProcess = () => {
  const parts = currentProcess.id.split('~');
  parts[2] = '4194000';
  return parts.join('~');
};

/**
 * A `POST /api/upload` form whose file part sends `bytes` and then never ends, as the body of
 * a client whose server is killed mid-upload; `stop()` ends it.
 */
function endlessForm(fields: Record<string, string>, bytes: number) {
  const boundary = 'sharebin-abandoned-upload';
  const head = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        new TextEncoder().encode(
          `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      );
      for (let sent = 0; sent < bytes; sent += MiB) controller.enqueue(new Uint8Array(MiB));
      stop = () => controller.error(new Error('client gone'));
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, stop: () => stop() };
}

describe.each(ENGINES)('share uploads left by a process that is gone, on %s', (engine) => {
  const t = useTestServer(engine);
  const s3rver = useS3rver();

  it('are removed at the next sweep, their multipart upload aborted and their bytes released', async () => {
    const admin = { token: await t.loginAsAdmin() };
    const bucket: StorageConfig = await t.addS3Storage(admin, s3rver().storageFields);
    const form = endlessForm({ s3_config_id: bucket.id }, 12 * MiB);
    const upload = t.server.app.request('/api/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': form.contentType },
      body: form.body,
      duplex: 'half',
    } as RequestInit);
    const uploading = () =>
      t.db.selectFrom('file_shares').selectAll().where('status', '=', 'uploading').execute();
    // The form upload names its process and records the S3 upload as soon as it exists.
    await expect.poll(async () => (await uploading())[0]?.upload_id ?? null).not.toBeNull();
    const [row] = await uploading();
    expect(row?.owner_process).toBe(currentProcess.id);
    const driver = await t.server.drivers.forConfig(bucket.id);
    expect((await driver.listMultipartUploads()).map((u) => u.uploadId)).toContain(row?.upload_id);

    // A process that is still running keeps its upload; one that is gone does not.
    expect((await t.server.sweepAbandonedUploads()).shareUploads).toBe(0);
    await t.db
      .updateTable('file_shares')
      .set({ owner_process: goneProcess() })
      .where('id', '=', row?.id as string)
      .execute();
    expect((await t.server.sweepAbandonedUploads()).shareUploads).toBe(1);
    expect(await uploading()).toEqual([]);
    await expect
      .poll(async () => (await driver.listMultipartUploads()).map((u) => u.uploadId))
      .not.toContain(row?.upload_id);

    form.stop();
    expect((await upload).status).toBeGreaterThanOrEqual(400);
    expect(await uploading()).toEqual([]);
  });
});
