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
export function peerIsThisUser(socket: Socket): Promise<boolean> {
  // A connection's owner does not change: looked up once, whatever it carries (a program's
  // seeks on one kept-alive connection).
  let answer = answers.get(socket);
  if (!answer) {
    answer = lookUpPeer(socket);
    answers.set(socket, answer);
  }
  return answer;
}

const answers = new WeakMap<Socket, Promise<boolean>>();

async function lookUpPeer(socket: Socket): Promise<boolean> {
  const { remoteAddress, remotePort, localPort } = socket;
  if (remoteAddress !== '127.0.0.1' || !remotePort || !localPort) return false;
  const ours = `${LOOPBACK}:${hexPort(localPort)}`;
  const theirs = `${LOOPBACK}:${hexPort(remotePort)}`;
  const mappedTheirs = `${MAPPED_LOOPBACK}:${hexPort(remotePort)}`;
  const mappedOurs = `${MAPPED_LOOPBACK}:${hexPort(localPort)}`;
  const clientUid = async () =>
    uidOf(await readTable('tcp'), theirs, ours) ??
    uidOf(await readTable('tcp6'), mappedTheirs, mappedOurs);
  if (uidOf(await readTable('tcp'), ours, theirs) === undefined) return true;
  // The tables are read in pieces, not at one instant: a socket missed once is looked for again.
  const uid = (await clientUid()) ?? (await clientUid());
  return uid !== undefined && uid === process.getuid?.();
}
