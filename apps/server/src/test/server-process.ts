import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import Database from 'better-sqlite3';
import type { S3rverInstance } from './s3rver';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'main.ts');
export const PROCESS_ADMIN = { username: 'admin', password: 'crash-test-password' } as const;
const MIB = 1024 * 1024;

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const probe = createNetServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  exited: Promise<number | null>;
  output: { stdout: string; stderr: string };
  /** `kill -9`: no handler runs, nothing is cleaned up; resolves once the process is reaped. */
  killHard(): Promise<void>;
  /** SIGTERM (graceful), if it still runs. */
  stop(): Promise<void>;
}

/** `main.ts` in a process of its own (node runs it directly: its pid is the server's). */
export async function startServerProcess({
  dataDir,
  port,
  env = {},
}: {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(chosen),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_USERNAME: PROCESS_ADMIN.username,
      ADMIN_PASSWORD: PROCESS_ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk) => {
    output.stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output.stderr += chunk;
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited at start: ${output.stderr || output.stdout}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the server did not answer within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    pid: child.pid as number,
    url,
    exited,
    output,
    async killHard() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A TypeScript entry point (`main.ts`, `backup.ts`…) in a process of its own that is expected
 * to stop by itself; what it printed and its exit code (SIGKILL after 50 s).
 */
export async function runScriptToExit(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 50_000);
  const [code] = await once(child, 'exit');
  clearTimeout(killer);
  return { code: code as number | null, stdout, stderr };
}

/** The admin's bearer token on a server process started with `PROCESS_ADMIN`. */
export async function signInAsAdmin(url: string): Promise<string> {
  const { token } = await apiCall<{ token: string }>(
    url,
    'POST',
    '/admin/login',
    null,
    PROCESS_ADMIN,
  );
  return token;
}

/** The `/api` envelope's data, or a thrown error with its message. */
export async function apiCall<T = unknown>(
  url: string,
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${url}/api${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: T; message: string };
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

/**
 * A WebDAV PUT of unknown length (chunked) that sends 1 MiB after 1 MiB until the server or
 * the client goes away: an upload that a `kill -9` catches mid-way, whatever its timing.
 */
export function endlessDavPut(url: string, davPath: string) {
  const auth = Buffer.from(`${PROCESS_ADMIN.username}:${PROCESS_ADMIN.password}`).toString(
    'base64',
  );
  const request = http.request(`${url}/dav${davPath}`, {
    method: 'PUT',
    headers: { authorization: `Basic ${auth}`, 'content-type': 'application/octet-stream' },
  });
  let sent = 0;
  let stopped = false;
  request.on('error', () => {
    stopped = true;
  });
  request.on('response', (response) => {
    stopped = true;
    response.resume();
  });
  const chunk = Buffer.alloc(MIB, 0x5a);
  const pump = async () => {
    while (!stopped && !request.destroyed) {
      sent += chunk.length;
      if (!request.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            request.off('drain', done);
            request.off('close', done);
            resolve();
          };
          request.on('drain', done);
          request.on('close', done);
        });
      }
    }
  };
  void pump();
  return {
    sent: () => sent,
    stop() {
      stopped = true;
      request.destroy();
    },
  };
}

/** Multipart uploads s3rver holds open (ListMultipartUploads), over the whole bucket. */
export async function openMultipartUploads(
  s3: S3rverInstance,
): Promise<{ key: string; uploadId: string }[]> {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.storageFields.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    const output = await client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
    return (output.Uploads ?? []).map((upload) => ({
      key: upload.Key ?? '',
      uploadId: upload.UploadId ?? '',
    }));
  } finally {
    client.destroy();
  }
}

/**
 * The `fs_uploads` rows of a server process's SQLite database, read beside it (read only, so
 * that a server killed and started again keeps writing it); `close` when done.
 */
export function fsUploadRowsOf(dataDir: string) {
  const db = new Database(path.join(dataDir, 'sharebin.db'), { readonly: true });
  return {
    rows: () =>
      db.prepare('select storage_config_id, upload_id, size from fs_uploads').all() as {
        storage_config_id: string;
        upload_id: string | null;
        size: number;
      }[],
    close: () => db.close(),
  };
}
