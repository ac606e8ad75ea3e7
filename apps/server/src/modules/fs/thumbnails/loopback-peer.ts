import { readFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { endianness } from 'node:os';

/** 127.0.0.1 as Linux's socket tables write it: a 32-bit word in the host's byte order. */
const LOOPBACK = endianness() === 'LE' ? '0100007F' : '7F000001';
/** ::ffff:127.0.0.1 as /proc/net/tcp6 writes it (an IPv6 client of an IPv4 server). */
const MAPPED_LOOPBACK = `0000000000000000${endianness() === 'LE' ? 'FFFF0000' : '0000FFFF'}${LOOPBACK}`;

const hexPort = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
const readTable = (name: 'tcp' | 'tcp6') => readFile(`/proc/net/${name}`, 'utf8').catch(() => null);

/** The owner's uid of the socket whose local and remote ends are these, if `table` lists it. */
function uidOf(table: string | null, local: string, remote: string): number | undefined {
  const at = table?.indexOf(` ${local} ${remote} `) ?? -1;
  if (!table || at < 0) return undefined;
  const end = table.indexOf('\n', at);
  // local, remote, state, queues, timer, retransmits, uid…
  const uid = table
    .slice(at, end < 0 ? undefined : end)
    .trim()
    .split(/\s+/)[6];
  return uid === undefined ? undefined : Number(uid);
}

/**
 * Whether the process at the other end of a connection to a server on 127.0.0.1 runs as this
 * server's user, from Linux's socket tables: the client's socket is looked up by its ends (in
 * `/proc/net/tcp`, or `tcp6` for an IPv6 client). A connection from any other address, or whose
 * client cannot be found while the server's own socket can, is refused. Where the tables cannot
 * be read or do not list this connection at all (another system, a sandboxed kernel), nothing
 * can be told and the caller's other guard (a secret address) is all there is.
 */
export async function peerIsThisUser(socket: Socket): Promise<boolean> {
  const { remoteAddress, remotePort, localPort } = socket;
  if (remoteAddress !== '127.0.0.1' || !remotePort || !localPort) return false;
  const ours = `${LOOPBACK}:${hexPort(localPort)}`;
  const theirs = `${LOOPBACK}:${hexPort(remotePort)}`;
  const tcp = await readTable('tcp');
  if (uidOf(tcp, ours, theirs) === undefined) return true;
  const uid =
    uidOf(tcp, theirs, ours) ??
    uidOf(
      await readTable('tcp6'),
      `${MAPPED_LOOPBACK}:${hexPort(remotePort)}`,
      `${MAPPED_LOOPBACK}:${hexPort(localPort)}`,
    );
  return uid !== undefined && uid === process.getuid?.();
}
