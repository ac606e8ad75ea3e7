/** Values that middlewares put on Hono's context for later handlers. */
export interface AppEnv {
  Variables: {
    requestId: string;
    clientIp: string;
    /** Set by the JSON envelope: answers this server wrote, which may be compressed. */
    jsonAnswer: boolean;
  };
}
