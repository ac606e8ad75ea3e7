import { beforeEach, describe, expect, it } from 'vitest';
import { davRequest } from '../../test/dav-kit';
import { adminWithDocsMount, useS3rver } from '../../test/fs-kit';
import { useTestServer } from '../../test/harness';

/** `getlastmodified` of each href of a PROPFIND answer. */
const lastModifiedByHref = (xml: string) =>
  Object.fromEntries(
    [...xml.matchAll(/<D:response>([\s\S]*?)<\/D:response>/g)].map(([, part]) => [
      part?.match(/<D:href>([^<]+)</)?.[1],
      part?.match(/<D:getlastmodified>([^<]+)</)?.[1],
    ]),
  );

describe('WebDAV folders on local storage', () => {
  const t = useTestServer('sqlite');
  const s3rver = useS3rver();
  const dav = (method: string, path: string, options?: Parameters<typeof davRequest>[3]) =>
    davRequest(() => t.server, method, path, options);
  beforeEach(async () => {
    await adminWithDocsMount(t, 'local', s3rver);
  });

  it('have a getlastmodified, listed and on their own, not the epoch', async () => {
    expect((await dav('MKCOL', '/dav/docs/sub')).status).toBe(201);
    expect((await dav('PUT', '/dav/docs/sub/a.txt', { body: 'a' })).status).toBe(201);
    const listed = lastModifiedByHref(
      await (await dav('PROPFIND', '/dav/docs/', { headers: { Depth: '1' } })).text(),
    );
    const own = lastModifiedByHref(
      await (await dav('PROPFIND', '/dav/docs/sub/', { headers: { Depth: '0' } })).text(),
    );
    for (const date of [listed['/dav/docs/sub/'], own['/dav/docs/sub/']]) {
      expect(date).toBeDefined();
      expect(Math.abs(Date.parse(date as string) - Date.now())).toBeLessThan(24 * 3600_000);
    }
  });
});
