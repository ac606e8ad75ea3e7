import type { CreatedApiKey, FsListing, Mount } from '@sharebin/shared';
import type { Server } from '../app/create-server';
import { type RequestOptions, sendRequest, uploadForm } from './harness';

/** The data of an answer that must have `status`; anything else fails the test with its body. */
export async function expectData<T>(
  response: Promise<{ status: number; body: { data: T } }>,
  status = 200,
): Promise<T> {
  const settled = await response;
  if (settled.status !== status)
    throw new Error(`${settled.status}: ${JSON.stringify(settled.body)}`);
  return settled.body.data;
}

/** File-system calls through the HTTP API of `server()`, as the admin `admin()` or a key. */
export function fsClient(server: () => Server, admin: () => RequestOptions) {
  const request = <T>(method: string, path: string, body?: unknown, options = admin()) =>
    sendRequest<T>(server().app, method, path, body, options);
  return {
    request,
    mount: (mount_path: string, storageId: string, fields: Record<string, unknown> = {}) =>
      expectData<Mount>(
        request('POST', '/api/admin/mounts', {
          name: mount_path,
          storage_type: 'local',
          storage_config_id: storageId,
          mount_path,
          ...fields,
        }),
        201,
      ),
    list: (path: string, options = admin(), query = '') =>
      request<FsListing>(
        'GET',
        `/api/${options.token ? 'admin' : 'user'}/fs/list?path=${encodeURIComponent(path)}${query}`,
        undefined,
        options,
      ),
    async names(path: string, options = admin(), query = '') {
      const listing = await expectData(this.list(path, options, query));
      return listing.items.map((item) => item.name).sort();
    },
    upload: (folder: string, name: string, text: string, options = admin()) =>
      request(
        'POST',
        `/api/${options.token ? 'admin' : 'user'}/fs/upload`,
        uploadForm(Buffer.from(text), name, { path: folder }),
        options,
      ),
    /** A file's bytes through `download`, or null when the answer is not 200. */
    async bytes(path: string, options = admin()): Promise<Buffer | null> {
      const response = await server().app.request(
        `/api/${options.token ? 'admin' : 'user'}/fs/download?path=${encodeURIComponent(path)}`,
        {
          headers: {
            authorization: options.token ? `Bearer ${options.token}` : `ApiKey ${options.apiKey}`,
          },
        },
      );
      return response.status === 200 ? Buffer.from(await response.arrayBuffer()) : null;
    },
    async keyWith(fields: Record<string, unknown>): Promise<RequestOptions> {
      const key = await expectData<CreatedApiKey>(
        request('POST', '/api/admin/api-keys', {
          name: 'script',
          mount_permission: true,
          ...fields,
        }),
        201,
      );
      return { apiKey: key.key };
    },
  };
}
