import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { GetResult } from '../../storage/drivers/storage-driver';
import { withLoopbackUrl } from './loopback-source';

const run = promisify(execFile);
const linux = existsSync('/proc/net/tcp');
const FILE = Buffer.from('the bytes of a video');

/** A file of FILE's bytes, counting its reads. */
function fileSource() {
  const reads = { count: 0 };
  const open = async (): Promise<GetResult> => {
    reads.count++;
    return {
      body: Readable.from([FILE]),
      info: { key: 'k', size: FILE.length, etag: null, lastModified: null, contentType: null },
    };
  };
  return { open, reads };
}

/** Fetches `url` from another Node process, as user `uid`: its status. */
async function statusFrom(url: string, uid?: number): Promise<string> {
  const script = 'fetch(process.argv[1]).then((r) => console.log(r.status), () => console.log(0))';
  const { stdout } = await run(process.execPath, ['-e', script, url], {
    ...(uid === undefined ? {} : { uid, gid: uid }),
  });
  return stdout.trim();
}

describe('the loopback address a tool reads a file from', () => {
  it('serves the file to a process of this server’s user, and nothing without the token', async () => {
    const { open, reads } = fileSource();
    await withLoopbackUrl(open, async (url) => {
      expect(await statusFrom(url)).toBe('200');
      expect(await statusFrom(`${url}x`)).toBe('404');
    });
    expect(reads.count).toBe(1);
  });

  it.skipIf(!linux || process.getuid?.() !== 0)(
    'refuses another user of the machine who learnt the address (from the command line)',
    async () => {
      const { open, reads } = fileSource();
      await withLoopbackUrl(open, async (url) => {
        expect(await statusFrom(url, 65534)).toBe('403');
      });
      expect(reads.count).toBe(0);
    },
  );
});
