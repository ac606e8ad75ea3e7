import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Server } from '../app/create-server';
import { ADMIN } from './harness';

/** `Authorization: Basic` for a user name and password (or any name and an API key). */
export const basicAuth = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

export const ADMIN_BASIC = basicAuth(ADMIN.username, ADMIN.password);

/** A WebDAV request through the app, as the admin unless `headers` says otherwise. */
export function davRequest(
  server: () => Server,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string | Uint8Array } = {},
): Promise<Response> {
  return Promise.resolve(
    server().app.request(`http://sharebin.test${path}`, {
      method,
      headers: { Authorization: ADMIN_BASIC, ...headers },
      body,
    }),
  );
}

/** The server on a real port, for outside clients (litmus, rclone); answers its address and a stop. */
export async function listenForClients(server: Server) {
  const httpServer = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => httpServer.once('listening', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      (httpServer as http.Server).closeAllConnections();
      await new Promise((resolve) => httpServer.close(resolve));
    },
  };
}
