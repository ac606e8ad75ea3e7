import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../../app/errors';
import type { GetResult } from '../../storage/drivers/storage-driver';
import { peerIsThisUser } from './loopback-peer';

/** Reads the file, or the range a `Range` header asks for. */
export type OpenRange = (rangeHeader: string | undefined) => Promise<GetResult>;

/**
 * Serves one file on 127.0.0.1 for as long as `use` runs, at an address only it is told (a
 * random token), with ranges: a program such as ffmpeg then seeks in a file of any storage
 * (a video's index at its end is read without the rest) as it would in a local file. The token
 * is in the program's command line, which other users of the machine may see: on Linux, only a
 * process of this server's own user is served.
 */
export async function withLoopbackUrl<T>(
  open: OpenRange,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const token = randomBytes(24).toString('base64url');
  const server = createServer((request, response) => {
    if (request.url !== `/${token}`) {
      response.writeHead(404).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    peerIsThisUser(request.socket)
      .then((allowed) => {
        if (!allowed) throw new AppError(403, 'forbidden', 'another user');
        // A client already gone (it may have left to slip past the lookup) gets nothing read.
        if (request.socket.destroyed) throw new Error('client gone');
        return open(request.headers.range);
      })
      .then(async (object) => {
        const { range, info } = object;
        response.writeHead(range ? 206 : 200, {
          'Accept-Ranges': 'bytes',
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(range ? range.end - range.start + 1 : info.size),
          ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${range.total}` } : {}),
        });
        if (request.method === 'HEAD') {
          object.body.destroy();
          response.end();
          return;
        }
        // The program closes a connection when it seeks elsewhere: the read stops with it.
        await pipeline(object.body, response).catch(() => object.body.destroy());
      })
      .catch((error: unknown) => {
        if (response.headersSent) response.destroy();
        else response.writeHead(error instanceof AppError ? error.status : 500).end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  try {
    return await use(`http://127.0.0.1:${port}/${token}`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
