/**
 * A browser for the offline tests: a window whose connection can be cut, an in-memory
 * IndexedDB (fake-indexeddb), and a small API behind fetch. Test code only; nothing outside
 * *.test.ts files may import it.
 */
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, vi } from 'vitest';
import { createFakeWindow, withEnglishTexts } from '../app/fake-window.test-support';
import { logout } from '../modules/auth';
import { OFFLINE_DB_NAME } from './offline-db';

export const BASE = 'https://sharebin.test';

const { window: fakeWindow, clearStorage } = createFakeWindow({ apiBaseUrl: BASE, origin: BASE });

export { fakeWindow };

/** The API's answers by `METHOD /path?query` (after /api): a body and its content type. */
export interface FakeAnswer {
  status?: number;
  body: string;
  contentType?: string;
}
export const answers = new Map<string, FakeAnswer>();
/** Every request that reached the network, as `METHOD /path?query`. */
export const sent: string[] = [];

export const envelope = (data: unknown, code = 200) =>
  JSON.stringify({ code, message: 'OK', data });

/** Serves a JSON success for a GET. */
export function serveJson(pathAndQuery: string, data: unknown) {
  answers.set(`GET ${pathAndQuery}`, { body: envelope(data) });
}

/** Cuts the connection (fetch rejects, navigator.onLine is false) or restores it. */
export function setOnline(online: boolean) {
  fakeWindow.navigator.onLine = online;
  fakeWindow.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

async function fakeFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const route = `${init?.method ?? 'GET'} ${url.slice(`${BASE}/api`.length)}`;
  if (!fakeWindow.navigator.onLine) {
    throw new TypeError('Failed to fetch');
  }
  sent.push(route);
  const answer = answers.get(route);
  if (!answer) {
    return new Response(JSON.stringify({ code: 404, message: 'no', error: 'route.not_found' }), {
      status: 404,
      headers: { 'Content-Type': 'application/json' },
    });
  }
  return new Response(answer.body, {
    status: answer.status ?? 200,
    headers: { 'Content-Type': answer.contentType ?? 'application/json' },
  });
}

/** Lets the fire-and-forget IndexedDB writes of the code under test finish. */
export const settle = async () => {
  for (let round = 0; round < 20; round++) await new Promise((done) => setTimeout(done, 0));
};

export function installOfflineBrowser() {
  withEnglishTexts();

  beforeEach(async () => {
    vi.stubGlobal('window', fakeWindow);
    vi.stubGlobal('fetch', fakeFetch);
    fakeWindow.navigator.onLine = true;
    answers.clear();
    sent.length = 0;
    // Our open connection gives way (its `blocking` handler), so the delete goes through.
    await deleteDB(OFFLINE_DB_NAME);
  });

  afterEach(async () => {
    await settle();
    logout();
    clearStorage();
    vi.unstubAllGlobals();
  });
}
