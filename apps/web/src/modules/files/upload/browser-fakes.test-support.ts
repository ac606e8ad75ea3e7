/**
 * Browser fakes shared by this folder's tests: the node environment has no window, no
 * XMLHttpRequest and no server behind fetch. Test code only; nothing outside *.test.ts files
 * may import it.
 */
import {
  type CreatedFileShare,
  createdFileShareSchema,
  type ErrorCode,
  errorEnvelopeSchema,
  multipartInitResponseSchema,
  multipartPartsResponseSchema,
  presignResponseSchema,
} from '@sharebin/shared';
import { afterEach, beforeEach, vi } from 'vitest';
import { z } from 'zod';
import { createFakeWindow, withEnglishTexts } from '../../../app/fake-window.test-support';
import { logout, setAdminSession } from '../../auth';
import { createCancelSource } from './cancel-token';
import type { UploadError } from './upload.errors';
import type { UploadStage } from './upload.types';

// ---- window ------------------------------------------------------------------------------

/** The backend's base address (the runtime config's `apiBaseUrl`). */
export const BASE = 'https://sharebin.test';
const { window: fakeWindow, clearStorage } = createFakeWindow({
  apiBaseUrl: BASE,
  origin: 'https://page.test',
});

export { fakeWindow };

// ---- XMLHttpRequest ----------------------------------------------------------------------

/** A scripted XMLHttpRequest: the test decides when and how each request ends. */
export class FakeXHR {
  static instances: FakeXHR[] = [];
  static maxInFlight = 0;
  /** Called when a request is sent (e.g. to answer it automatically). */
  static onSend: ((xhr: FakeXHR) => void) | null = null;
  method = '';
  url = '';
  requestHeaders: Record<string, string> = {};
  body: Blob | null = null;
  timeout = 0;
  status = 0;
  responseText = '';
  state: 'new' | 'open' | 'sent' | 'done' = 'new';
  aborted = false;
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXHR.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    this.state = 'open';
  }
  setRequestHeader(name: string, value: string) {
    if (this.state !== 'open') throw new Error('setRequestHeader before open');
    this.requestHeaders[name] = value;
  }
  send(body: Blob) {
    this.body = body;
    this.state = 'sent';
    FakeXHR.maxInFlight = Math.max(FakeXHR.maxInFlight, inFlight().length);
    FakeXHR.onSend?.(this);
  }
  abort() {
    if (this.state !== 'sent') return;
    this.state = 'done';
    this.aborted = true;
    this.onabort?.();
  }
  getResponseHeader(name: string): string | null {
    const key = Object.keys(this.responseHeaders).find(
      (header) => header.toLowerCase() === name.toLowerCase(),
    );
    return key === undefined ? null : (this.responseHeaders[key] ?? null);
  }
  // test controls
  /** The multipart part this request sends (its `partNumber` query parameter), else 0. */
  get part(): number {
    return Number(new URL(this.url).searchParams.get('partNumber'));
  }
  progress(loaded: number) {
    this.upload.onprogress?.({ loaded });
  }
  respond(status: number, headers: Record<string, string> = {}) {
    if (this.state !== 'sent') throw new Error(`${this.url} is not in flight`);
    this.state = 'done';
    this.status = status;
    this.responseHeaders = headers;
    this.onload?.();
  }
  failNetwork() {
    this.state = 'done';
    this.onerror?.();
  }
  timeOut() {
    this.state = 'done';
    this.ontimeout?.();
  }
}

export const inFlight = () => FakeXHR.instances.filter((xhr) => xhr.state === 'sent');

/** Answers a request with success and an ETag naming its part (`"etag-<part>"`). */
export const answerOk = (xhr: FakeXHR) => xhr.respond(200, { ETag: `"etag-${xhr.part}"` });

/** From now on, answers each request just after it is sent, unless it ended before. */
export const autoAnswer = (answer: (xhr: FakeXHR) => void = answerOk) => {
  FakeXHR.onSend = (xhr) => queueMicrotask(() => xhr.state === 'sent' && answer(xhr));
};

/** Lets pending promises (fake fetch answers, their JSON parsing) run; timers stay put. */
export const flush = async () => {
  for (let round = 0; round < 30; round++) await new Promise((done) => setImmediate(done));
};

// ---- a fake API behind fetch (the real api client runs on top of it) ---------------------

export interface ApiCall {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  authorization: string | null;
}
/** A route's answer other than success: an HTTP status with its envelope. */
export class Reply {
  constructor(
    readonly status: number,
    readonly envelope: unknown,
  ) {}
}
export const failWith = (
  status: number,
  message: string,
  error: ErrorCode | 'server.error' = 'server.error',
  details?: unknown,
) => new Reply(status, errorEnvelopeSchema.parse({ code: status, error, message, details }));

/** A live file share as the server answers a commit or a completed multipart upload. */
export function fakeShare(share: Partial<CreatedFileShare> & { id: string }): CreatedFileShare {
  const slug = share.slug ?? 'abc123';
  const filename = share.filename ?? 'file.bin';
  return {
    file_id: share.id,
    slug,
    filename,
    mimetype: 'application/octet-stream',
    size: 0,
    s3_config_id: 'storage-1',
    path: '/',
    storage_path: `files/${filename}`,
    s3_url: null,
    etag: null,
    remark: '',
    has_password: false,
    expires_at: null,
    max_views: 0,
    views: 0,
    remaining_views: null,
    status: 'live',
    created_by: 'admin',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    share_url: `${BASE}/file/${slug}`,
    download_url: `${BASE}/api/public/files/${slug}/content?download=1`,
    ...share,
  };
}

/**
 * The shared schema each successful answer must match, by route: a fake that drifts from
 * what the server sends fails the test that serves it instead of passing on made-up data.
 */
const ANSWER_SCHEMAS: readonly [RegExp, z.ZodType][] = [
  [/^POST \/(s3|url)\/presign$/, presignResponseSchema],
  [/^POST \/(s3|url)\/(commit|multipart\/complete)$/, createdFileShareSchema],
  [/^POST \/(s3|url|upload)\/multipart\/init$/, multipartInitResponseSchema],
  [/^POST \/(s3|url|upload)\/multipart\/parts$/, multipartPartsResponseSchema],
  [/^POST \/(url\/cancel|(s3|url|upload)\/multipart\/abort)$/, z.null()],
  [/^DELETE \/(admin|user)\/files\//, z.null()],
];

/** Throws (failing the test) when a fake answer is not what the server would send. */
function checkedAnswer(route: string, data: unknown): unknown {
  const schema = ANSWER_SCHEMAS.find(([pattern]) => pattern.test(route))?.[1];
  if (!schema) throw new Error(`The fake API has no schema for ${route}: add it`);
  const checked = schema.safeParse(data);
  if (!checked.success) {
    throw new Error(`The fake answer of ${route} is not what the server sends: ${checked.error}`);
  }
  return data;
}

/** The API's routes by `METHOD /path` (the path after /api); cleared before each test. */
export const routes: Record<string, (call: ApiCall) => unknown> = {};
/** Every API call made in this test, in order. */
export const apiCalls: ApiCall[] = [];
export const callsTo = (path: string) => apiCalls.filter((call) => call.path === path);

/** Replaces the API's routes. */
export function serve(table: typeof routes) {
  for (const key of Object.keys(routes)) delete routes[key];
  Object.assign(routes, table);
}

const json = (status: number, payload: unknown) =>
  new Response(JSON.stringify(payload), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

async function apiFetch(url: string, init?: RequestInit): Promise<Response> {
  const call: ApiCall = {
    method: init?.method ?? 'GET',
    path: url.slice(`${BASE}/api`.length),
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    authorization: new Headers(init?.headers).get('Authorization'),
  };
  apiCalls.push(call);
  const route = `${call.method} ${call.path}`;
  const handler = routes[route];
  if (!handler) return json(404, { code: 404, error: 'route.not_found', message: 'no such route' });
  const result = await handler(call);
  if (result instanceof Reply) return json(result.status, result.envelope);
  return json(200, { code: 200, message: 'ok', data: checkedAnswer(route, result ?? null) });
}

/** Addresses the browser can fetch (the remote file, the server's proxy), by full URL. */
export const downloads: Record<
  string,
  (init: RequestInit | undefined) => Response | Promise<Response>
> = {};
/** Every fetch of something other than the API, in order. */
export const downloadFetches: { url: string; init: RequestInit | undefined }[] = [];

/** Browser fetch: an address it cannot reach (offline, CORS) rejects with a TypeError. */
async function fakeFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url.startsWith(`${BASE}/api/`) && !url.startsWith(`${BASE}/api/url/proxy`)) {
    return apiFetch(url, init);
  }
  downloadFetches.push({ url, init });
  if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
  const handler = downloads[url];
  if (!handler) throw new TypeError('Failed to fetch');
  return handler(init);
}

/**
 * A response body read chunk by chunk; with `hold`, it then waits until the request's signal
 * aborts and errors the way a browser does.
 */
export function streamOf(
  chunks: Uint8Array[],
  options: { signal?: AbortSignal | null; hold?: boolean } = {},
): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = chunks[index++];
        if (chunk) {
          controller.enqueue(chunk);
          return;
        }
        if (!options.hold) {
          controller.close();
          return;
        }
        return new Promise<void>((resolve) => {
          const stop = () => {
            controller.error(new DOMException('The operation was aborted.', 'AbortError'));
            resolve();
          };
          if (options.signal?.aborted) stop();
          else options.signal?.addEventListener('abort', stop, { once: true });
        });
      },
    },
    { highWaterMark: 0 },
  );
}

// ---- upload hooks and outcomes ------------------------------------------------------------

/** Upload hooks recording the stages and progress they are told, with their cancel source. */
export function hooksFor(cancel = createCancelSource()) {
  const stages: UploadStage[] = [];
  const progress: [number, number][] = [];
  return {
    cancel,
    stages,
    progress,
    hooks: {
      cancel: cancel.token,
      onStage: (stage: UploadStage) => void stages.push(stage),
      onProgress: (loaded: number, total: number) => void progress.push([loaded, total]),
    },
  };
}

/** How an upload ended, as a value: its result, or its UploadError and that error's message. */
export const outcomeOf = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value, message: undefined }),
    (error: unknown) => ({
      ok: false as const,
      error: error as UploadError,
      message: (error as UploadError).message,
    }),
  );

// ---- setup -------------------------------------------------------------------------------

/**
 * Installs the fakes around each test of the calling file: English texts, the fake window,
 * XMLHttpRequest and fetch, fake interval timers, and empty routes and records. With
 * `admin`, each test starts signed in as the admin (token `admin-token`).
 */
export function installBrowserFakes({ admin }: { admin: boolean }) {
  withEnglishTexts();

  beforeEach(() => {
    vi.stubGlobal('window', fakeWindow);
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    vi.stubGlobal('fetch', fakeFetch);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fakeWindow.__SHAREBIN_CONFIG__ = { apiBaseUrl: BASE };
    FakeXHR.instances = [];
    FakeXHR.maxInFlight = 0;
    FakeXHR.onSend = null;
    apiCalls.length = 0;
    serve({});
    for (const url of Object.keys(downloads)) delete downloads[url];
    downloadFetches.length = 0;
    if (admin) setAdminSession('admin-token');
  });

  afterEach(() => {
    logout();
    clearStorage();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
