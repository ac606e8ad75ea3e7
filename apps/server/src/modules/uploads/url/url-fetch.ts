import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy';

export class UrlFetchError extends Error {
  constructor(
    readonly reason:
      | 'invalid_url'
      | 'forbidden_address'
      | 'too_many_redirects'
      | 'unreachable'
      | 'timeout'
      | 'http_status',
    message: string,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Every address a host name has, as the system resolver answers them. */
export type HostResolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: HostResolver = (hostname) =>
  lookup(hostname, { all: true, verbatim: true });

const MAX_REDIRECTS = 5;

export interface SafeFetchOptions {
  method: 'GET' | 'HEAD';
  policy: AddressPolicy;
  resolve: HostResolver;
  /** Longest silence on the connection, per hop. */
  timeoutMs: number;
  /** Covers redirects and body: with only an idle timeout, a trickling server holds us forever. */
  deadline: AbortSignal;
  headers?: Record<string, string>;
}

/** Resolves a host and checks every address it has; answers the one to connect to. */
async function vettedAddress(hostname: string, policy: AddressPolicy, resolve: HostResolver) {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = await resolve(bare);
  } catch (error) {
    throw new UrlFetchError('unreachable', `Cannot resolve ${bare}`, undefined, { cause: error });
  }
  // Every address must pass: a name with one public and one private address is refused.
  const refused = addresses.find((entry) => !policy(entry.address));
  if (refused || addresses.length === 0) {
    throw new UrlFetchError('forbidden_address', 'The address is not public; it cannot be fetched');
  }
  return addresses[0] as { address: string; family: number };
}

/**
 * Serves both list (`all: true`) and single shapes. Answers on a later turn: a synchronous connect
 * failure would emit 'error' before the request listens, ending the process.
 */
function pinnedLookup({ address, family }: { address: string; family: number }): LookupFunction {
  return (_host, options, callback) => {
    setImmediate(() => {
      if (options.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    });
  };
}

function requestOnce(
  url: URL,
  address: { address: string; family: number },
  options: SafeFetchOptions,
) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: options.method,
        headers: { 'user-agent': 'Sharebin URL upload', accept: '*/*', ...options.headers },
        // The checked address, against DNS rebinding; TLS still verifies the URL's host name.
        lookup: pinnedLookup(address),
      },
      resolve,
    );
    request.setTimeout(options.timeoutMs, () => {
      request.destroy(new UrlFetchError('timeout', 'The remote server took too long to answer'));
    });
    // Destroying the request ends its response too, so the deadline also covers a body being read.
    const onDeadline = () =>
      request.destroy(new UrlFetchError('timeout', 'The remote server took too long'));
    options.deadline.addEventListener('abort', onDeadline, { once: true });
    request.on('close', () => options.deadline.removeEventListener('abort', onDeadline));
    request.on('error', (error) => reject(asFetchError(error, options.deadline)));
    request.end();
  });
}

/** Not Node's message, which names internal addresses; the original stays as the cause. */
export function asFetchError(error: unknown, deadline: AbortSignal): UrlFetchError {
  if (error instanceof UrlFetchError) return error;
  if (deadline.aborted)
    return new UrlFetchError('timeout', 'The remote server took too long', undefined, {
      cause: error,
    });
  return new UrlFetchError('unreachable', 'Cannot connect to the remote server', undefined, {
    cause: error,
  });
}

/** Every redirect's resolved address is checked before connecting (ARCHITECTURE.md §4). */
export async function safeFetch(
  input: string,
  options: SafeFetchOptions,
): Promise<{ url: URL; response: IncomingMessage }> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new UrlFetchError('invalid_url', 'Not a valid URL');
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new UrlFetchError('invalid_url', 'Only http and https addresses can be fetched');
    }
    if (url.username || url.password)
      throw new UrlFetchError('invalid_url', 'Addresses with credentials are not fetched');
    if (options.deadline.aborted) throw asFetchError(options.deadline.reason, options.deadline);
    const address = await vettedAddress(url.hostname, options.policy, options.resolve);
    const response = await requestOnce(url, address, options);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.resume();
      url = new URL(location, url);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new UrlFetchError('http_status', `The remote server answered HTTP ${status}`, status);
    }
    return { url, response };
  }
  throw new UrlFetchError('too_many_redirects', `More than ${MAX_REDIRECTS} redirects`);
}
