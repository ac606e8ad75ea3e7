import { createHash } from 'node:crypto';
import type { FsListing, PublicFsListing } from '@sharebin/shared';
import type { Context } from 'hono';
import { type ContentEncoding, pickEncoding } from '../../app/content-encoding';
import { ENCODERS, MIN_COMPRESSED_BYTES } from '../../app/middlewares/compress-json';

/** A listing as it goes on the wire: its bytes, ETag, and compressed forms made so far. */
interface SerialisedListing {
  body: Buffer;
  etag: string;
  encoded: Map<ContentEncoding, Promise<Buffer>>;
}

/**
 * Listings serialised once: a cached folder comes back as the same listing object (one per
 * folder and caller's view, see `list`; one per share and folder for a share's visitors), so
 * a cache hit writes stored bytes. Each compressed
 * form is made the first time a client asks for it and lives as long as the listing does,
 * that is as long as the cache entry.
 */
const serialisedListings = new WeakMap<object, SerialisedListing>();

function serialised(listing: object): SerialisedListing {
  let answer = serialisedListings.get(listing);
  if (!answer) {
    const body = Buffer.from(JSON.stringify({ code: 200, message: 'OK', data: listing }));
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    answer = { body, etag, encoded: new Map() };
    serialisedListings.set(listing, answer);
  }
  return answer;
}

function encodedBody(answer: SerialisedListing, encoding: ContentEncoding): Promise<Buffer> {
  let encoded = answer.encoded.get(encoding);
  if (!encoded) {
    encoded = ENCODERS[encoding](answer.body);
    // A failed compression is tried again by the next request, not remembered.
    encoded.catch(() => answer.encoded.delete(encoding));
    answer.encoded.set(encoding, encoded);
  }
  return encoded;
}

/**
 * The answer to a listing request: 304 to a matching If-None-Match, else the stored bytes in
 * the best encoding the client accepts. The JSON compression middleware leaves it alone (it
 * is no `jsonAnswer`), so nothing is compressed twice.
 */
export async function listingAnswer(
  c: Context,
  listing: FsListing | PublicFsListing,
): Promise<Response> {
  const answer = serialised(listing);
  const headers: Record<string, string> = {
    ETag: answer.etag,
    'Cache-Control': 'private, no-cache',
    Vary: 'Accept-Encoding',
  };
  if (c.req.header('if-none-match') === answer.etag) {
    return new Response(null, { status: 304, headers });
  }
  headers['Content-Type'] = 'application/json';
  const encoding =
    answer.body.length >= MIN_COMPRESSED_BYTES
      ? pickEncoding(c.req.header('accept-encoding'), ['br', 'gzip'])
      : undefined;
  if (encoding) headers['Content-Encoding'] = encoding;
  const body = encoding ? await encodedBody(answer, encoding) : answer.body;
  headers['Content-Length'] = String(body.length);
  // zlib's buffers are typed over any ArrayBuffer kind; these are plain ones.
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
}
