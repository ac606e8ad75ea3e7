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

/** Query parameters `pg` takes a password from. */
const PASSWORD_PARAMS = new Set(['password', 'sslpassword']);
const PASSWORD_PARAM = /([?&](?:ssl)?password=)[^&#]*/gi;

/**
 * `url` with the password of its user info and the `password`/`sslpassword` query parameters
 * replaced by `***`; anything else unchanged. A URL that does not parse has everything between
 * `://` and the last `@` of its authority masked.
 */
export function maskUrlPassword(url: string): string {
  if (!ANY_URL.test(url)) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return maskUnparsed(url);
  }
  let changed = false;
  if (parsed.password) {
    parsed.password = '***';
    changed = true;
  }
  for (const name of [...parsed.searchParams.keys()]) {
    if (PASSWORD_PARAMS.has(name.toLowerCase())) {
      parsed.searchParams.set(name, '***');
      changed = true;
    }
  }
  return changed ? parsed.toString() : url;
}

/** The fallback of `maskUrlPassword` for a URL `new URL` refuses. */
function maskUnparsed(url: string): string {
  const start = url.indexOf('://') + 3;
  const rest = url.slice(start);
  const firstAt = rest.indexOf('@');
  let masked = rest;
  if (firstAt >= 0) {
    // The authority ends at the first `/`, `?` or `#` after the user info (which may hold them).
    const after = rest.slice(firstAt).search(/[/?#]/);
    const end = after < 0 ? rest.length : firstAt + after;
    const lastAt = rest.lastIndexOf('@', end - 1);
    masked = `***${rest.slice(lastAt)}`;
  }
  return url.slice(0, start) + masked.replace(PASSWORD_PARAM, '$1***');
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
