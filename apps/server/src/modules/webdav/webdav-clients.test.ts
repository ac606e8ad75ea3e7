import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_BASIC, davRequest } from '../../test/dav-kit';
import { adminWithDocsMount, ENGINE_DRIVER_CASES, useS3rver } from '../../test/fs-kit';
import { useTestServer } from '../../test/harness';
import { startedWithMount, useTwoInstances } from '../../test/two-instances';
import { propertyTexts } from './webdav-xml.testkit';

const LOCK_BODY = `<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner><D:href>WIN-CLIENT\\user</D:href></D:owner></D:lockinfo>`;
const WIN32_TIMES = `<?xml version="1.0" encoding="utf-8"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:schemas-microsoft-com:"><D:set><D:prop><Z:Win32CreationTime>Tue, 24 Nov 2026 10:00:00 GMT</Z:Win32CreationTime><Z:Win32LastModifiedTime>Tue, 24 Nov 2026 10:00:00 GMT</Z:Win32LastModifiedTime><Z:Win32FileAttributes>00000020</Z:Win32FileAttributes></D:prop></D:set></D:propertyupdate>`;

describe.each(ENGINE_DRIVER_CASES)('WebDAV clients on %s over %s storage', (engine, driverKind) => {
  const t = useTestServer(engine);
  const s3rver = useS3rver();
  const dav = (method: string, path: string, options?: Parameters<typeof davRequest>[3]) =>
    davRequest(() => t.server, method, path, options);

  it("follows Windows' save: a 0-byte PUT, LOCK, PROPPATCH of Win32 times, the bytes, UNLOCK", async () => {
    await adminWithDocsMount(t, driverKind, s3rver);
    expect((await dav('PUT', '/dav/docs/report.docx', { body: '' })).status).toBe(201);
    const locked = await dav('LOCK', '/dav/docs/report.docx', {
      body: LOCK_BODY,
      headers: { Timeout: 'Second-3600' },
    });
    expect(locked.status).toBe(200);
    const token = locked.headers.get('lock-token') as string;
    const patched = await dav('PROPPATCH', '/dav/docs/report.docx', {
      body: WIN32_TIMES,
      headers: { If: `(${token})` },
    });
    expect(patched.status).toBe(207);
    expect(await patched.text()).not.toContain('HTTP/1.1 4');
    const bytes = new Uint8Array(300_000).fill(65);
    const put = await dav('PUT', '/dav/docs/report.docx', {
      body: bytes,
      headers: { If: `(${token})`, 'Content-Length': String(bytes.length) },
    });
    expect(put.status).toBe(204);
    expect(
      (await dav('UNLOCK', '/dav/docs/report.docx', { headers: { 'Lock-Token': token } })).status,
    ).toBe(204);
    const listed = await (
      await dav('PROPFIND', '/dav/docs/report.docx', { headers: { Depth: '0' } })
    ).text();
    expect(listed).toContain('<D:getcontentlength>300000</D:getcontentlength>');
    expect(propertyTexts(listed, 'urn:schemas-microsoft-com:', 'Win32LastModifiedTime')).toEqual([
      'Tue, 24 Nov 2026 10:00:00 GMT',
    ]);
    expect(listed).not.toContain('<D:activelock>');
  });

  it("takes Finder's chunked PUT (no length) and its ._ and .DS_Store files", async () => {
    await adminWithDocsMount(t, driverKind, s3rver);
    const chunks = ['first part, ', 'second part'];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const put = await t.server.app.request('http://sharebin.test/dav/docs/notes.txt', {
      method: 'PUT',
      headers: { Authorization: ADMIN_BASIC, 'Transfer-Encoding': 'chunked' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(put.status).toBe(201);
    expect(await (await dav('GET', '/dav/docs/notes.txt')).text()).toBe('first part, second part');
    expect((await dav('PUT', '/dav/docs/._notes.txt', { body: 'xattrs' })).status).toBe(201);
    expect((await dav('PUT', '/dav/docs/.DS_Store', { body: 'finder' })).status).toBe(201);
    const listing = await (await dav('PROPFIND', '/dav/docs/', { headers: { Depth: '1' } })).text();
    expect(listing).toContain('/dav/docs/._notes.txt<');
    expect(listing).toContain('/dav/docs/.DS_Store<');
  });
});

describe.runIf(process.env.TEST_POSTGRES_URL)('WebDAV locks across two instances', () => {
  // One data folder: the instances share the local storage, as two boxes share a disk or S3.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-dav-locks-'));
  const t = useTwoInstances([{ dataDir }, { dataDir }]);

  it('a lock taken on one instance bars a write on the other until its token comes along', async () => {
    const [a, b] = t.instances;
    const { folder } = await startedWithMount(t.instances);
    const shared = `/dav${folder}/shared.txt`;
    const onA = (method: string, path: string, options?: Parameters<typeof davRequest>[3]) =>
      davRequest(() => a.server, method, path, options);
    const onB = (method: string, path: string, options?: Parameters<typeof davRequest>[3]) =>
      davRequest(() => b.server, method, path, options);
    const locked = await onA('LOCK', shared, { body: LOCK_BODY });
    expect(locked.status).toBe(201);
    const token = locked.headers.get('lock-token') as string;
    expect((await onB('DELETE', shared)).status).toBe(423);
    // Exclusive: a second LOCK, on either instance, is refused.
    expect((await onB('LOCK', shared, { body: LOCK_BODY })).status).toBe(423);
    const discovered = await (await onB('PROPFIND', shared, { headers: { Depth: '0' } })).text();
    expect(discovered).toContain(token.slice(1, -1));
    expect((await onB('UNLOCK', shared, { headers: { 'Lock-Token': token } })).status).toBe(204);
    expect((await onA('DELETE', shared)).status).toBe(204);
  });
});
