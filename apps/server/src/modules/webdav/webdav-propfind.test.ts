import { describe, expect, it } from 'vitest';
import { davRequest } from '../../test/dav-kit';
import { adminWithLocalDocsMount } from '../../test/fs-kit';
import { useTestServer } from '../../test/harness';
import { responsesOf } from './webdav-xml.testkit';

/** More entries than one chunk of the answer (dav-propfind.ts PAGE), so that it is streamed. */
const ENTRIES = 600;

describe('WebDAV PROPFIND of a large folder', () => {
  const t = useTestServer('sqlite');
  const dav = (method: string, path: string, options?: Parameters<typeof davRequest>[3]) =>
    davRequest(() => t.server, method, path, options);

  it('streams every entry once, in a well-formed answer, with one namespace declaration', async () => {
    await adminWithLocalDocsMount(t);
    await dav('MKCOL', '/dav/docs/big/');
    for (let i = 0; i < ENTRIES; i++) {
      expect((await dav('PUT', `/dav/docs/big/f${i}.txt`, { body: String(i) })).status).toBe(201);
    }
    const response = await dav('PROPFIND', '/dav/docs/big/', { headers: { Depth: '1' } });
    expect(response.status).toBe(207);
    const text = await response.text();
    expect(text.match(/xmlns:/g)).toHaveLength(1);
    const answers = responsesOf(text);
    expect(answers.size).toBe(ENTRIES + 1);
    for (let i = 0; i < ENTRIES; i++) {
      const length = answers.get(`/dav/docs/big/f${i}.txt`)?.get('{DAV:}getcontentlength');
      expect(length?.text).toBe(String(String(i).length));
    }
  }, 60_000);
});
