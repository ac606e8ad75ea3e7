import type { Server } from 'node:http';
import { StartupError } from '../modules/shared/startup-error';

/** Why the port could not be taken, in words that name the variable to change. */
function describeListenError(error: NodeJS.ErrnoException, port: number, host: string): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `PORT ${port} is in use on ${host}: another program (or another Sharebin) listens there; stop it or choose another PORT`;
    case 'EACCES':
      return `PORT ${port} on ${host} needs privileges this process lacks (EACCES): choose a PORT above 1023 or let a proxy listen on ${port}`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine (EADDRNOTAVAIL): use 0.0.0.0, :: or one of its addresses`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${host} does not resolve (${error.code})`;
    default:
      return `cannot listen on ${host}:${port} (PORT, HOST): ${error.message}`;
  }
}

/**
 * `server.listen` as a promise: a port that cannot be taken rejects with a `StartupError`
 * instead of an unhandled 'error' event.
 */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) =>
      reject(new StartupError(describeListenError(error, port, host), { cause: error }));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}
