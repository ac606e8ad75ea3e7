import net from 'node:net';

/**
 * A TCP proxy to `target` that a test can cut like a network break: `cut()` resets every
 * connection through it and leaves new ones hanging without an answer; `restore()` lets
 * traffic through again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let cut = false;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset is what this proxy is for; the other side sees it, nobody here needs to.
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    track(client);
    if (cut) return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', closeBoth);
    upstream.on('close', closeBoth);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      cut = true;
      resetAll();
    },
    restore() {
      cut = false;
      // Connections that arrived during the break never got an upstream.
      resetAll();
    },
    close() {
      resetAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `TEST_POSTGRES_URL` with its host and port replaced by the proxy's. */
export function throughProxy(connectionString: string, port: number): string {
  const url = new URL(connectionString);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return url.toString();
}
