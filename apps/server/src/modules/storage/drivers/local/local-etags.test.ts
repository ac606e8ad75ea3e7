import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { WHOLE_BODY_MAX_BYTES } from '../whole-body';
import { createLocalDriver } from './local-driver';
import { createHmacSigner } from './local-signed-url';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** A driver whose temp files live at `workParent` (another device than `tmpdir()` if it is one). */
async function driverWithWorkIn(workParent: string) {
  const root = await mkdtemp(join(tmpdir(), 'sharebin-etags-root-'));
  const workRoot = await mkdtemp(join(workParent, 'sharebin-etags-work-'));
  folders.push(root, workRoot);
  return createLocalDriver({
    root,
    workRoot,
    hostFolder: true,
    signer: createHmacSigner(randomBytes(32).toString('hex')),
    publicPath: '/api/storage/local/etags',
  });
}

const SIZES = [5, WHOLE_BODY_MAX_BYTES + 1];

describe('the ETag a local put answers', () => {
  it.each(SIZES)('is the stored file’s (%i bytes, temp files on the same device)', async (size) => {
    const driver = await driverWithWorkIn(tmpdir());
    const bytes = randomBytes(size);
    const put = await driver.put('a.bin', Readable.from([bytes]), { contentLength: size });
    expect(put.etag).toBe((await driver.head('a.bin'))?.etag);
  });

  // /dev/shm is a tmpfs: another device than the disk under tmpdir() on most machines.
  const otherDevice = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(tmpdir()).dev;
  it.runIf(otherDevice).each(SIZES)(
    'is the stored copy’s when the temp file was on another device (%i bytes)',
    async (size) => {
      const driver = await driverWithWorkIn('/dev/shm');
      const bytes = randomBytes(size);
      const put = await driver.put('a.bin', Readable.from([bytes]), { contentLength: size });
      expect(put.etag).toBe((await driver.head('a.bin'))?.etag);
    },
  );
});
