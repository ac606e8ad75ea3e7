/** Values that middlewares put on Hono's context for later handlers. */
export interface AppEnv {
  Variables: {
    requestId: string;
    clientIp: string;
  };
}
