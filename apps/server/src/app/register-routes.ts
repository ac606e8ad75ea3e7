import { hasPermission, type Principal } from '@sharebin/shared';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { forbidden } from '../modules/auth/auth.errors';
import type { Authenticate, Authentication } from '../modules/auth/authenticator';
import type { AppEnv } from './app-env';
import { successResponse } from './envelope';
import { validationFailed } from './errors';
import { DEFAULT_JSON_BODY_LIMIT, readJsonBody } from './request-body';
import type { AnyRoute, RouteAuth } from './route';

const ANONYMOUS: Authentication = { principal: { type: 'none' }, expiresAt: null, secret: '' };

/** Mounts each declared route on `api`, wrapped in authentication and validation. */
export function registerRoutes(api: Hono<AppEnv>, routes: AnyRoute[], authenticate: Authenticate) {
  for (const spec of routes) {
    api.on(spec.method.toUpperCase(), spec.path, async (c) => {
      const auth =
        spec.auth === 'public' ? ANONYMOUS : await authenticate(c.req.header('authorization'));
      authorize(spec.auth, auth.principal);
      const input = {
        params: spec.params ? parse(spec.params, c.req.param(), 'params') : undefined,
        query: spec.query ? parse(spec.query, c.req.query(), 'query') : undefined,
        body: spec.body
          ? parse(
              spec.body,
              await readJsonBody(c.req.raw, spec.bodyLimit ?? DEFAULT_JSON_BODY_LIMIT),
              'body',
            )
          : undefined,
        principal: auth.principal,
        auth,
        clientIp: c.get('clientIp'),
      };
      const result = await spec.handler(input, c as Context);
      return result instanceof Response ? result : successResponse(c, result, spec.status);
    });
  }
}

function authorize(auth: RouteAuth, principal: Principal): void {
  if (auth === 'public') return;
  const allowed =
    auth === 'admin'
      ? hasPermission(principal, 'admin')
      : auth === 'apikey'
        ? principal.type === 'apikey'
        : hasPermission(principal, auth.permission);
  if (!allowed) throw forbidden();
}

function parse(schema: z.ZodType, value: unknown, location: string): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationFailed(
    result.error.issues.map((issue) => ({
      location,
      path: issue.path.join('.'),
      message: issue.message,
      // The zod code and its bound let clients word the issue in their own language.
      code: issue.code,
      ...(issue.code === 'too_small' || issue.code === 'too_big'
        ? {
            origin: issue.origin,
            ...(issue.code === 'too_small'
              ? { minimum: Number(issue.minimum) }
              : { maximum: Number(issue.maximum) }),
          }
        : {}),
    })),
    describeIssue(location, result.error.issues[0]),
  );
}

function describeIssue(location: string, issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'The request is not valid';
  const field = issue.path.length > 0 ? issue.path.join('.') : location;
  return `${field}: ${issue.message}`;
}
