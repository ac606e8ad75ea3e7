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

/** How a client reaches the server: another address of its own, or IPv4-mapped IPv6. */
type Route = { localAddress?: string; host?: string; family?: number };

/** Fetches `url` from another Node process, as user `uid`, by `route`: its status (0: none). */
async function statusFrom(url: string, uid?: number, route: Route = {}): Promise<string> {
  const script = `
    const target = new URL(process.argv[1]);
    const route = JSON.parse(process.argv[2]);
    require('node:http')
      .get({ host: target.hostname, port: target.port, path: target.pathname, ...route }, (r) => {
        console.log(r.statusCode);
        r.resume();
      })
      .on('error', () => console.log(0));`;
  const { stdout } = await run(process.execPath, ['-e', script, url, JSON.stringify(route)], {
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
        // Nor by a way round the socket table's lookup: another loopback address of its own,
        // or IPv4-mapped IPv6 (its socket then in /proc/net/tcp6).
        expect(await statusFrom(url, 65534, { localAddress: '127.0.0.2' })).toBe('403');
        expect(await statusFrom(url, 65534, { host: '::ffff:127.0.0.1', family: 6 })).toBe('403');
        // The server's own user is found there too.
        expect(await statusFrom(url, undefined, { host: '::ffff:127.0.0.1', family: 6 })).toBe(
          '200',
        );
      });
      expect(reads.count).toBe(1);
    },
  );
});
