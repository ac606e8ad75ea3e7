import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FsListing, Mount, StorageConfig } from '@sharebin/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../../../test/eventually';
import { filesUnder } from '../../../test/files-under';
import { type S3rverInstance, startS3rver } from '../../../test/s3rver';
import {
  apiCall,
  endlessDavPut,
  fsUploadRowsOf,
  openMultipartUploads,
  PROCESS_ADMIN,
  type ServerProcess,
  startServerProcess,
} from '../../../test/server-process';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const MIB = 1024 * 1024;
const davAuth = `Basic ${Buffer.from(`${PROCESS_ADMIN.username}:${PROCESS_ADMIN.password}`).toString('base64')}`;

describe('uploads of a server killed mid-way (kill -9)', () => {
  let s3: S3rverInstance;
  const running: ServerProcess[] = [];
  const folders: string[] = [];
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(async () => {
    await s3?.stop();
  });
  afterEach(async () => {
    for (const server of running.splice(0)) await server.killHard();
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  });

  it('are aborted, removed and released at the next start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sharebin-crash-'));
    folders.push(dataDir);
    const first = await startServerProcess({ dataDir });
    running.push(first);
    const { token } = await apiCall<{ token: string }>(
      first.url,
      'POST',
      '/admin/login',
      null,
      PROCESS_ADMIN,
    );
    const [local] = await apiCall<StorageConfig[]>(first.url, 'GET', '/s3-configs', token);
    if (!local) throw new Error('no default local storage');
    // A local write holds a row only with a capacity (its temp file is swept anyway); an S3
    // write has its row from the start, whatever the capacity: the multipart upload it starts
    // must be known to the sweep.
    await apiCall(first.url, 'PUT', `/s3-configs/${local.id}`, token, {
      total_capacity_bytes: 100 * 1024 * MIB,
    });
    const remote = await apiCall<StorageConfig>(first.url, 'POST', '/s3-configs', token, {
      ...s3.storageFields,
      name: 's3rver',
      default_folder: 'crash',
    });
    for (const [name, config] of [
      ['local', local],
      ['remote', remote],
    ] as const) {
      await apiCall<Mount>(first.url, 'POST', '/admin/mounts', token, {
        name,
        storage_type: config.storage_type,
        storage_config_id: config.id,
        mount_path: `/${name}`,
      });
    }
    const tempDir = path.join(dataDir, 'storage', local.id, local.default_folder ?? '', '.tmp');
    const uploads = fsUploadRowsOf(dataDir);
    const uploadRows = uploads.rows;

    try {
      // Two streamed PUTs of unknown length, caught by the kill mid-way: one to S3 (a
      // multipart upload of lib-storage's, parts already sent) and one to the local storage
      // (a temp file being written).
      const toS3 = endlessDavPut(first.url, '/remote/big.bin');
      const toDisk = endlessDavPut(first.url, '/local/big.bin');
      await eventually(async () => {
        const rows = uploadRows();
        expect(rows.find((row) => row.storage_config_id === remote.id)?.upload_id).toBeTruthy();
        expect(rows.find((row) => row.storage_config_id === local.id)).toBeDefined();
        expect(filesUnder(tempDir).length).toBe(1);
        expect(toS3.sent()).toBeGreaterThan(20 * MIB);
      }, 60_000);
      await first.killHard();
      toS3.stop();
      toDisk.stop();

      // What the killed process left: nothing would ever remove it before this change.
      const open = await openMultipartUploads(s3);
      expect(open.map((upload) => upload.key)).toEqual(['crash/big.bin']);
      expect(uploadRows()).toHaveLength(2);
      const held = (configId: string) =>
        Number(uploadRows().find((row) => row.storage_config_id === configId)?.size);
      expect(held(local.id)).toBeGreaterThan(0);
      expect(held(remote.id)).toBeGreaterThan(0);
      expect(filesUnder(tempDir)).toHaveLength(1);

      const second = await startServerProcess({ dataDir });
      running.push(second);
      await eventually(async () => {
        expect(await openMultipartUploads(s3)).toEqual([]);
        expect(uploadRows()).toEqual([]);
        expect(filesUnder(tempDir)).toEqual([]);
        // The start-up sweep did it, not a time-out: one upload aborted, two rows released (the
        // temp file goes with the sweep, or with the scheduled housekeeping that starts with it).
        expect(second.output.stdout).toMatch(
          /"swept":\{"aborted":1,"released":2,"temporaryFilesRemoved":[01],"shareUploads":0,"uploadRequestArrivals":0\}/,
        );
      }, 20_000);

      // Nothing of the killed uploads became a file, and both storages take a new upload.
      for (const mount of ['/remote', '/local']) {
        const listing = await apiCall<FsListing>(
          second.url,
          'GET',
          `/admin/fs/list?path=${encodeURIComponent(mount)}`,
          token,
        );
        expect(listing.items.map((item) => item.name)).toEqual([]);
        const stored = await fetch(`${second.url}/dav${mount}/small.txt`, {
          method: 'PUT',
          headers: { authorization: davAuth },
          body: 'fits',
        });
        expect(stored.status).toBe(201);
      }
    } finally {
      uploads.close();
    }
  });
});
