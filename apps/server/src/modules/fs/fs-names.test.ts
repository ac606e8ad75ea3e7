import http from 'node:http';
import { Readable } from 'node:stream';
import { ERROR_CODES, type FsEntry, type FsListing, NAME_MAX_BYTES } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_BASIC, listenForClients } from '../../test/dav-kit';
import {
  adminWithDocsMount,
  adminWithLocalDocsMount,
  ENGINE_DRIVER_CASES,
  ok,
  useS3rver,
} from '../../test/fs-kit';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { jobTestClients } from '../../test/jobs-kit';

/**
 * Names that a URL or a normaliser could take for something else: every one that a listing
 * shows must open, download, rename, copy and delete through the API and WebDAV alike.
 */
const ODD_NAMES = [
  '100%.txt',
  '%25.txt',
  '%2e%2e',
  'a%20b.txt',
  'a+b.txt',
  'hash#.txt',
  'what?.txt',
  'two  spaces .txt',
  'caf\u00e9-nfc.txt',
  'cafe\u0301-nfd.txt',
  '\u{1f600} emoji.txt',
  '\u6587\u6863 CJK.txt',
];

/** A request line exactly as given: fetch and `new URL` would resolve `..` before sending it. */
function rawRequest(base: string, method: string, target: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { hostname, port, method, path: target, headers: { Authorization: ADMIN_BASIC } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const davUrl = (path: string) => `/dav${path.split('/').map(encodeURIComponent).join('/')}`;

describe.each(ENGINE_DRIVER_CASES)('odd names on %s over %s storage', (engine, driverKind) => {
  const t = useTestServer(engine);
  const s3rver = useS3rver();
  let admin: RequestOptions;
  const clients = () =>
    jobTestClients(
      () => t.server,
      () => admin,
    );

  beforeEach(async () => {
    ({ admin } = await adminWithDocsMount(t, driverKind, s3rver));
  });

  it('opens, downloads, renames, copies and deletes every name a listing shows, by API and WebDAV', async () => {
    const { fs, jobs } = clients();
    const folder = '/docs/odd';
    for (const name of ODD_NAMES) await ok(fs.upload(folder, name, `body of ${name}`), 201);
    const listed = await ok(fs.list(folder));
    expect(listed.items.map((item) => item.path).sort()).toEqual(
      ODD_NAMES.map((name) => `${folder}/${name}`).sort(),
    );
    for (const item of listed.items) {
      const entry = await ok(
        fs.request<FsEntry>('GET', `/api/admin/fs/get?path=${encodeURIComponent(item.path)}`),
      );
      expect(entry.name, item.path).toBe(item.name);
      expect((await fs.bytes(item.path))?.toString(), item.path).toBe(`body of ${item.name}`);
      const renamed = `${item.path}.renamed`;
      const answer = await fs.request('POST', '/api/admin/fs/rename', {
        oldPath: item.path,
        newPath: renamed,
      });
      expect(answer.status, item.path).toBe(200);
      expect((await fs.bytes(renamed))?.toString(), renamed).toBe(`body of ${item.name}`);
    }
    const copy = await jobs.start('batch-copy', [
      { sourcePath: folder, targetPath: '/docs/copied/' },
    ]);
    expect((await jobs.finish(copy)).status).toBe('completed');
    expect(await fs.names('/docs/copied/odd')).toEqual(
      ODD_NAMES.map((name) => `${name}.renamed`).sort(),
    );

    const server = await listenForClients(t.server);
    try {
      const dav = (method: string, path: string, headers: Record<string, string> = {}) =>
        fetch(`${server.url}${davUrl(path)}`, {
          method,
          headers: { Authorization: ADMIN_BASIC, ...headers },
        });
      const tree = await dav('PROPFIND', '/docs/copied', { Depth: 'infinity' });
      expect(tree.status).toBe(207);
      const hrefs = [...(await tree.text()).matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) =>
        decodeURIComponent(m[1] as string),
      );
      for (const name of ODD_NAMES) expect(hrefs).toContain(`/dav/docs/copied/odd/${name}.renamed`);
      for (const name of ODD_NAMES) {
        const path = `/docs/copied/odd/${name}.renamed`;
        expect(await (await dav('GET', path)).text(), path).toBe(`body of ${name}`);
        const moved = await dav('MOVE', path, {
          Destination: `${server.url}${davUrl(`/docs/copied/odd/${name}`)}`,
        });
        expect(moved.status, path).toBe(201);
        expect((await dav('DELETE', `/docs/copied/odd/${name}`)).status, name).toBe(204);
      }
      expect(await fs.names('/docs/copied/odd')).toEqual([]);
    } finally {
      await server.close();
    }
    const removed = await ok(
      fs.request<{ failed: unknown[] }>('POST', '/api/admin/fs/batch-remove', {
        paths: ODD_NAMES.map((name) => `${folder}/${name}.renamed`),
      }),
    );
    expect(removed.failed).toEqual([]);
    expect(await fs.names(folder)).toEqual([]);
  });
});

describe.each(ENGINES)('names and URLs the file system refuses, on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  const fs = () =>
    jobTestClients(
      () => t.server,
      () => admin,
    ).fs;
  const tooLong = 'n'.repeat(NAME_MAX_BYTES + 1);

  beforeEach(async () => {
    ({ admin } = await adminWithLocalDocsMount(t));
  });

  it('refuses a name longer than 255 bytes with 400 fs.name_too_long on every call, and creates nothing', async () => {
    const calls = [
      fs().request('POST', '/api/admin/fs/mkdir', { path: `/docs/${tooLong}` }),
      fs().request('POST', '/api/admin/fs/update', { path: `/docs/${tooLong}`, content: 'x' }),
      fs().request('GET', `/api/admin/fs/get?path=/docs/${tooLong}`),
      fs().request('GET', `/api/admin/fs/list?path=/docs/${tooLong}`),
      // 86 CJK characters: 258 bytes in fewer than 255 characters.
      fs().request('POST', '/api/admin/fs/mkdir', { path: `/docs/a/${'\u6587'.repeat(86)}` }),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(ERROR_CODES.fsNameTooLong);
    }
    // The file name of a form is checked with the form's other fields.
    expect((await fs().upload('/docs', tooLong, 'x')).status).toBe(400);
    expect(await fs().names('/docs')).toEqual([]);
    const longest = 'n'.repeat(NAME_MAX_BYTES);
    await ok(fs().request('POST', '/api/admin/fs/mkdir', { path: `/docs/${longest}` }), 201);

    const server = await listenForClients(t.server);
    try {
      for (const method of ['GET', 'PUT', 'PROPFIND', 'MKCOL', 'DELETE']) {
        expect(await rawRequest(server.url, method, `/dav/docs/${tooLong}`), method).toBe(400);
      }
    } finally {
      await server.close();
    }
    expect(await fs().names('/docs')).toEqual([longest]);
  });

  it('refuses WebDAV URLs with "..", "%2e%2e" or "..\\" before any normaliser resolves them', async () => {
    await ok(fs().upload('/docs/secret', 'canary.txt', 'still here'), 201);
    await ok(fs().upload('/docs/public', 'a.txt', 'a'), 201);
    const server = await listenForClients(t.server);
    try {
      for (const target of [
        '/dav/docs/public/../secret/canary.txt',
        '/dav/docs/public/%2e%2e/secret/canary.txt',
        '/dav/docs/public/%2E%2E/secret/canary.txt',
        '/dav/docs/public/..\\secret\\canary.txt',
        '/dav/docs/public/..%5csecret/canary.txt',
        'http://127.0.0.1/dav/docs/public/../secret/canary.txt',
      ]) {
        expect(await rawRequest(server.url, 'DELETE', target), target).toBe(400);
      }
      const moved = await fetch(`${server.url}/dav/docs/public/a.txt`, {
        method: 'MOVE',
        headers: { Authorization: ADMIN_BASIC, Destination: '/dav/docs/public/../secret/a.txt' },
      });
      expect(moved.status).toBe(400);
    } finally {
      await server.close();
    }
    expect((await fs().bytes('/docs/secret/canary.txt'))?.toString()).toBe('still here');
    expect(await fs().names('/docs/public')).toEqual(['a.txt']);
    const secret = await ok(fs().list('/docs/secret'));
    expect((secret as FsListing).items.map((item) => item.name)).toEqual(['canary.txt']);
  });
});

describe.each(ENGINE_DRIVER_CASES)(
  'one type detection on %s over %s storage',
  (engine, driverKind) => {
    const t = useTestServer(engine);
    const s3rver = useS3rver();

    it('reports a .md stored as octet-stream as text/markdown in list, get and download', async () => {
      const { admin, storage } = await adminWithDocsMount(t, driverKind, s3rver);
      const driver = await t.server.drivers.forConfig(storage.id);
      await driver.put('notes.md', Readable.from([Buffer.from('# Notes')]), {
        contentLength: 7,
        contentType: 'application/octet-stream',
      });
      const fs = jobTestClients(
        () => t.server,
        () => admin,
      ).fs;
      const listed = await ok(fs.list('/docs'));
      expect(listed.items.find((item) => item.name === 'notes.md')?.mimetype).toBe('text/markdown');
      const entry = await ok(fs.request<FsEntry>('GET', '/api/admin/fs/get?path=/docs/notes.md'));
      expect(entry.mimetype).toBe('text/markdown');
      const download = await t.server.app.request('/api/admin/fs/download?path=/docs/notes.md', {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(download.headers.get('content-type')).toMatch(/^text\/markdown/);
    });
  },
);
