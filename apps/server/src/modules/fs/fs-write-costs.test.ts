import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { Mount, StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_BASIC } from '../../test/dav-kit';
import { ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { TEMP_FOLDER } from '../storage/drivers/local/local-files';
import { HASH_ON_LOOP_BYTES } from './checksums/fs-checksums.usecases';

const digest = (algorithm: string, bytes: Buffer) =>
  createHash(algorithm).update(bytes).digest('hex');

/** A request body the test feeds chunk by chunk, to look at the server while it streams. */
function fedBody() {
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      feed = controller;
    },
  });
  return { body, push: (bytes: Buffer) => feed.enqueue(bytes), end: () => feed.close() };
}

describe.each(ENGINES)('what a small write costs and records, on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let storage: StorageConfig;

  const put = (
    path: string,
    body: string | Buffer | ReadableStream<Uint8Array>,
    headers: Record<string, string> = {},
  ) =>
    t.server.app.request(`http://sharebin.test/dav/docs${path}`, {
      method: 'PUT',
      headers: { Authorization: ADMIN_BASIC, ...headers },
      body,
      // A stream body needs it (fetch's rule; the app itself does not care).
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
  const checksumRows = () => t.db.selectFrom('file_checksums').selectAll().execute();
  const indexed = async (name: string) => {
    await t.server.fsIndex.drain();
    return t.db.selectFrom('search_entries').select('path').where('name', '=', name).execute();
  };

  beforeEach(async () => {
    ({ admin, storage } = await t.signInWithLocalStorage());
    await ok<Mount>(
      t.request(
        'POST',
        '/api/admin/mounts',
        { name: 'docs', storage_type: 'local', storage_config_id: storage.id, mount_path: '/docs' },
        admin,
      ),
      201,
    );
  });

  it('holds nothing for a storage without a capacity: no row while the file streams in', async () => {
    const { body, push, end } = fedBody();
    const answered = put('/streaming.bin', body);
    push(randomBytes(64 * 1024));
    // The write is under way once its temp file exists: no row was written before it.
    const tempFiles = () =>
      readdirSync(t.dataDir, { recursive: true, withFileTypes: true }).filter(
        (entry) => entry.isFile() && entry.parentPath.endsWith(TEMP_FOLDER),
      );
    await expect.poll(tempFiles, { timeout: 10_000, interval: 10 }).toHaveLength(1);
    expect(await t.db.selectFrom('fs_uploads').selectAll().execute()).toEqual([]);
    end();
    expect((await answered).status).toBe(201);
    expect(await t.db.selectFrom('fs_uploads').selectAll().execute()).toEqual([]);
  });

  it('records the MD5 and SHA-1 of what streamed in, for the stored object’s ETag', async () => {
    const bytes = randomBytes(300_000);
    const answer = await put('/a.bin', bytes);
    expect(answer.status).toBe(201);
    await t.server.fsIndex.drain();
    const etag = answer.headers.get('etag')?.replaceAll('"', '');
    expect(await checksumRows()).toEqual([
      {
        storage_config_id: storage.id,
        storage_key: 'a.bin',
        etag,
        md5: digest('md5', bytes),
        sha1: digest('sha1', bytes),
      },
    ]);

    // Written again, larger than what is hashed on the event loop (the hashing thread's):
    // the new bytes' checksums replace the old ones.
    const again = randomBytes(HASH_ON_LOOP_BYTES * 3 + 17);
    await put('/a.bin', again);
    await t.server.fsIndex.drain();
    expect((await checksumRows()).map(({ md5, sha1 }) => ({ md5, sha1 }))).toEqual([
      { md5: digest('md5', again), sha1: digest('sha1', again) },
    ]);
  });

  it('moves checksums with a renamed file and forgets those of a deleted one', async () => {
    const bytes = Buffer.from('hello');
    await put('/a.txt', bytes);
    const moved = await t.server.app.request('http://sharebin.test/dav/docs/a.txt', {
      method: 'MOVE',
      headers: { Authorization: ADMIN_BASIC, Destination: 'http://sharebin.test/dav/docs/b.txt' },
    });
    expect(moved.status).toBe(201);
    expect((await checksumRows()).map((row) => [row.storage_key, row.md5])).toEqual([
      ['b.txt', digest('md5', bytes)],
    ]);
    const deleted = await t.server.app.request('http://sharebin.test/dav/docs/b.txt', {
      method: 'DELETE',
      headers: { Authorization: ADMIN_BASIC },
    });
    expect(deleted.status).toBe(204);
    expect(await checksumRows()).toEqual([]);
  });

  it('indexes in the order of the writes: a file written and deleted at once is not found', async () => {
    await put('/gone.txt', 'soon gone');
    await t.server.app.request('http://sharebin.test/dav/docs/gone.txt', {
      method: 'DELETE',
      headers: { Authorization: ADMIN_BASIC },
    });
    await put('/kept.txt', 'stays');
    expect(await indexed('gone.txt')).toEqual([]);
    expect(await indexed('kept.txt')).toEqual([{ path: '/kept.txt' }]);
    const found = await ok<{ items: { name: string }[] }>(
      t.request('GET', '/api/admin/fs/search?q=kept', undefined, admin),
    );
    expect(found.items.map((item) => item.name)).toEqual(['kept.txt']);
  });

  it('serves them as oc:checksums while the file keeps its bytes, and none once changed by other means', async () => {
    const bytes = Buffer.from('checked by hash');
    await put('/hashed.txt', bytes);
    const propfind = async () => {
      const answer = await t.server.app.request('http://sharebin.test/dav/docs/hashed.txt', {
        method: 'PROPFIND',
        headers: { Authorization: ADMIN_BASIC, Depth: '0' },
        body: '<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:checksums/><d:getetag/></d:prop></d:propfind>',
      });
      expect(answer.status).toBe(207);
      return answer.text();
    };
    expect(await propfind()).toMatch(
      new RegExp(
        `<a:checksums><a:checksum>SHA1:${digest('sha1', bytes)} MD5:${digest('md5', bytes)}</a:checksum></a:checksums>`,
      ),
    );
    // Rewritten behind Sharebin's back (another program on the host folder): a new ETag.
    const driver = await t.server.drivers.forConfig(storage.id);
    await driver.put('hashed.txt', Readable.from([Buffer.from('changed elsewhere')]), {});
    const after = await propfind();
    expect(after).not.toMatch(/checksum>/);
    expect(after).toMatch(/<a:checksums\/><\/D:prop><D:status>HTTP\/1.1 404/);
  });
});
