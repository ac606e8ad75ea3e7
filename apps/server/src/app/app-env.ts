import type { Principal } from '@sharebin/shared';
import type { ProxySettings } from './public-origin';

/** Values that middlewares put on Hono's context for later handlers. */
export interface AppEnv {
  Variables: {
    requestId: string;
    clientIp: string;
    /** The client's address as `TRUST_PROXY` reads it, whole (`clientIp` is what rate limits count). */
    clientAddress: string;
    /** `PUBLIC_URL` and `TRUST_PROXY`, for links, HSTS and the base path (see public-origin.ts). */
    proxy: ProxySettings;
    /** Set by the JSON envelope: answers this server wrote, which may be compressed. */
    jsonAnswer: boolean;
    /** Who the request authenticated as, once a route or WebDAV has checked it (request log). */
    principal: Principal;
    /** Why the answer is a 5xx: the error the handler failed with (request log, at error level). */
    failure: unknown;
  };
}
