import type { Permission, Principal } from '@sharebin/shared';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { Authentication } from '../modules/auth/authenticator';
import type { SuccessStatus } from './envelope';

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * Who may call a route: anyone, the admin only, an API key only, or anyone holding a
 * permission of SPEC §5 (the admin holds all of them).
 */
export type RouteAuth =
  | 'public'
  | 'admin'
  | 'apikey'
  | { permission: Exclude<Permission, 'admin'> };

export interface HandlerInput<B, Q, P, H = undefined> {
  body: B;
  query: Q;
  params: P;
  /** The request headers `headers` declares, validated (names in lower case). */
  headers: H;
  /** `{ type: 'none' }` on public routes. */
  principal: Principal;
  auth: Authentication;
  clientIp: string;
  /** Origin for links handed to clients: `PUBLIC_URL`, else the request's own origin. */
  origin: string;
}

export interface RouteSpec<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  H extends z.ZodType | undefined = undefined,
> {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  /** Path under `/api`, in Hono syntax (`/admin/api-keys/:id`). */
  path: string;
  summary: string;
  tag: string;
  auth: RouteAuth;
  body?: B;
  query?: Q;
  params?: P;
  /** Request headers the route reads, an object keyed by lower-case names; documented too. */
  headers?: H;
  /** Schema of `data` in the success envelope. */
  response: z.ZodType;
  /** A multipart/form-data body, read by the handler itself (documented, not parsed here). */
  form?: z.ZodType;
  /** For a route answering something other than the JSON envelope (its handler returns a Response). */
  produces?: string;
  status?: SuccessStatus;
  /** Error statuses worth documenting besides the ones every route may give. */
  errors?: number[];
  /** Largest JSON body accepted, in bytes. */
  bodyLimit?: number;
  /**
   * Also accept the body as `text/*` (for `curl --data-binary`): the text becomes `field` of the
   * body and the other fields come from the query string as `query` reads them; the whole is
   * then validated by `body`, as a JSON body would be.
   */
  plainText?: { field: string; query: z.ZodType };
  /** Returns the envelope's `data`, or a Response for the rare route that shapes its own. */
  handler: (input: HandlerInput<Infer<B>, Infer<Q>, Infer<P>, Infer<H>>, c: Context) => unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of routes mixes every schema type
export type AnyRoute = RouteSpec<any, any, any, any>;

/** Declares a route; the identity function lets TypeScript infer the handler's input types. */
export function route<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  H extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<B, Q, P, H>): RouteSpec<B, Q, P, H> {
  return spec;
}
