import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP proxy that sends each request to the next of `targets` in turn: two instances behind
 * one address, as a load balancer without sticky sessions puts them (ARCHITECTURE §9).
 */
export async function startRoundRobinProxy(targets: string[]) {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((incoming, outgoing) => {
    const target = new URL(targets[next++ % targets.length] as string);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
