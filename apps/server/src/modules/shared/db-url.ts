/**
 * What `DATABASE_URL` may hold: a PostgreSQL URL, or the path of a SQLite file. Schemes are
 * matched as `openDatabase` matches them (lower case): `POSTGRES://` is refused, not taken for
 * a file name.
 */

const POSTGRES_URL = /^postgres(ql)?:\/\//;
/** `scheme://…`; a Windows drive (`C:\…`) or a plain path has no `//` after its colon. */
const ANY_URL = /^([a-z][a-z0-9+.-]*):\/\//i;

export function isPostgresUrl(url: string): boolean {
  return POSTGRES_URL.test(url);
}

/** The scheme of a URL that is neither PostgreSQL nor SQLite (`mysql`), or undefined. */
export function unsupportedDatabaseScheme(url: string): string | undefined {
  const scheme = ANY_URL.exec(url)?.[1];
  if (!scheme || isPostgresUrl(url) || scheme === 'sqlite') return undefined;
  return scheme;
}

/** The SQLite file a non-PostgreSQL `DATABASE_URL` names (`sqlite://` and `sqlite:` dropped). */
export function sqliteFileOf(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, '');
}

/** `url` with the password of its user info replaced by `***`; anything else unchanged. */
export function maskUrlPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/?#@]*):[^@/?#]*@/i, '$1:***@');
}

/** The password inside a URL's user info (decoded), if any. */
export function urlPassword(url: string): string | undefined {
  try {
    const password = new URL(url).password;
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
}

/** `host:port` of a PostgreSQL URL, as `pg` reads it (localhost and 5432 when left out). */
export function postgresAddressOf(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
    return `${host}:${parsed.port || '5432'}`;
  } catch {
    return maskUrlPassword(url);
  }
}
