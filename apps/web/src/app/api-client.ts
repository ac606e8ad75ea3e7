import { i18n } from '../i18n';
import { type AuthState, getAuthState, logout } from '../modules/auth/auth.store';
import { cachedResponse, cacheTimeOf, markFromCache } from '../pwa/cached-answers';
import { findAnswer, saveAnswer } from '../pwa/offline-cache';
import {
  type CacheTarget,
  cacheTargetFor,
  isCacheableContentType,
} from '../pwa/offline-cache-targets';
import { OfflineUnavailableError } from '../pwa/offline-error';
import { apiErrorText } from './error-messages';
import { apiUrl } from './runtime-config';

/** Codes for failures that never reached (or were not understood from) the server. */
export const CLIENT_ERROR_CODES = {
  network: 'client.network_unreachable',
  invalidResponse: 'client.invalid_response',
  http: 'client.http_error',
} as const;

const SUCCESS_CODES = new Set([200, 201, 202]);

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The envelope's `error` code (see ERROR_CODES), or one of CLIENT_ERROR_CODES. */
  readonly code: string;
  /** The server's own message, when it sent one. */
  readonly serverMessage: string | null;
  readonly details: unknown;
  /** Seconds from a Retry-After header (rate limits). */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    serverMessage?: string | null;
    details?: unknown;
    retryAfterSeconds?: number | null;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage ?? null;
    this.details = init.details;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Which credentials a request carries. */
export type RequestAuth =
  | 'session'
  | 'none'
  | { scheme: 'Bearer'; token: string }
  | { scheme: 'ApiKey'; key: string };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Default `session`: the store's admin token or API key. */
  auth?: RequestAuth;
  /**
   * `logout` (default): a 401 on the session's credentials ends the session (SPEC §8).
   * `report`: the server's message is shown and the session kept (change-password, login).
   */
  onUnauthorized?: 'logout' | 'report';
  signal?: AbortSignal;
}

interface SentCredentials {
  scheme: 'Bearer' | 'ApiKey';
  value: string;
  fromSession: boolean;
}

function resolveCredentials(auth: RequestAuth): SentCredentials | null {
  if (auth === 'none') {
    return null;
  }
  if (auth !== 'session') {
    return auth.scheme === 'Bearer'
      ? { scheme: 'Bearer', value: auth.token, fromSession: false }
      : { scheme: 'ApiKey', value: auth.key, fromSession: false };
  }
  const state = getAuthState();
  if (state.authType === 'admin' && state.adminToken) {
    return { scheme: 'Bearer', value: state.adminToken, fromSession: true };
  }
  if (state.authType === 'apikey' && state.apiKey) {
    return { scheme: 'ApiKey', value: state.apiKey, fromSession: true };
  }
  return null;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = apiUrl(path);
  if (!query) {
    return url;
  }
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) {
      params.set(name, String(value));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) {
    return null;
  }
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) {
    return Math.ceil(seconds);
  }
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The session still holds the credentials this request was sent with. */
function sessionStillUses(credentials: SentCredentials): boolean {
  const state = getAuthState();
  return credentials.scheme === 'Bearer'
    ? state.authType === 'admin' && state.adminToken === credentials.value
    : state.authType === 'apikey' && state.apiKey === credentials.value;
}

/** Only what the session itself reads is cached: explicit credentials are sign-in checks. */
function offlineCacheTarget(
  method: string,
  auth: RequestAuth,
  path: string,
  url: string,
): CacheTarget | null {
  if (method !== 'GET' || (auth !== 'session' && auth !== 'none')) {
    return null;
  }
  const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  return cacheTargetFor(path, search);
}

function browserIsOffline(): boolean {
  return window.navigator?.onLine === false;
}

/** The same user, on the same credentials, as when the request was sent. */
function sameSession(before: AuthState, after: AuthState): boolean {
  return (
    before.authType === after.authType &&
    before.adminToken === after.adminToken &&
    before.apiKey === after.apiKey
  );
}

/**
 * A GET that got no answer (SPEC §7): the user's cached copy, marked with X-Cache-Source and
 * X-Cache-Time; without one, OfflineUnavailableError while the browser is offline (the route
 * shows the offline page), else the usual network error.
 */
async function answerFromCache(
  target: CacheTarget | null,
  session: AuthState,
  path: string,
): Promise<Response> {
  const saved = target ? await findAnswer(session, target) : null;
  if (saved) {
    return cachedResponse(saved.body, saved.savedAt);
  }
  if (target && browserIsOffline()) {
    throw new OfflineUnavailableError(path);
  }
  throw new ApiError({
    status: 0,
    code: CLIENT_ERROR_CODES.network,
    message: i18n.t('errors.serverNotResponding'),
  });
}

/** SPEC §8: the text shown for a failed answer, and the logout a 401 may cause. */
function failureMessage(
  status: number,
  failure: { code: string; details: unknown; serverMessage: string | null },
  credentials: SentCredentials | null,
  onUnauthorized: 'logout' | 'report',
): string {
  const t = i18n.t;
  // By code in the reader's language; the server's English only for codes we do not know.
  const serverMessage =
    apiErrorText(failure.code, failure.details, i18n.language) ?? failure.serverMessage;
  if (status === 401) {
    if (onUnauthorized === 'report') {
      return serverMessage || t('errors.unauthorized');
    }
    if (credentials?.fromSession && sessionStillUses(credentials)) {
      logout('invalid');
      return credentials.scheme === 'Bearer'
        ? t('errors.adminSessionExpired')
        : t('errors.apiKeyInvalid');
    }
    if (credentials?.fromSession) {
      // The session changed while the request was under way; its answer is stale.
      return credentials.scheme === 'Bearer'
        ? t('errors.adminSessionExpired')
        : t('errors.apiKeyInvalid');
    }
    return t('errors.unauthorized');
  }
  if (status === 409) {
    return serverMessage || t('errors.conflict');
  }
  return serverMessage || t('errors.httpError', { status });
}

/**
 * The one way the app calls the API: adds the Authorization header, unwraps the envelope
 * (`{code, message, data}`) and turns every failure into an ApiError with a readable message.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    query,
    auth = 'session',
    onUnauthorized = 'logout',
    signal,
  } = options;
  const credentials = resolveCredentials(auth);
  const headers = new Headers({ Accept: 'application/json' });
  if (credentials) {
    headers.set('Authorization', `${credentials.scheme} ${credentials.value}`);
  }
  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  }

  const url = buildUrl(path, query);
  const cacheTarget = offlineCacheTarget(method, auth, path, url);
  const session = getAuthState();
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: requestBody,
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw error;
    }
    // Writes are never answered from the cache, nor replayed later: they fail here.
    response = await answerFromCache(cacheTarget, session, path);
  }
  const savedAt = cacheTimeOf(response);

  let payload: unknown = null;
  const text = await response.text().catch(() => '');
  if (text !== '') {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
  }

  const envelope = isRecord(payload) ? payload : null;
  const serverMessage =
    envelope && typeof envelope.message === 'string' && envelope.message !== ''
      ? envelope.message
      : null;
  const envelopeCode = envelope && typeof envelope.code === 'number' ? envelope.code : null;

  if (!response.ok || (envelopeCode !== null && !SUCCESS_CODES.has(envelopeCode))) {
    const status = response.ok ? (envelopeCode ?? response.status) : response.status;
    const code =
      envelope && typeof envelope.error === 'string' ? envelope.error : CLIENT_ERROR_CODES.http;
    throw new ApiError({
      status,
      code,
      message: failureMessage(
        status,
        { code, details: envelope?.details, serverMessage },
        credentials,
        onUnauthorized,
      ),
      serverMessage,
      details: envelope?.details,
      retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
    });
  }

  if (payload === undefined) {
    throw new ApiError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: i18n.t('errors.invalidResponse'),
    });
  }
  if (
    cacheTarget &&
    savedAt === null &&
    isCacheableContentType(response.headers.get('Content-Type')) &&
    sameSession(session, getAuthState())
  ) {
    void saveAnswer(session, cacheTarget, text);
  }
  // An answer without the envelope's code field is passed through as it is (SPEC §7).
  const data = (envelopeCode !== null ? envelope?.data : payload) as T;
  if (savedAt !== null) {
    markFromCache(data, savedAt);
  }
  return data;
}

/**
 * A binary answer (a thumbnail) on the session's credentials (or `auth`): null when the server
 * has none for it (not an image, damaged, gone). The browser's HTTP cache revalidates it by its
 * ETag.
 */
export async function apiBlob(
  path: string,
  options: Pick<RequestOptions, 'query' | 'signal' | 'auth'> & {
    /** Told the error code of a refusal (the envelope's `error`). */
    onRefused?: (code: string) => void;
  } = {},
): Promise<Blob | null> {
  const headers = new Headers();
  const credentials = resolveCredentials(options.auth ?? 'session');
  if (credentials) headers.set('Authorization', `${credentials.scheme} ${credentials.value}`);
  const response = await fetch(buildUrl(path, options.query), {
    headers,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (response.ok) return response.blob();
  if (options.onRefused) {
    const envelope: unknown = await response.json().catch(() => null);
    if (isRecord(envelope) && typeof envelope.error === 'string') options.onRefused(envelope.error);
  }
  return null;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The text to show for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof OfflineUnavailableError) {
    return i18n.t('offlineCache.notCached');
  }
  if (isApiError(error) && error.status !== 401) {
    // Worded again in the language of the moment: the text may be shown after a switch.
    const text = apiErrorText(error.code, error.details, i18n.language);
    if (text) return text;
  }
  if (error instanceof Error && error.message) {
    return error.message;
  }
  return i18n.t('errors.requestFailed');
}
