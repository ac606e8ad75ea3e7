// Helpers of the benchmarks that drive a server through its admin API: calls, the server run
// from source, and its peak memory.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { residentMb, root, startServer, waitForHealth } from './lib.mjs';

/** JSON calls to the API of the server on `port`; each answers the envelope's data. */
export function adminApi(port: number) {
  const base = `http://127.0.0.1:${port}`;
  return async function api<T>(
    method: string,
    url: string,
    token?: string,
    body?: unknown,
  ): Promise<T> {
    // Set-up calls may come between load runs: a kept-alive socket may have been closed meanwhile.
    const headers = new Headers({ connection: 'close' });
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (body !== undefined) headers.set('content-type', 'application/json');
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    const response = await fetch(base + url, init);
    const answer = (await response.json()) as { data: T };
    if (response.ok) return answer.data;
    throw new Error(`${method} ${url}: ${JSON.stringify(answer)}`);
  };
}

/**
 * The production entry point, run from source (no build needed), answering on `port`;
 * `nodeArgs` go before it (`--cpu-prof`).
 */
export async function startSourceServer(port: number, dataDir: string, nodeArgs: string[] = []) {
  const server = startServer({
    port,
    dataDir,
    nodeArgs: ['--import', 'tsx', ...nodeArgs],
    entry: path.join(root, 'apps/server/src/main.ts'),
  });
  await waitForHealth(port);
  return server;
}

/** Logs in as the admin the bench servers are started with; answers the token. */
export async function adminToken(api: ReturnType<typeof adminApi>) {
  const credentials = { username: 'admin', password: 'bench-password' };
  const { token } = await api<{ token: string }>('POST', '/api/admin/login', '', credentials);
  return token;
}

/** The server's peak resident memory while `run` runs, sampled every 20 ms. */
export async function withPeakMemory<T>(pid: number, run: () => Promise<T>) {
  let peakMb = residentMb(pid);
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, residentMb(pid));
  }, 20);
  try {
    return { result: await run(), peakMb };
  } finally {
    clearInterval(sampler);
  }
}

export const mbps = (bytes: number, ms: number) => bytes / 1024 / 1024 / (ms / 1000);

/** A local storage config named `name`, with its folder under the data dir made. */
export async function localStorageFolder(
  api: ReturnType<typeof adminApi>,
  token: string,
  dataDir: string,
  name: string,
) {
  const config = await api<{ id: string }>('POST', '/api/s3-configs', token, {
    name,
    storage_type: 'local',
  });
  const folder = path.join(dataDir, 'storage', config.id);
  mkdirSync(folder, { recursive: true });
  return { id: config.id, folder };
}

/**
 * A local storage mounted at `mountPath`, with the upload limit raised to 2 GB (the default
 * 100 MB would refuse the benches' 1 GiB files); answers the storage's id and folder.
 */
export async function mountedLocalDisk(
  api: ReturnType<typeof adminApi>,
  token: string,
  dataDir: string,
  { name, mountPath, cacheTtl }: { name: string; mountPath: string; cacheTtl?: number },
) {
  const local = await localStorageFolder(api, token, dataDir, name);
  await api('PUT', '/api/admin/system-settings', token, {
    max_upload_size: 2,
    max_upload_size_unit: 'GB',
  });
  await api('POST', '/api/admin/mounts', token, {
    name,
    storage_type: 'local',
    storage_config_id: local.id,
    mount_path: mountPath,
    ...(cacheTtl === undefined ? {} : { cache_ttl: cacheTtl }),
  });
  return local;
}

/** Mounts the local storage `diskId` at `/disk` and the S3 storage `s3Id` at `/s3`. */
export async function mountDiskAndS3(
  api: ReturnType<typeof adminApi>,
  token: string,
  diskId: string,
  s3Id: string,
) {
  for (const [name, config, type] of [
    ['disk', diskId, 'local'],
    ['s3', s3Id, 's3'],
  ] as const) {
    await api('POST', '/api/admin/mounts', token, {
      name,
      storage_type: type,
      storage_config_id: config,
      mount_path: `/${name}`,
    });
  }
}
