import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { setAnswerHeaders } from './answer-headers';

function appWith(route: () => Response) {
  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    setAnswerHeaders(c, { 'X-Content-Type-Options': 'nosniff', 'X-Extra': 'yes' });
  });
  app.get('/', route);
  return app;
}

describe('setAnswerHeaders', () => {
  it('sets headers on an answer the app made, keeping its body and status', async () => {
    const app = new Hono();
    app.use(async (c, next) => {
      await next();
      setAnswerHeaders(c, { 'X-Extra': 'yes' });
    });
    app.get('/', (c) => c.json({ ok: true }, 201, { 'X-Own': 'kept' }));
    const response = await app.request('/');
    expect(response.status).toBe(201);
    expect(response.headers.get('X-Extra')).toBe('yes');
    expect(response.headers.get('X-Own')).toBe('kept');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('copies an answer whose headers are immutable once, then sets them', async () => {
    const response = await appWith(() =>
      Response.redirect('https://example.com/next', 302),
    ).request('/');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('https://example.com/next');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('X-Extra')).toBe('yes');
  });
});
