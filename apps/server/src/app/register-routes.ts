import { hasPermission, type Principal } from '@sharebin/shared';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { forbidden } from '../modules/auth/auth.errors';
import type { Authenticate, Authentication } from '../modules/auth/authenticator';
import type { AppEnv } from './app-env';
import { successResponse } from './envelope';
import { validationFailed } from './errors';
import { publicBaseOf } from './public-origin';
import {
  DEFAULT_JSON_BODY_LIMIT,
  isPlainTextBody,
  readJsonBody,
  readPlainTextBody,
} from './request-body';
import type { AnyRoute, HandlerInput, RouteAuth } from './route';
import { strictObjects } from './strict-body';
import { describeIssue, issueDetails } from './validation-issues';

const ANONYMOUS: Authentication = { principal: { type: 'none' }, expiresAt: null, secret: '' };

/** Mounts each declared route on `api`, wrapped in authentication and validation. */
export function registerRoutes({
  api,
  routes,
  authenticate,
}: {
  api: Hono<AppEnv>;
  routes: AnyRoute[];
  authenticate: Authenticate;
}) {
  for (const spec of routes) {
    // Bodies are strict: an unknown field is refused, naming it (ARCHITECTURE §4). Query strings
    // stay lenient: browsers, proxies and caches add parameters of their own (cache busters,
    // tracking tags), and dropping those is harmless where a body's stray field is a client bug.
    const body = spec.body ? strictObjects(spec.body) : undefined;
    api.on(spec.method.toUpperCase(), spec.path, async (c) => {
      const auth =
        spec.auth === 'public' ? ANONYMOUS : await authenticate(c.req.header('authorization'));
      c.set('principal', auth.principal);
      authorize(spec.auth, auth.principal);
      const input = new RouteInput(c, auth, {
        params: spec.params ? parse(spec.params, c.req.param(), 'params') : undefined,
        query: spec.query ? parse(spec.query, c.req.query(), 'query') : undefined,
        headers: spec.headers ? parse(spec.headers, c.req.header(), 'header') : undefined,
        body: body ? parse(body, await readBody(spec, c), 'body') : undefined,
      });
      const result = await spec.handler(input, c as Context);
      return result instanceof Response ? result : successResponse(c, result, spec.status);
    });
  }
}

/**
 * A handler's input. `origin` is parsed only by the few handlers that build links, hence a
 * getter, and one on the class: a getter written in an object literal gives every request an
 * object shape of its own, kept in old space with the request it captures until a full
 * collection (on a cached listing, garbage collection then took a sixth of the CPU).
 */
class RouteInput implements HandlerInput<unknown, unknown, unknown, unknown> {
  readonly params: unknown;
  readonly query: unknown;
  readonly headers: unknown;
  readonly body: unknown;
  readonly principal: Principal;
  readonly clientIp: string;
  readonly #c: Context<AppEnv>;

  constructor(
    c: Context<AppEnv>,
    readonly auth: Authentication,
    fields: { params: unknown; query: unknown; headers: unknown; body: unknown },
  ) {
    this.#c = c;
    this.params = fields.params;
    this.query = fields.query;
    this.headers = fields.headers;
    this.body = fields.body;
    this.principal = auth.principal;
    this.clientIp = c.get('clientIp');
  }

  get origin(): string {
    // PUBLIC_URL, or without it the origin the client used, as trusted proxies forward it.
    return publicBaseOf(this.#c);
  }
}

/** The JSON body, or for a route that takes plain text, the text and the query's fields. */
async function readBody(spec: AnyRoute, c: Context<AppEnv>): Promise<unknown> {
  const limit = spec.bodyLimit ?? DEFAULT_JSON_BODY_LIMIT;
  if (!spec.plainText || !isPlainTextBody(c.req.raw)) return readJsonBody(c.req.raw, limit);
  const fields = parse(spec.plainText.query, c.req.query(), 'query') as Record<string, unknown>;
  return { ...fields, [spec.plainText.field]: await readPlainTextBody(c.req.raw, limit) };
}

function authorize(auth: RouteAuth, principal: Principal): void {
  if (auth === 'public') return;
  if (auth === 'admin') {
    if (!hasPermission(principal, 'admin')) throw forbidden('admin');
  } else if (auth === 'apikey') {
    if (principal.type !== 'apikey') throw forbidden('apikey');
  } else if (!hasPermission(principal, auth.permission)) {
    throw forbidden(auth.permission);
  }
}

function parse(schema: z.ZodType, value: unknown, location: string): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.flatMap((issue) => issueDetails(location, issue));
  throw validationFailed(details, describeIssue(location, details[0]));
}
