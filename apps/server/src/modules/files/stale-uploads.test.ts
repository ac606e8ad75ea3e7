import type { MultipartInitResponse } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { STALE_UPLOAD_MS } from './files.housekeeping';

const MIB = 1024 * 1024;
const HOUR = 3_600_000;

describe.each(ENGINES)('the stale-upload clean-up, on %s', (engine) => {
  const t = useTestServer(engine);

  const startMultipart = async (admin: RequestOptions, filename: string, size: number) =>
    (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/s3/multipart/init',
        { filename, size },
        admin,
      )
    ).body.data;

  const uploading = async () =>
    (await t.db.selectFrom('file_shares').select('status').execute()).map((row) => row.status);

  it('spares a slow multipart upload whose parts still arrive, and sweeps it once idle', async () => {
    const { admin } = await t.signInWithLocalStorage();
    const bytes = Buffer.alloc(12 * MIB, 3);
    const init = await startMultipart(admin, 'slow.bin', bytes.length);
    expect(init.part_count).toBeGreaterThan(1);
    const { cleanUp } = t.server.useCases.filesHousekeeping;

    // A part a little before the day is over, another one after it: the upload is alive.
    t.clock.advance(STALE_UPLOAD_MS - HOUR);
    await t.sendParts('/api/s3', init, bytes, admin, [1]);
    t.clock.advance(2 * HOUR);
    expect(await cleanUp()).toMatchObject({ deleted: 0 });
    expect(await uploading()).toEqual(['uploading']);

    // Idle for a whole day since its last part: swept.
    t.clock.advance(STALE_UPLOAD_MS);
    expect(await cleanUp()).toMatchObject({ deleted: 1 });
    expect(await uploading()).toEqual([]);
  });

  it('keeps at most one activity write a minute for an upload', async () => {
    const { admin } = await t.signInWithLocalStorage();
    const init = await startMultipart(admin, 'busy.bin', 12 * MIB);
    const created = t.clock.now();
    const activity = async () =>
      (await t.db.selectFrom('file_shares').select('last_activity_at').executeTakeFirstOrThrow())
        .last_activity_at;
    t.clock.advance(30_000);
    await t.sendParts('/api/s3', init, Buffer.alloc(12 * MIB), admin, [1]);
    expect(await activity()).toBe(created);
    t.clock.advance(30_000);
    await t.sendParts('/api/s3', init, Buffer.alloc(12 * MIB), admin, [2]);
    expect(await activity()).toBe(created + 60_000);
  });
});
