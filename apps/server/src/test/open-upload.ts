import { randomBytes } from 'node:crypto';
import http from 'node:http';

/**
 * Starts a multipart upload over a real socket and keeps the body open: answers a function that
 * sends more bytes of the file and one that cuts the connection, as a closed browser tab does.
 * `files`: whole files sent before the open one.
 */
export function openUpload({
  port,
  path,
  headers = {},
  fields = {},
  files = {},
  filename = 'big.bin',
}: {
  port: number;
  path: string;
  headers?: Record<string, string>;
  fields?: Record<string, string>;
  files?: Record<string, string>;
  filename?: string;
}) {
  const boundary = `----abort${randomBytes(6).toString('hex')}`;
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  request.on('error', () => {}); // the abort is ours
  const filePart = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  request.write(
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      Object.entries(files)
        .map(([name, content]) => `${filePart(name)}${content}\r\n`)
        .join('') +
      filePart(filename),
  );
  return {
    send: (bytes: number) =>
      new Promise<void>((resolve) => {
        if (request.write(randomBytes(bytes))) resolve();
        else request.once('drain', resolve);
      }),
    abort: () => request.destroy(),
  };
}
