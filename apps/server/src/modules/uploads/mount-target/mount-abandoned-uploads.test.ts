import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminWithDocsMount, useS3rver } from '../../../test/fs-kit';
import { useTestServer } from '../../../test/harness';
import { newId } from '../../shared/crypto';
import type { FsUploadsTable } from '../../shared/db.schema';
import { createProcessIdentity, currentProcess } from '../../shared/process-identity';
import { abandonedStreamMs } from './mount-uploads.housekeeping';

vi.setConfig({ testTimeout: 30_000 });
const s3rver = useS3rver();

/** A pid that runs nothing now: that of a process that has exited. */
const exitedPid = () => spawnSync('true').pid as number;

describe('the sweep of uploads streamed by a process that is gone', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-abandoned-'));
  const t = useTestServer('sqlite', { dataDir });
  let storage: StorageConfig;
  beforeEach(async () => {
    ({ storage } = await adminWithDocsMount(t, 's3', s3rver));
  });

  const driver = () => t.server.drivers.forConfig(storage.id);
  const openUploads = async () =>
    (await (await driver()).listMultipartUploads()).map((upload) => upload.key).sort();
  const rows = async () =>
    (
      await t.db.selectFrom('fs_uploads').select('storage_key').orderBy('storage_key').execute()
    ).map((row) => row.storage_key);
  async function addRow(key: string, fields: Partial<FsUploadsTable>) {
    const now = t.clock.now();
    await t.db
      .insertInto('fs_uploads')
      .values({
        id: newId(),
        storage_config_id: storage.id,
        storage_key: key,
        upload_id: null,
        size: 1024,
        created_at: now,
        last_activity_at: now,
        owner_process: null,
        ...fields,
      })
      .execute();
  }

  it('aborts their multipart uploads (recorded or not) and releases their bytes; spares the rest', async () => {
    const gone = createProcessIdentity({ pid: exitedPid() }).id;
    // A process this one cannot tell is gone: its pid runs (our parent).
    const elsewhere = createProcessIdentity({ pid: process.ppid }).id;
    const s3 = await driver();
    const recorded = await s3.createMultipart('recorded.bin');
    // Killed between CreateMultipartUpload and the row's update: the id is only in S3.
    await s3.createMultipart('window.bin');
    const remote = await s3.createMultipart('remote.bin');
    const mine = await s3.createMultipart('mine.bin');
    const client = await s3.createMultipart('client.bin');
    await addRow('recorded.bin', { owner_process: gone, upload_id: recorded.uploadId });
    await addRow('window.bin', { owner_process: gone });
    await addRow('remote.bin', { owner_process: elsewhere, upload_id: remote.uploadId });
    await addRow('mine.bin', { owner_process: currentProcess.id, upload_id: mine.uploadId });
    await addRow('client.bin', { upload_id: client.uploadId });

    expect(await t.server.sweepAbandonedUploads()).toEqual({
      aborted: 2,
      released: 2,
      temporaryFilesRemoved: 0,
      shareUploads: 0,
      uploadRequestArrivals: 0,
    });
    expect(await openUploads()).toEqual(['client.bin', 'mine.bin', 'remote.bin']);
    expect(await rows()).toEqual(['client.bin', 'mine.bin', 'remote.bin']);

    // Another instance's write counts as abandoned once silent for longer than any running
    // process leaves one (HTTP_IDLE_TIMEOUT's default here).
    t.clock.advance(abandonedStreamMs(60_000) - 1_000);
    await t.server.sweepAbandonedUploads();
    expect(await rows()).toEqual(['client.bin', 'mine.bin', 'remote.bin']);
    t.clock.advance(2_000);
    expect((await t.server.sweepAbandonedUploads()).released).toBe(2);
    expect(await openUploads()).toEqual(['client.bin']);
    expect(await rows()).toEqual(['client.bin']);
  });
});

describe('the sweep of temp files on local storage', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-abandoned-temp-'));
  const t = useTestServer('sqlite', { dataDir });

  it('removes the local temp files of a process that is gone, whatever their age, and only those', async () => {
    const { storage } = await adminWithDocsMount(t, 'local', s3rver);
    const temp = path.join(dataDir, 'storage', storage.id, '.tmp');
    await mkdir(temp, { recursive: true });
    const gone = createProcessIdentity({ pid: exitedPid() }).id;
    const elsewhere = createProcessIdentity({ pid: process.ppid }).id;
    const names = [`${gone}~aa`, `${elsewhere}~bb`, `${currentProcess.id}~cc`, 'older-version'];
    for (const name of names) await writeFile(path.join(temp, name), 'partial');

    expect((await t.server.sweepAbandonedUploads()).temporaryFilesRemoved).toBe(1);
    expect((await readdir(temp)).sort()).toEqual(names.slice(1).sort());
  });
});
