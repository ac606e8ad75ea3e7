import { type APIRequestContext, expect } from '@playwright/test';
import { adminToken, putBytes } from './support';

/**
 * The server's own zip of `paths` (POST fs/zip, each path under its own name), stored into
 * `folder` as `name`: an archive made without a zip writer of our own. Its bytes are answered.
 */
export async function putZipOf(
  request: APIRequestContext,
  paths: string[],
  folder: string,
  name: string,
  rewrite: (zip: Buffer) => Buffer = (zip) => zip,
): Promise<Buffer> {
  const zipped = await request.post('/api/admin/fs/zip', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { paths },
  });
  expect(zipped.status()).toBe(200);
  const buffer = rewrite(await zipped.body());
  await putBytes(request, folder, { name, mimeType: 'application/zip', buffer });
  return buffer;
}

/**
 * The zip with every entry name `from` written as `to` (as long, so no offset moves; no checksum
 * covers a name): how a test makes an entry such as `../evil.txt` that no honest zip writer
 * would. The name stands in the local header and in the central directory.
 */
export function renameZipEntry(zip: Buffer, from: string, to: string): Buffer {
  const [was, now] = [Buffer.from(from), Buffer.from(to)];
  expect(now.length).toBe(was.length);
  const renamed = Buffer.from(zip);
  let found = 0;
  for (let at = renamed.indexOf(was); at !== -1; at = renamed.indexOf(was, at + was.length)) {
    now.copy(renamed, at);
    found += 1;
  }
  expect(found).toBe(2);
  return renamed;
}
