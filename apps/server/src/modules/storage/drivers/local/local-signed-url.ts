import { createHmac } from 'node:crypto';
import { safeEqual } from '../../../shared/crypto';
import { SignedUrlError } from '../storage-driver.errors';

/**
 * The local driver's stand-in for presigned URLs: short-lived signed URLs to our own server,
 * `${publicPath}/{op}?key=…&exp=…&sig=…`, so the web app runs one upload and download flow for
 * both drivers. The route for `publicPath` checks them with `verifyLocalSignedRequest` and
 * then streams to or from the driver.
 */
export interface UrlSigner {
  sign(payload: string): string;
  verify(payload: string, signature: string): boolean;
}

export type LocalSignedOp = 'get' | 'put' | 'part';

/** HMAC-SHA256 under a key derived from the server secret for this one purpose. */
export function createHmacSigner(secret: string): UrlSigner {
  // Derived so that these signatures can never stand in for another HMAC use of the secret.
  const key = createHmac('sha256', secret).update('sharebin/local-storage-url/v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return { sign, verify: (payload, signature) => safeEqual(signature, sign(payload)) };
}

/** Query parameter of each signed field. */
const PARAM = {
  key: 'key',
  uploadId: 'uploadId',
  partNumber: 'partNumber',
  contentLength: 'len',
  maxLength: 'max',
  contentType: 'type',
  downloadName: 'name',
  inline: 'inline',
  expires: 'exp',
  signature: 'sig',
} as const;

type SignedField = Exclude<keyof typeof PARAM, 'signature'>;
type SignedValues = Partial<Record<SignedField, string>>;

const SIGNED_FIELDS: SignedField[] = [
  'key',
  'uploadId',
  'partNumber',
  'contentLength',
  'maxLength',
  'contentType',
  'downloadName',
  'inline',
  'expires',
];

/**
 * The signed payload: a JSON array (unambiguous whatever the values contain) of a version
 * tag, the public path (binds the URL to one storage configuration), the operation and every
 * field in a fixed order, absent ones as null. Any added, removed or altered parameter, or
 * the URL replayed for another operation or storage, breaks the signature.
 */
function canonicalPayload(publicPath: string, op: LocalSignedOp, values: SignedValues): string {
  return JSON.stringify([
    'sharebin-local-v1',
    publicPath,
    op,
    ...SIGNED_FIELDS.map((field) => values[field] ?? null),
  ]);
}

export interface LocalSignedFields {
  key: string;
  uploadId?: string;
  partNumber?: number;
  contentLength?: number;
  /** For a PUT of undeclared length: the most bytes it may carry. */
  maxLength?: number;
  contentType?: string;
  downloadName?: string;
  inline?: boolean;
}

export function buildLocalSignedUrl({
  signer,
  publicPath,
  op,
  fields,
  expiresAtSeconds,
}: {
  signer: UrlSigner;
  publicPath: string;
  op: LocalSignedOp;
  fields: LocalSignedFields;
  expiresAtSeconds: number;
}): string {
  const values: SignedValues = {
    key: fields.key,
    uploadId: fields.uploadId,
    partNumber: fields.partNumber?.toString(),
    contentLength: fields.contentLength?.toString(),
    maxLength: fields.maxLength?.toString(),
    contentType: fields.contentType,
    downloadName: fields.downloadName,
    inline: fields.inline ? '1' : undefined,
    expires: expiresAtSeconds.toString(),
  };
  const query = new URLSearchParams();
  for (const field of SIGNED_FIELDS) {
    const value = values[field];
    if (value !== undefined) query.set(PARAM[field], value);
  }
  query.set(PARAM.signature, signer.sign(canonicalPayload(publicPath, op, values)));
  return `${publicPath}/${op}?${query}`;
}

export type LocalSignedRequest =
  | {
      op: 'get';
      key: string;
      /** What the route puts in Content-Type and (via contentDisposition) Content-Disposition. */
      download: { downloadName?: string; contentType?: string; inline: boolean };
    }
  | { op: 'put'; key: string; contentLength?: number; maxLength?: number; contentType?: string }
  | { op: 'part'; key: string; uploadId: string; partNumber: number; contentLength?: number };

type QueryInput = URLSearchParams | Record<string, string | undefined>;

/**
 * Checks a signed request as received: `op` comes from the route's path, `query` from its
 * query string, `now` in milliseconds from the route's clock. Pure: no I/O, no driver.
 */
export function verifyLocalSignedRequest({
  signer,
  publicPath,
  op,
  query,
  now,
}: {
  signer: UrlSigner;
  publicPath: string;
  op: LocalSignedOp;
  query: QueryInput;
  now: number;
}): LocalSignedRequest | SignedUrlError {
  const read = (name: string) =>
    (query instanceof URLSearchParams ? query.get(name) : query[name]) ?? undefined;
  const values: SignedValues = {};
  for (const field of SIGNED_FIELDS) {
    const value = read(PARAM[field]);
    if (value !== undefined) values[field] = value;
  }
  const signature = read(PARAM.signature);
  if (!values.key || !values.expires || !signature) return new SignedUrlError('malformed');
  if (!signer.verify(canonicalPayload(publicPath, op, values), signature)) {
    return new SignedUrlError('bad_signature');
  }
  // Checked after the signature, so an expiry says nothing to someone who cannot sign.
  if (!isDecimal(values.expires) || Number(values.expires) * 1000 <= now) {
    return new SignedUrlError('expired');
  }

  const key = values.key;
  switch (op) {
    case 'get':
      return {
        op,
        key,
        download: {
          downloadName: values.downloadName,
          contentType: values.contentType,
          inline: values.inline === '1',
        },
      };
    case 'put':
      if (values.contentLength !== undefined && !isDecimal(values.contentLength)) break;
      if (values.maxLength !== undefined && !isDecimal(values.maxLength)) break;
      return {
        op,
        key,
        contentLength: signedLength(values),
        ...(values.maxLength === undefined ? {} : { maxLength: Number(values.maxLength) }),
        contentType: values.contentType,
      };
    case 'part':
      if (!values.uploadId || !values.partNumber || !isDecimal(values.partNumber)) break;
      if (values.contentLength !== undefined && !isDecimal(values.contentLength)) break;
      return {
        op,
        key,
        uploadId: values.uploadId,
        partNumber: Number(values.partNumber),
        contentLength: signedLength(values),
      };
  }
  return new SignedUrlError('malformed');
}

const isDecimal = (value: string) => /^[0-9]{1,15}$/.test(value);

const signedLength = (values: SignedValues) =>
  values.contentLength === undefined ? undefined : Number(values.contentLength);
