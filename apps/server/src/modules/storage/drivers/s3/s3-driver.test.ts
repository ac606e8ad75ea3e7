import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import {
  type AddressInfo,
  createServer as createTcpServer,
  type Server,
  type Socket,
} from 'node:net';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3rverInstance, startS3rver } from '../../../../test/s3rver';
import { scoped } from '../scoped-driver';
import {
  generatedStream,
  runStorageDriverContract,
  sha256Of,
  sha256OfGenerated,
} from '../storage-driver.contract';
import { MultipartError, StorageTimeoutError } from '../storage-driver.errors';
import { createS3Driver } from './s3-driver';
import { DEFAULT_S3_TIMEOUTS, type S3DriverOptions } from './s3-options';

let server: S3rverInstance;
beforeAll(async () => {
  server = await startS3rver();
}, 30_000);
afterAll(() => server?.stop());

const optionsFor = (
  s3rver: S3rverInstance,
  extra: Partial<S3DriverOptions> = {},
): S3DriverOptions => ({
  timeouts: DEFAULT_S3_TIMEOUTS,
  endpoint: s3rver.endpoint,
  region: 'us-east-1',
  bucket: s3rver.bucket,
  accessKeyId: s3rver.accessKeyId,
  secretAccessKey: s3rver.secretAccessKey,
  forcePathStyle: true,
  ...extra,
});

// Run inside a folder, so that every call also proves the prefixing and stripping.
runStorageDriverContract('s3 (s3rver, default folder)', async () => {
  const driver = createS3Driver(optionsFor(server, { defaultFolder: 'tenant/files' }));
  return {
    driver,
    fetchPresigned: (url, init) => fetch(url, init),
    cleanup: () => driver.close(),
    storesTruncatedBodies: true,
  };
});

runStorageDriverContract('s3 (s3rver), read-write view of a folder', async () => {
  const driver = createS3Driver(optionsFor(server, { defaultFolder: 'tenant/files' }));
  return {
    driver: scoped(driver, { prefix: 'views/team' }),
    fetchPresigned: (url, init) => fetch(url, init),
    cleanup: () => driver.close(),
    storesTruncatedBodies: true,
  };
});

describe('s3 driver', () => {
  it('copies an object above the threshold part by part, bytes and type intact', async () => {
    const MiB = 1024 * 1024;
    // A proxy in front of s3rver counts the part copies the driver asks for.
    const partCopies: string[] = [];
    const proxy = createHttpServer((request, response) => {
      const range = request.headers['x-amz-copy-source-range'];
      if (typeof range === 'string') partCopies.push(range);
      const upstream = new URL(server.endpoint);
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(forwarded);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const driver = createS3Driver({
      ...optionsFor(server),
      endpoint,
      multipartCopy: { thresholdBytes: 5 * MiB, partBytes: 5 * MiB },
    });
    const size = 11 * MiB + 7;
    await driver.put('big-copy/source.bin', generatedStream(size, 11), {
      contentLength: size,
      contentType: 'application/x-test',
    });
    await driver.copy('big-copy/source.bin', 'big-copy/target.bin');
    const target = await driver.get('big-copy/target.bin');
    expect(await sha256Of(target.body)).toBe(await sha256OfGenerated(size, 11));
    expect(target.info).toMatchObject({ size, contentType: 'application/x-test' });
    // 5 + 5 + 1 MiB and 7 bytes: three parts, each a range of the source.
    expect(partCopies).toEqual([
      `bytes=0-${5 * MiB - 1}`,
      `bytes=${5 * MiB}-${10 * MiB - 1}`,
      `bytes=${10 * MiB}-${size - 1}`,
    ]);
    // A small object still goes by one CopyObject.
    await driver.put('big-copy/small.txt', Readable.from([Buffer.from('small')]), {
      contentLength: 5,
    });
    await driver.copy('big-copy/small.txt', 'big-copy/small-copy.txt');
    expect(partCopies).toHaveLength(3);
    expect((await driver.head('big-copy/small-copy.txt'))?.size).toBe(5);
    expect(await driver.listMultipartUploads('big-copy/')).toEqual([]);
    await driver.close();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('keeps every key inside the default folder', async () => {
    const scoped = createS3Driver(optionsFor(server, { defaultFolder: '/scoped/' }));
    const bucketWide = createS3Driver(optionsFor(server));
    await scoped.put('docs/a.txt', Readable.from([Buffer.from('a')]), { contentLength: 1 });
    expect(await bucketWide.head('scoped/docs/a.txt')).toMatchObject({ size: 1 });
    expect((await scoped.list('', { delimiter: true })).prefixes).toEqual(['docs/']);
    expect((await bucketWide.list('scoped/')).objects.map((object) => object.key)).toEqual([
      'scoped/docs/a.txt',
    ]);
    const { uploadId } = await scoped.createMultipart('docs/big.bin');
    expect(await scoped.listMultipartUploads()).toEqual([
      expect.objectContaining({ key: 'docs/big.bin', uploadId }),
    ]);
    await scoped.abortMultipart('docs/big.bin', uploadId);
    await Promise.all([scoped.close(), bucketWide.close()]);
  });

  it('puts the custom host on presigned GET URLs and nothing else', async () => {
    // `localhost` reaches the same s3rver as `127.0.0.1`, so the rewritten URL can be fetched.
    const customHost = server.endpoint.replace('127.0.0.1', 'localhost');
    const driver = createS3Driver(optionsFor(server, { customHost }));
    await driver.put('cdn/file.txt', Readable.from([Buffer.from('via cdn')]), { contentLength: 7 });

    const url = new URL(await driver.presignGet('cdn/file.txt', { expiresInSeconds: 60 }));
    expect(url.origin).toBe(customHost);
    expect(url.pathname).toBe(`/${server.bucket}/cdn/file.txt`);
    expect(url.searchParams.get('X-Amz-Signature')).toBeTruthy();
    expect(await (await fetch(url)).text()).toBe('via cdn');

    const put = await driver.presignPut('cdn/other.txt', { expiresInSeconds: 60 });
    expect(new URL(put.url).origin).toBe(server.endpoint);
    await driver.close();
  });

  it('refuses a custom host with a path', () => {
    expect(() => createS3Driver(optionsFor(server, { customHost: 'https://cdn.test/x' }))).toThrow(
      TypeError,
    );
  });

  it('presigns without checksum parameters and signs type and length', async () => {
    const driver = createS3Driver(optionsFor(server));
    const put = new URL(
      (
        await driver.presignPut('sig/file.txt', {
          contentType: 'text/plain',
          contentLength: 5,
          expiresInSeconds: 60,
        })
      ).url,
    );
    expect(put.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    const { uploadId } = await driver.createMultipart('sig/big.bin');
    const part = new URL(await driver.presignPart('sig/big.bin', uploadId, 1, 60));
    for (const url of [put, part]) {
      const names = [...url.searchParams.keys()].map((name) => name.toLowerCase());
      // WHEN_REQUIRED keeps the SDK from signing a checksum of a body it has never seen.
      expect(names.filter((name) => name.includes('checksum'))).toEqual([]);
    }
    await driver.abortMultipart('sig/big.bin', uploadId);
    await driver.close();
  });

  it('needs a length for proxied parts', async () => {
    const driver = createS3Driver(optionsFor(server));
    const { uploadId } = await driver.createMultipart('nolength/big.bin');
    const body = Readable.from([Buffer.from('abc')]);
    await expect(driver.uploadPart('nolength/big.bin', uploadId, 1, body)).rejects.toEqual(
      new MultipartError('length_required', 'S3 part uploads need a Content-Length'),
    );
    // Released by reading it away (destroying a request body would reset the connection).
    await finished(body);
    expect(body.destroyed).toBe(true);
    await driver.abortMultipart('nolength/big.bin', uploadId);
    await driver.close();
  });
});

describe('s3 driver against a storage that freezes', () => {
  const sockets = new Set<Socket>();
  const frozen: Server[] = [];
  /** A TCP server that accepts and then does `onConnection` (nothing, by default) forever. */
  async function frozenEndpoint(onConnection: (socket: Socket) => void = () => {}) {
    const tcp = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      onConnection(socket);
    });
    frozen.push(tcp);
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(tcp.address() as AddressInfo).port}`;
  }
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(frozen.map((tcp) => new Promise((resolve) => tcp.close(resolve))));
  });
  const timeouts = { connectMs: 1_000, idleMs: 300 };
  const driverAt = (endpoint: string) =>
    createS3Driver({ ...optionsFor(server), endpoint, timeouts });

  it('fails a call the storage never answers with a timeout, in time', async () => {
    const driver = driverAt(await frozenEndpoint());
    for (const call of [
      () => driver.head('a.txt'),
      () => driver.delete('a.txt'),
      () => driver.put('a.txt', Readable.from([Buffer.from('abc')]), { contentLength: 3 }),
    ]) {
      const started = Date.now();
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StorageTimeoutError);
      expect((error as StorageTimeoutError).code).toBe('storage.timeout');
      expect(Date.now() - started).toBeLessThan(3_000);
    }
    await driver.close();
  });

  it('fails a call whose answer stalls after its headers', async () => {
    const driver = driverAt(
      await frozenEndpoint((socket) =>
        socket.once('data', () =>
          socket.write(
            'HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nContent-Type: text/plain\r\n\r\nab',
          ),
        ),
      ),
    );
    const started = Date.now();
    const { body } = await driver.get('a.txt');
    const error = await (async () => {
      for await (const _chunk of body);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const listed = await driver.list('').catch((caught: unknown) => caught);
    expect(listed).toBeInstanceOf(StorageTimeoutError);
    expect(Date.now() - started).toBeLessThan(3_000);
    await driver.close();
  });
});
