import { WEBDAV_UPLOAD_MODES } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_BASIC, basicAuth, davRequest, listenForClients } from '../../test/dav-kit';
import { adminWithDocsMount, ENGINE_DRIVER_CASES, fsKeyWith, useS3rver } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { bodyLengthFor, SINGLE_PUT_MAX_BYTES } from './dav-write';
import { propertyTexts, responsesOf } from './webdav-xml.testkit';

const PROPFIND_NAMES = `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getcontentlength/><D:resourcetype/><x:color xmlns:x="urn:paint"/></D:prop></D:propfind>`;
const setColor = (value: string) =>
  `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x:color xmlns:x="urn:paint">${value}</x:color></D:prop></D:set></D:propertyupdate>`;
const LOCK_EXCLUSIVE = `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>tester</D:owner></D:lockinfo>`;

describe.each(ENGINE_DRIVER_CASES)('WebDAV on %s over %s storage', (engine, driverKind) => {
  const t = useTestServer(engine, { davPropfindMaxEntries: 5 });
  const s3rver = useS3rver();
  const dav = (method: string, path: string, options?: Parameters<typeof davRequest>[3]) =>
    davRequest(() => t.server, method, path, options);
  beforeEach(async () => {
    await adminWithDocsMount(t, driverKind, s3rver);
  });

  it('answers OPTIONS with both classes, without credentials', async () => {
    const response = await dav('OPTIONS', '/dav/', { headers: { Authorization: '' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('dav')).toBe('1, 2');
    expect(response.headers.get('ms-author-via')).toBe('DAV');
  });

  it('lists the mounts at the root and a folder at Depth 1', async () => {
    expect((await dav('PUT', '/dav/docs/a.txt', { body: 'hello' })).status).toBe(201);
    const root = await dav('PROPFIND', '/dav/', { headers: { Depth: '1' } });
    expect(root.status).toBe(207);
    expect(await root.text()).toContain('<D:href>/dav/docs/</D:href>');
    const folder = await (await dav('PROPFIND', '/dav/docs/', { headers: { Depth: '1' } })).text();
    expect(folder).toContain('<D:href>/dav/docs/a.txt</D:href>');
    expect(folder).toContain('<D:getcontentlength>5</D:getcontentlength>');
  });

  it('stores a PUT (201, then 204), serves it with Range, and refuses a PUT without a parent', async () => {
    expect((await dav('PUT', '/dav/docs/b.txt', { body: 'first' })).status).toBe(201);
    expect((await dav('PUT', '/dav/docs/b.txt', { body: 'second!' })).status).toBe(204);
    const whole = await dav('GET', '/dav/docs/b.txt');
    expect(await whole.text()).toBe('second!');
    const part = await dav('GET', '/dav/docs/b.txt', { headers: { Range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('eco');
    expect((await dav('PUT', '/dav/docs/none/c.txt', { body: 'x' })).status).toBe(409);
    expect((await dav('PROPFIND', '/dav/docs/none', { headers: { Depth: '0' } })).status).toBe(404);
  });

  it('answers a HEAD over a real socket with the headers of its GET, Last-Modified included', async () => {
    expect((await dav('PUT', '/dav/docs/h.txt', { body: 'headed' })).status).toBe(201);
    const clients = await listenForClients(t.server);
    try {
      const at = (method: string) =>
        fetch(`${clients.url}/dav/docs/h.txt`, { method, headers: { Authorization: ADMIN_BASIC } });
      const get = await at('GET');
      expect(await get.text()).toBe('headed');
      const head = await at('HEAD');
      expect(head.status).toBe(200);
      expect(head.headers.get('last-modified')).toBeTruthy();
      for (const name of ['last-modified', 'content-length', 'etag', 'x-content-type-options']) {
        expect(head.headers.get(name), name).toBe(get.headers.get(name));
      }
    } finally {
      await clients.close();
    }
  });

  it('answers what a prop asks for, each namespace declared once, dates only where they exist', async () => {
    await dav('MKCOL', '/dav/docs/lean/');
    await dav('MKCOL', '/dav/docs/lean/sub/');
    for (const name of ['1.txt', '2.txt'])
      await dav('PUT', `/dav/docs/lean/${name}`, { body: name });
    await dav('PROPPATCH', '/dav/docs/lean/1.txt', { body: setColor('red') });
    const asked = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><d:getlastmodified/><d:creationdate/><x:color xmlns:x="urn:paint"/><oc:checksums/></d:prop></d:propfind>`;
    const response = await dav('PROPFIND', '/dav/docs/lean/', {
      headers: { Depth: '1' },
      body: asked,
    });
    const text = await response.text();
    expect(text.match(/urn:paint/g)).toHaveLength(1);
    expect(text.match(/owncloud\.org/g)).toHaveLength(1);
    expect(text).not.toContain('\n<D:response');
    const answers = responsesOf(text);
    expect([...answers.keys()].sort()).toEqual([
      '/dav/docs/lean/',
      '/dav/docs/lean/1.txt',
      '/dav/docs/lean/2.txt',
      '/dav/docs/lean/sub/',
    ]);
    for (const properties of answers.values()) {
      expect([...properties.keys()].sort()).toEqual([
        '{DAV:}creationdate',
        '{DAV:}getlastmodified',
        '{http://owncloud.org/ns}checksums',
        '{urn:paint}color',
      ]);
      // Files written through Sharebin have theirs; folders have none.
      const checksums = properties.get('{http://owncloud.org/ns}checksums');
      if (checksums?.status === 200) expect(checksums.text).toMatch(/^SHA1:[0-9a-f]{40} MD5:/);
      // A date is one the storage keeps, never the Unix epoch for one it does not.
      const modified = properties.get('{DAV:}getlastmodified');
      if (modified?.status === 200) expect(modified.text).not.toContain('1970');
      else expect(properties.get('{DAV:}creationdate')?.status).toBe(404);
    }
    expect(answers.get('/dav/docs/lean/1.txt')?.get('{urn:paint}color')).toEqual({
      status: 200,
      text: 'red',
    });
    expect(answers.get('/dav/docs/lean/2.txt')?.get('{urn:paint}color')?.status).toBe(404);
    expect(answers.get('/dav/docs/lean/2.txt')?.get('{http://owncloud.org/ns}checksums')).toEqual({
      status: 200,
      text: 'SHA1:6dd4548b6caa0537c494a5226640899ed4af3a9d MD5:c3d57eb88086a04b1e04d06a9b6188e5',
    });
    expect(
      answers.get('/dav/docs/lean/sub/')?.get('{http://owncloud.org/ns}checksums')?.status,
    ).toBe(404);
    for (const file of ['/dav/docs/lean/1.txt', '/dav/docs/lean/2.txt']) {
      expect(answers.get(file)?.get('{DAV:}getlastmodified')?.status).toBe(200);
      expect(answers.get(file)?.get('{DAV:}creationdate')?.text).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
      );
    }
    // Local folders have their own dates; S3 keeps none for a folder.
    const folderDated = answers.get('/dav/docs/lean/sub/')?.get('{DAV:}getlastmodified')?.status;
    expect(folderDated).toBe(driverKind === 'local' ? 200 : 404);
  });

  it('refuses Depth infinity past the configured number of entries, and serves it below', async () => {
    await dav('MKCOL', '/dav/docs/tree/');
    for (const name of ['1', '2', '3', '4', '5'])
      await dav('PUT', `/dav/docs/tree/${name}`, { body: name });
    const tooMany = await dav('PROPFIND', '/dav/docs/tree/', { headers: { Depth: 'infinity' } });
    expect(tooMany.status).toBe(403);
    expect(await tooMany.text()).toContain('<D:propfind-finite-depth>');
    await dav('DELETE', '/dav/docs/tree/5');
    const allowed = await dav('PROPFIND', '/dav/docs/tree/', { headers: { Depth: 'infinity' } });
    expect(allowed.status).toBe(207);
    expect((await allowed.text()).match(/<D:response>/g)).toHaveLength(5);
  });

  it('keeps dead properties, carries them through COPY and MOVE, drops them with DELETE', async () => {
    await dav('PUT', '/dav/docs/p.txt', { body: 'p' });
    const set = await dav('PROPPATCH', '/dav/docs/p.txt', { body: setColor('blue') });
    expect(set.status).toBe(207);
    const copied = await dav('COPY', '/dav/docs/p.txt', {
      headers: { Destination: 'http://sharebin.test/dav/docs/q.txt' },
    });
    expect(copied.status).toBe(201);
    const moved = await dav('MOVE', '/dav/docs/q.txt', {
      headers: { Destination: 'http://sharebin.test/dav/docs/r.txt' },
    });
    expect(moved.status).toBe(201);
    const props = await dav('PROPFIND', '/dav/docs/r.txt', {
      headers: { Depth: '0' },
      body: PROPFIND_NAMES,
    });
    expect(propertyTexts(await props.text(), 'urn:paint', 'color')).toEqual(['blue']);
    expect((await dav('DELETE', '/dav/docs/r.txt')).status).toBe(204);
    await dav('PUT', '/dav/docs/r.txt', { body: 'again' });
    const fresh = await dav('PROPFIND', '/dav/docs/r.txt', {
      headers: { Depth: '0' },
      body: PROPFIND_NAMES,
    });
    expect(await fresh.text()).not.toContain('blue');
  });

  it('keeps the X-OC-Mtime of a PUT as the file time until other bytes replace it', async () => {
    const lastModified = async (path: string) => {
      const listed = await dav('PROPFIND', path, { headers: { Depth: '0' } });
      const xml = await listed.text();
      expect(xml).not.toContain('urn:sharebin');
      return xml.match(/<D:getlastmodified>([^<]+)</)?.[1];
    };
    const put = await dav('PUT', '/dav/docs/m.txt', {
      body: 'kept',
      headers: { 'X-OC-Mtime': '1500000000' },
    });
    expect(put.status).toBe(201);
    expect(put.headers.get('x-oc-mtime')).toBe('accepted');
    const clientTime = new Date(1_500_000_000_000).toUTCString();
    expect(await lastModified('/dav/docs/m.txt')).toBe(clientTime);

    // The kept time goes with a MOVE, and only a Sharebin PUT sets it.
    const moved = await dav('MOVE', '/dav/docs/m.txt', {
      headers: { Destination: 'http://sharebin.test/dav/docs/n.txt' },
    });
    expect(moved.status).toBe(201);
    expect(await lastModified('/dav/docs/n.txt')).toBe(clientTime);
    const forged = await dav('PROPPATCH', '/dav/docs/n.txt', {
      body: `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><s:mtime xmlns:s="urn:sharebin:dav">2000-01-01T00:00:00.000Z x</s:mtime></D:prop></D:set></D:propertyupdate>`,
    });
    expect(await forged.text()).toContain('HTTP/1.1 403');

    // New bytes through another path: the storage's own time shows again.
    const replaced = await dav('PUT', '/dav/docs/n.txt', { body: 'other bytes' });
    expect(replaced.headers.get('x-oc-mtime')).toBeNull();
    expect(await lastModified('/dav/docs/n.txt')).not.toBe(clientTime);

    // A value that is not a Unix time is ignored, not stored.
    const odd = await dav('PUT', '/dav/docs/o.txt', {
      body: 'o',
      headers: { 'X-OC-Mtime': 'soon' },
    });
    expect(odd.headers.get('x-oc-mtime')).toBeNull();
    const rows = await t.db.selectFrom('dav_properties').select('path').execute();
    expect(rows.map((row) => row.path)).toEqual(['/docs/n.txt']);
  });

  it('refuses a body that is not XML with 400 and stores nothing', async () => {
    await dav('PUT', '/dav/docs/p.txt', { body: 'p' });
    const bad = await dav('PROPPATCH', '/dav/docs/p.txt', {
      body: '<D:propertyupdate xmlns:D="DAV:"><D:set>',
    });
    expect(bad.status).toBe(400);
    const rows = await t.db.selectFrom('dav_properties').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('bars writes to a locked file without its token, and lets the token through', async () => {
    await dav('PUT', '/dav/docs/l.txt', { body: 'v1' });
    const locked = await dav('LOCK', '/dav/docs/l.txt', { body: LOCK_EXCLUSIVE });
    expect(locked.status).toBe(200);
    const token = (locked.headers.get('lock-token') as string).slice(1, -1);
    expect((await dav('PUT', '/dav/docs/l.txt', { body: 'v2' })).status).toBe(423);
    expect((await dav('DELETE', '/dav/docs/l.txt')).status).toBe(423);
    expect(await (await dav('GET', '/dav/docs/l.txt')).text()).toBe('v1');
    const withToken = await dav('PUT', '/dav/docs/l.txt', {
      body: 'v2',
      headers: { If: `(<${token}>)` },
    });
    expect(withToken.status).toBe(204);
    expect(
      (await dav('UNLOCK', '/dav/docs/l.txt', { headers: { 'Lock-Token': `<${token}>` } })).status,
    ).toBe(204);
    expect((await dav('DELETE', '/dav/docs/l.txt')).status).toBe(204);
  });
});

describe.each(ENGINES)('WebDAV sign-in on %s', (engine) => {
  const t = useTestServer(engine);
  const s3rver = useS3rver();
  const dav = (method: string, path: string, options?: Parameters<typeof davRequest>[3]) =>
    davRequest(() => t.server, method, path, options);
  let admin: RequestOptions;

  beforeEach(async () => {
    ({ admin } = await adminWithDocsMount(t, 'local', s3rver));
  });

  it('asks for credentials, refuses wrong ones, and limits guesses like logins', async () => {
    const none = await dav('PROPFIND', '/dav/', { headers: { Authorization: '' } });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Basic');
    const guesses = [];
    for (let i = 0; i < 6; i++) {
      guesses.push(
        (
          await dav('PROPFIND', '/dav/', {
            headers: { Authorization: basicAuth('admin', `wrong-${i}`) },
          })
        ).status,
      );
    }
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('checks a credential once when a client opens many connections with it at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => dav('PROPFIND', '/dav/', { headers: { Depth: '0' } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(207));
  });

  it('takes an API key as the password, with its base path and read-only flag', async () => {
    await dav('MKCOL', '/dav/docs/team/');
    await dav('PUT', '/dav/docs/team/plan.txt', { body: 'plan' });
    await dav('PUT', '/dav/docs/secret.txt', { body: 'secret' });
    const key = await fsKeyWith(t, admin, { basic_path: '/docs/team', mount_read_only: true });
    const asKey = { Authorization: basicAuth('anyone', key.apiKey as string) };
    expect(await (await dav('GET', '/dav/docs/team/plan.txt', { headers: asKey })).text()).toBe(
      'plan',
    );
    expect((await dav('GET', '/dav/docs/secret.txt', { headers: asKey })).status).toBe(403);
    expect((await dav('PUT', '/dav/docs/team/new.txt', { headers: asKey, body: 'x' })).status).toBe(
      403,
    );
    expect((await dav('GET', '/dav/docs/team/new.txt')).status).toBe(404);
    const noMount = await fsKeyWith(t, admin, { mount_permission: false });
    const refused = await dav('PROPFIND', '/dav/', {
      headers: { Authorization: basicAuth('x', noMount.apiKey as string) },
    });
    expect(refused.status).toBe(403);
  });
});

describe('WebDAV upload modes', () => {
  it('hands S3 the declared length (one PutObject) or none (a multipart upload) as the mode says', () => {
    const big = SINGLE_PUT_MAX_BYTES + 1;
    expect(bodyLengthFor('multipart', 10)).toBeUndefined();
    expect(bodyLengthFor('auto', 10)).toBe(10);
    expect(bodyLengthFor('auto', big)).toBeUndefined();
    expect(bodyLengthFor('direct', big)).toBe(big);
    expect(bodyLengthFor('proxy', 10)).toBe(10);
    for (const mode of WEBDAV_UPLOAD_MODES) expect(bodyLengthFor(mode, undefined)).toBeUndefined();
  });
});

describe.each(ENGINES)('WebDAV upload modes on %s over S3', (engine) => {
  const t = useTestServer(engine);
  const s3rver = useS3rver();
  const dav = (method: string, path: string, options?: Parameters<typeof davRequest>[3]) =>
    davRequest(() => t.server, method, path, options);
  // Above the S3 driver's 8 MiB part, so that a multipart upload has two parts.
  const body = new Uint8Array(10 * 1024 * 1024).fill(7);

  it.each(WEBDAV_UPLOAD_MODES)('mode %s stores a 10 MiB body whole', async (mode) => {
    const { admin } = await adminWithDocsMount(t, 's3', s3rver);
    const saved = await t.request(
      'PUT',
      '/api/admin/system-settings',
      { webdav_upload_mode: mode },
      admin,
    );
    expect(saved.status).toBe(200);
    const put = await dav('PUT', '/dav/docs/big.bin', {
      body,
      headers: { 'Content-Length': String(body.length) },
    });
    expect(put.status).toBe(201);
    const back = new Uint8Array(await (await dav('GET', '/dav/docs/big.bin')).arrayBuffer());
    expect(back.length).toBe(body.length);
    expect(back.every((byte) => byte === 7)).toBe(true);
  });
});
