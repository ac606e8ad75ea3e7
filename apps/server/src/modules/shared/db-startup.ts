import { type DatabaseHandle, openDatabase, pingDatabase } from './db';
import { isPostgresUrl, maskUrlPassword, postgresAddressOf, sqliteFileOf } from './db-url';
import { StartupError } from './startup-error';

/** `pg`'s error codes for a server that could not be reached, in an operator's words. */
const NETWORK_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'nothing accepts connections there (ECONNREFUSED)',
  ENOTFOUND: 'the host name does not resolve (ENOTFOUND)',
  EAI_AGAIN: 'the host name could not be resolved now (EAI_AGAIN)',
  EHOSTUNREACH: 'the host cannot be reached (EHOSTUNREACH)',
  ENETUNREACH: 'the network cannot be reached (ENETUNREACH)',
  ETIMEDOUT: 'the connection timed out (ETIMEDOUT)',
  ECONNRESET: 'the connection was reset (ECONNRESET)',
};

/** The innermost cause's code and message (the pool wraps what `pg` raised). */
function rootCause(error: unknown): { code?: string; message: string } {
  let current = error as { cause?: unknown; code?: unknown; message?: unknown } | undefined;
  while (current?.cause) current = current.cause as typeof current;
  return {
    code: typeof current?.code === 'string' ? current.code : undefined,
    message: typeof current?.message === 'string' ? current.message : String(current),
  };
}

/**
 * One query before anything else touches PostgreSQL, so that an unreachable server or a refused
 * login stops the start with the address (never the password) instead of a stack trace. The
 * pool's connect timeout bounds the wait.
 */
export async function assertDatabaseReachable(
  database: DatabaseHandle,
  url: string,
): Promise<void> {
  if (database.engine !== 'postgres') return;
  try {
    await pingDatabase(database.db);
  } catch (error) {
    const { code, message } = rootCause(error);
    const reason =
      (code && NETWORK_FAILURES[code]) ??
      (/timeout/i.test(message) ? 'no answer within the connect timeout' : message);
    throw new StartupError(
      `DATABASE_URL: cannot use PostgreSQL at ${postgresAddressOf(url)} ` +
        `(${maskUrlPassword(url)}): ${reason.replace(/\s+/g, ' ')}`,
      { cause: error },
    );
  }
}

/**
 * `openDatabase` for the server's start: a SQLite file that cannot be opened (a missing folder,
 * no permission, a file that is not a database) stops the start naming the variable and the file.
 */
export function openConfiguredDatabase(
  options: Parameters<typeof openDatabase>[0] & { databaseUrlSet: boolean },
): DatabaseHandle {
  const { databaseUrlSet, ...rest } = options;
  try {
    return openDatabase(rest);
  } catch (error) {
    if (isPostgresUrl(options.url)) throw error;
    const { code, message } = rootCause(error);
    throw new StartupError(
      `${databaseUrlSet ? 'DATABASE_URL' : 'DATA_DIR'}: the SQLite database ${sqliteFileOf(options.url)} cannot be opened: ${message}${code && !message.includes(code) ? ` (${code})` : ''}`,
      { cause: error },
    );
  }
}
