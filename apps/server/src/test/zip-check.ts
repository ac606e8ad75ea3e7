import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Server } from '../app/create-server';
import type { RequestOptions } from './harness';

const run = promisify(execFile);

/**
 * Writes a response body to `file`, leaving all-zero chunks as holes: an archive of sparse
 * files takes no more disk than its sources. Answers the number of bytes received.
 */
export async function saveBody(response: Response, file: string): Promise<number> {
  const handle = await open(file, 'w');
  let at = 0;
  let zeros = Buffer.alloc(0);
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (zeros.length < bytes.length) zeros = Buffer.alloc(bytes.length);
      if (!bytes.equals(zeros.subarray(0, bytes.length)))
        await handle.write(bytes, 0, bytes.length, at);
      at += chunk.length;
    }
    await handle.truncate(at);
  } finally {
    await handle.close();
  }
  return at;
}

/** Info-ZIP's own check: every entry's CRC and size against the central directory. */
export async function unzipTest(file: string): Promise<string> {
  const { stdout } = await run('unzip', ['-tq', file], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

export interface PythonEntry {
  name: string;
  size: number;
  sha256: string;
  isDirectory: boolean;
}

const PYTHON_READER = `
import hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as archive:
    bad = archive.testzip()
    if bad is not None:
        sys.exit('bad entry: ' + bad)
    out = []
    for info in archive.infolist():
        digest = hashlib.sha256()
        with archive.open(info) as member:
            for block in iter(lambda: member.read(1 << 20), b''):
                digest.update(block)
        out.append({'name': info.filename, 'size': info.file_size,
                    'sha256': digest.hexdigest(), 'isDirectory': info.is_dir()})
    json.dump(out, sys.stdout)
`;

/** Python's zipfile: testzip() must pass; answers each entry with its content's SHA-256. */
export async function pythonEntries(file: string): Promise<PythonEntry[]> {
  const { stdout } = await run('python3', ['-c', PYTHON_READER, file], {
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(stdout) as PythonEntry[];
}

/** `POST /api/{admin,user}/fs/zip` of `paths`, as `options` (an admin token or a key) asks. */
export function postZip(
  app: Server['app'],
  paths: unknown,
  options: RequestOptions,
  headers: Record<string, string> = {},
) {
  const admin = Boolean(options.token);
  return app.request(`/api/${admin ? 'admin' : 'user'}/fs/zip`, {
    method: 'POST',
    headers: {
      authorization: admin ? `Bearer ${options.token}` : `ApiKey ${options.apiKey}`,
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify({ paths }),
  });
}

/** Saves an archive to `file` and has both readers check it: its size and Python's entries. */
export async function checkedArchive(response: Response, file: string) {
  const size = await saveBody(response, file);
  const tested = await unzipTest(file);
  if (!/No errors detected/.test(tested)) throw new Error(`unzip -t: ${tested}`);
  return { size, entries: await pythonEntries(file) };
}
