import { beforeEach, describe, expect, it } from 'vitest';
import { davRequest } from '../../test/dav-kit';
import { adminWithLocalDocsMount } from '../../test/fs-kit';
import { ENGINES, useTestServer } from '../../test/harness';
import { DEAD_PROPERTY_LIMITS } from './dav-proppatch';
import { DAV_XML_BODY_MAX_BYTES } from './dav-xml';
import { namesIn } from './webdav-xml.testkit';

const setProperties = (values: string[]) =>
  `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:x="urn:x"><D:set><D:prop>${values
    .map((value, i) => `<x:p${i}>${value}</x:p${i}>`)
    .join('')}</D:prop></D:set></D:propertyupdate>`;

const ALLPROP = `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>`;

describe.each(ENGINES)('WebDAV dead property limits on %s', (engine) => {
  const t = useTestServer(engine);
  const dav = (method: string, path: string, options?: Parameters<typeof davRequest>[3]) =>
    davRequest(() => t.server, method, path, options);
  /** The names of the urn:x properties the file keeps. */
  const keptNames = async () => {
    const text = await (
      await dav('PROPFIND', '/dav/docs/a.txt', { headers: { Depth: '0' }, body: ALLPROP })
    ).text();
    return namesIn(text, 'urn:x').length;
  };
  const proppatch = (values: string[]) =>
    dav('PROPPATCH', '/dav/docs/a.txt', { body: setProperties(values) });

  beforeEach(async () => {
    await adminWithLocalDocsMount(t);
    expect((await dav('PUT', '/dav/docs/a.txt', { body: 'a' })).status).toBe(201);
  });

  it('refuses a value past its limit with 507 and 424 for the rest, storing none', async () => {
    const response = await proppatch(['small', 'v'.repeat(DEAD_PROPERTY_LIMITS.valueBytes + 1)]);
    expect(response.status).toBe(207);
    const text = await response.text();
    expect(text).toContain('HTTP/1.1 507 Insufficient Storage');
    expect(text).toContain('HTTP/1.1 424 Failed Dependency');
    expect(await keptNames()).toBe(0);
  });

  it('refuses more properties than a resource may keep, in one request or over several', async () => {
    const tooMany = Array.from({ length: DEAD_PROPERTY_LIMITS.count + 1 }, (_, i) => `${i}`);
    const refused = await proppatch(tooMany);
    expect(await refused.text()).toContain('HTTP/1.1 507 Insufficient Storage');
    expect(await keptNames()).toBe(0);

    const all = tooMany.slice(0, DEAD_PROPERTY_LIMITS.count);
    expect(await (await proppatch(all)).text()).toContain('HTTP/1.1 200 OK');
    expect(await keptNames()).toBe(DEAD_PROPERTY_LIMITS.count);
    // One more name past the limit is refused; setting the same names again is not.
    const oneMore = await dav('PROPPATCH', '/dav/docs/a.txt', {
      body: setProperties([...all, 'extra']),
    });
    expect(await oneMore.text()).toContain('HTTP/1.1 507 Insufficient Storage');
    expect(await (await proppatch(all)).text()).toContain('HTTP/1.1 200 OK');
    expect(await keptNames()).toBe(DEAD_PROPERTY_LIMITS.count);
  });

  it('refuses values that together pass the total a resource may keep', async () => {
    const value = 'v'.repeat(DEAD_PROPERTY_LIMITS.valueBytes - 100);
    const count = Math.ceil(DEAD_PROPERTY_LIMITS.totalBytes / value.length) + 1;
    const response = await proppatch(Array.from({ length: count }, () => value));
    expect(await response.text()).toContain('HTTP/1.1 507 Insufficient Storage');
    expect(await keptNames()).toBe(0);
  });

  it('answers 413 to an XML body past its limit', async () => {
    const huge = 'x'.repeat(DAV_XML_BODY_MAX_BYTES + 1);
    for (const method of ['PROPPATCH', 'PROPFIND', 'LOCK']) {
      const response = await dav(method, '/dav/docs/a.txt', { body: huge });
      expect(response.status, method).toBe(413);
    }
    expect(await keptNames()).toBe(0);
  });
});
