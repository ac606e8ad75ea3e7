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
  ) {
    super(message);
  }
}

const MAX_REDIRECTS = 5;

export interface SafeFetchOptions {
  method: 'GET' | 'HEAD';
  policy: AddressPolicy;
  /** Until the response headers arrive, per hop. */
  timeoutMs: number;
  headers?: Record<string, string>;
}

/** Resolves a host and checks every address it has; answers the one to connect to. */
async function vettedAddress(hostname: string, policy: AddressPolicy) {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(bare, { all: true, verbatim: true });
  } catch {
    throw new UrlFetchError('unreachable', `Cannot resolve ${bare}`);
  }
  // Every address must pass: a name with one public and one private address is refused.
  const refused = addresses.find((entry) => !policy(entry.address));
  if (refused || addresses.length === 0) {
    throw new UrlFetchError('forbidden_address', 'The address is not public; it cannot be fetched');
  }
  return addresses[0] as { address: string; family: number };
}

/**
 * A `lookup` that answers the checked address whatever is asked. Node's connect asks for a list
 * (`all: true`, for happy eyeballs) and fails on a single answer, so both shapes are served.
 */
function pinnedLookup({ address, family }: { address: string; family: number }): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
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
        // Connect to the address that was checked, not to whatever a second lookup answers
        // (DNS rebinding); TLS still verifies the certificate for the URL's host name.
        lookup: pinnedLookup(address),
      },
      resolve,
    );
    request.setTimeout(options.timeoutMs, () => {
      request.destroy(new UrlFetchError('timeout', 'The remote server took too long to answer'));
    });
    request.on('error', (error) =>
      reject(
        error instanceof UrlFetchError
          ? error
          : new UrlFetchError('unreachable', `Cannot reach the address: ${error.message}`),
      ),
    );
    request.end();
  });
}

/**
 * Fetches an http(s) URL for a URL upload, checking the resolved address of the URL and of
 * every redirect against the policy before connecting (ARCHITECTURE.md §4). Answers the final
 * response, unread.
 */
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
    const address = await vettedAddress(url.hostname, options.policy);
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
