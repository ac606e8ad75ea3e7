import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileShare, StorageConfig } from '@sharebin/shared';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../test/harness';

describe.each(ENGINES)('deleting file shares, on %s', (engine) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-delete-'));
  const t = useTestServer(engine, { dataDir });
  let admin: RequestOptions;
  let storage: StorageConfig;

  beforeEach(async () => {
    ({ admin, storage } = await t.signInWithLocalStorage());
  });

  async function upload(form: Record<string, string> = {}) {
    const response = await t.request<FileShare>(
      'POST',
      '/api/upload',
      uploadForm(Buffer.from('kept whole'), 'kept.txt', form),
      admin,
    );
    expect(response.status).toBe(201);
    return response.body.data;
  }

  const objectPath = (share: FileShare) =>
    path.join(dataDir, 'storage', storage.id, share.storage_path);

  /** Makes every insert into the deletion queue fail, as a crash between the statements would. */
  const breakQueue = () =>
    sql`alter table pending_deletions rename to pending_deletions_away`.execute(t.db);
  const repairQueue = () =>
    sql`alter table pending_deletions_away rename to pending_deletions`.execute(t.db);

  const deletions: [string, (share: FileShare) => Promise<unknown>][] = [
    ['one share', (share) => t.request('DELETE', `/api/admin/files/${share.id}`, undefined, admin)],
    [
      'a batch',
      (share) => t.request('POST', '/api/admin/files/batch-delete', { ids: [share.id] }, admin),
    ],
    [
      'the housekeeping of an expired share',
      async () => {
        t.clock.advance(2 * 3_600_000);
        await t.server.useCases.filesHousekeeping.cleanUp().catch(() => {});
      },
    ],
  ];

  it.each(deletions)(
    'keeps the record and its object when queueing fails (%s)',
    async (_case, remove) => {
      const share = await upload({ expires_in: '1h' });
      await breakQueue();
      await remove(share);
      await repairQueue();

      const rows = await t.db.selectFrom('file_shares').select('id').execute();
      expect(rows).toEqual([{ id: share.id }]);
      expect(existsSync(objectPath(share))).toBe(true);
      expect(await t.db.selectFrom('pending_deletions').selectAll().execute()).toEqual([]);
    },
  );

  it.each(deletions)(
    'removes the record, its object and its queue entry (%s)',
    async (_c, remove) => {
      const share = await upload({ expires_in: '1h' });
      await remove(share);
      expect(await t.db.selectFrom('file_shares').selectAll().execute()).toEqual([]);
      expect(existsSync(objectPath(share))).toBe(false);
      expect(await t.db.selectFrom('pending_deletions').selectAll().execute()).toEqual([]);
    },
  );
});
