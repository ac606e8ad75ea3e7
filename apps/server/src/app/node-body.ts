import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { pipeline, type Readable, type Writable } from 'node:stream';

/** A body that writes itself into a Node writable better than a pipe can (a local file). */
interface SendsItself {
  sendTo(target: Writable, onChunk?: (bytes: number) => void): void;
}

export interface NodeBody {
  source: Readable;
  /** The same bytes as `source`, when they were read at once (a small file). */
  bytes?: Buffer;
  /** Told the length of each chunk as the socket takes it. */
  onChunk?: (bytes: number) => void;
}

/** Answers whose body the HTTP server may take as the Node stream it came from. */
const nodeBodies = new WeakMap<Response, NodeBody>();

/**
 * Marks `response` (whose body is the web-stream form of `body.source`) as one the HTTP server
 * may send from the Node stream itself: on @hono/node-server a web stream costs a promise and a
 * trip through the adapter per chunk (bench/RESULTS.md). The web body stays the answer for
 * whoever reads it (`app.request()` in tests, a middleware that replaces the answer, HEAD):
 * only the very Response object marked here is sent this way, headers as set on it last.
 */
export function withNodeBody(response: Response, body: NodeBody): Response {
  nodeBodies.set(response, body);
  return response;
}

const sendsItself = (source: Readable): source is Readable & SendsItself =>
  typeof (source as Partial<SendsItself>).sendTo === 'function';

function outgoingHeaders(headers: Headers): OutgoingHttpHeaders {
  const record: OutgoingHttpHeaders = {};
  for (const [name, value] of headers) if (name !== 'set-cookie') record[name] = value;
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) record['set-cookie'] = cookies;
  return record;
}

/**
 * Writes `response` into `outgoing` straight from its Node body, when it has one; answers
 * whether it did. A body that sends itself (a local file) does; small bytes go in one write;
 * any other stream (an S3 object) is piped, the socket's backpressure pausing it. Whichever
 * way, the source is closed when the client hangs up.
 */
export function sendNodeBody(response: Response, outgoing: ServerResponse): boolean {
  const body = nodeBodies.get(response);
  if (!body) return false;
  nodeBodies.delete(response);
  const { source, bytes, onChunk } = body;
  try {
    outgoing.writeHead(response.status, outgoingHeaders(response.headers));
  } catch (error) {
    // Headers Node refuses (it checks them again): the file or socket behind the body goes too.
    source.destroy();
    throw error;
  }
  if (bytes) {
    source.destroy();
    outgoing.end(bytes, () => onChunk?.(bytes.length));
  } else if (sendsItself(source)) {
    source.sendTo(outgoing, onChunk);
  } else {
    if (onChunk) source.on('data', (chunk: Buffer) => onChunk(chunk.length));
    // Its failures cut the connection (pipeline destroys the answer); nothing more to do here.
    pipeline(source, outgoing, () => {});
  }
  return true;
}
