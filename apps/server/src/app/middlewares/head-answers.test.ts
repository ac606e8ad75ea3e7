import { createReadStream } from 'node:fs';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { toWebStream } from '../web-stream';
import { headAnswers } from './head-answers';

describe('headAnswers', () => {
  it('cancels the body a HEAD request would drop, keeping status and headers', async () => {
    let cancelled = false;
    const app = new Hono();
    app.use(headAnswers());
    app.get('/', () => {
      const body = new ReadableStream({
        pull: (controller) => controller.enqueue(new Uint8Array(10)),
        cancel: () => {
          cancelled = true;
        },
      });
      return new Response(body, { status: 206, headers: { 'Content-Length': '10' } });
    });
    const response = await app.request('/', { method: 'HEAD' });
    expect(cancelled).toBe(true);
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Length')).toBe('10');
    expect(response.body).toBeNull();
  });

  it('closes the file a download route opened', async () => {
    let file: ReturnType<typeof createReadStream> | undefined;
    const app = new Hono();
    app.use(headAnswers());
    app.get('/', () => {
      file = createReadStream(import.meta.filename);
      return new Response(toWebStream(file));
    });
    await app.request('/', { method: 'HEAD' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(file?.destroyed).toBe(true);
  });

  it('leaves a GET as it was', async () => {
    const app = new Hono();
    app.use(headAnswers());
    app.get('/', (c) => c.text('hello'));
    const response = await app.request('/');
    expect(await response.text()).toBe('hello');
  });
});
