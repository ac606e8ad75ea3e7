import path from 'node:path';
import { z } from 'zod';
import type { ThumbnailTools } from '../modules/fs/thumbnails/thumbnail-tools';
import { maskUrlPassword, unsupportedDatabaseScheme } from '../modules/shared/db-url';
import type { HttpTimeouts } from './http-server';

const DURATION_UNITS_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `90` (seconds), `30m`, `12h`, `7d` → milliseconds. */
const duration = z.string().transform((value, ctx) => {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  const ms = match
    ? Number(match[1]) * DURATION_UNITS_MS[(match[2] || 's') as keyof typeof DURATION_UNITS_MS]
    : 0;
  if (ms <= 0) {
    ctx.addIssue({ code: 'custom', message: 'expected a duration such as 3600, 30m, 12h or 7d' });
    return z.NEVER;
  }
  return ms;
});

const SIZE_UNITS = { '': 1, B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const;

/** `1048576` (bytes), `512KB`, `5MB`, `1GB` → bytes. */
const size = z.string().transform((value, ctx) => {
  const match = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?$/i.exec(value.trim());
  const bytes = match
    ? Math.floor(
        Number(match[1]) * SIZE_UNITS[(match[2] ?? '').toUpperCase() as keyof typeof SIZE_UNITS],
      )
    : 0;
  if (bytes <= 0) {
    ctx.addIssue({ code: 'custom', message: 'expected a size such as 1048576, 512KB or 5MB' });
    return z.NEVER;
  }
  return bytes;
});

const booleanOrHops = z.string().transform((value, ctx) => {
  const normalized = value.trim().toLowerCase();
  if (['', 'false', '0', 'no'].includes(normalized)) return 0;
  if (['true', 'yes'].includes(normalized)) return 1;
  if (/^\d+$/.test(normalized)) return Number(normalized);
  ctx.addIssue({ code: 'custom', message: 'expected true, false or a number of proxies' });
  return z.NEVER;
});

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/**
 * `https://a.example, http://b.example:8080`: each an origin exactly as a browser sends it.
 * `*` is refused: the API answers admin tokens and API keys, and an allowlist says which sites
 * may script it with them.
 */
const corsOrigins = z.string().transform((value, ctx) => {
  const origins = value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (origin === '*') {
      ctx.addIssue({
        code: 'custom',
        message:
          '`*` (every origin) is not supported: list the sites that may call the API, such as https://app.example,https://other.example',
      });
      return z.NEVER;
    }
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {}
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
      ctx.addIssue({
        code: 'custom',
        message: `${JSON.stringify(origin)} is not an origin: write scheme://host[:port] with no path or trailing slash, such as https://app.example`,
      });
      return z.NEVER;
    }
  }
  return origins;
});

/**
 * Every setting read from the environment, with its default and the text of the README's
 * configuration table (a test keeps the two in step).
 */
export const CONFIG_VARIABLES = {
  PORT: {
    schema: z.coerce.number().int().min(1).max(65535),
    default: '8787',
    doc: 'Port to listen on.',
  },
  HOST: { schema: z.string().min(1), default: '0.0.0.0', doc: 'Address to listen on.' },
  DATA_DIR: {
    schema: z.string().min(1),
    default: './data',
    doc: 'Folder for the SQLite database, local storage and the generated secret key.',
  },
  DATABASE_URL: {
    schema: optionalString.superRefine((value, ctx) => {
      const scheme = value && unsupportedDatabaseScheme(value);
      if (scheme) {
        ctx.addIssue({
          code: 'custom',
          message: `${scheme}:// is not supported: use postgres://… or a SQLite file path`,
        });
      }
    }),
    secret: 'url',
    default: '',
    doc: 'A `postgres://…` URL, or a SQLite file path. Empty: `DATA_DIR/sharebin.db`.',
  },
  SECRET_KEY: {
    schema: optionalString.refine(
      (v) => v === undefined || v.length >= 32,
      'needs at least 32 characters',
    ),
    secret: 'value',
    default: '',
    doc: 'Key for encrypting stored secrets and signing access tokens (32+ characters). Empty: generated once into `DATA_DIR/secret.key` (mode 0600). Every instance on one database needs the same key: another one is refused at start.',
  },
  ADMIN_USERNAME: {
    schema: z.string().trim().min(1).max(100),
    default: 'admin',
    doc: 'Username of the admin created at first start.',
  },
  ADMIN_PASSWORD: {
    schema: optionalString.refine(
      (v) => v === undefined || v.length >= 8,
      'needs at least 8 characters',
    ),
    secret: 'value',
    default: '',
    doc: 'Password of the admin created at first start. Empty: a random one is printed once.',
  },
  ADMIN_SESSION_TTL: {
    schema: duration,
    default: '24h',
    doc: 'Lifetime of an admin login (`3600`, `30m`, `12h`, `7d`).',
  },
  MAX_PASTE_SIZE: {
    schema: size,
    default: '5MB',
    doc: 'Largest paste content accepted (`1048576`, `512KB`, `5MB`).',
  },
  THUMBNAIL_CACHE_SIZE: {
    schema: size,
    default: '512MB',
    doc: 'Disk the explorer thumbnails may take under `DATA_DIR/thumbnails` (oldest go first).',
  },
  FFMPEG_PATH: {
    schema: z.string(),
    default: 'ffmpeg',
    doc: 'The `ffmpeg` that makes video posters for thumbnails: a name on the PATH or a path; `off` (or none found): videos show their icon.',
  },
  PDFTOPPM_PATH: {
    schema: z.string(),
    default: 'pdftoppm',
    doc: 'The `pdftoppm` (poppler-utils) that makes thumbnails of PDF first pages: a name on the PATH or a path; `off` (or none found): PDFs show their icon.',
  },
  ALLOW_PRIVATE_URLS: {
    schema: z.enum(['true', 'false']).transform((v) => v === 'true'),
    default: 'false',
    doc: 'Let URL uploads fetch private and loopback addresses (trusted installs and tests only).',
  },
  TRUST_PROXY: {
    schema: booleanOrHops,
    default: 'false',
    doc: '`true` (one proxy) or the number of proxies in front whose `X-Forwarded-For`, `-Proto` and `-Host` are trusted: they then decide the client address (rate limits, logs), links and HSTS. `false`: those headers are ignored.',
  },
  CORS_ORIGINS: {
    schema: corsOrigins,
    default: '',
    doc: 'Comma-separated origins allowed to call the API from other sites (`https://app.example`, no path). Empty: same origin only. `*` is refused: list the sites.',
  },
  LOG_LEVEL: {
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    default: 'info',
    doc: 'pino log level.',
  },
  PUBLIC_URL: {
    // Credentials have no place in it, but a typo must not print them.
    secret: 'url',
    schema: optionalString.pipe(
      z
        .url({ protocol: /^https?$/ })
        .refine((value) => {
          const url = new URL(value);
          // Links are this plus a path, and requests are matched against its path as sent:
          // no query, fragment or credentials, and a path of plain characters only.
          return (
            !url.search &&
            !url.hash &&
            !url.username &&
            !url.password &&
            /^[A-Za-z0-9._~/-]*$/.test(url.pathname) &&
            !/(^|\/)\.{1,2}(\/|$)/.test(url.pathname)
          );
        }, 'expected an address such as https://example.com or https://example.com/sb (no query, fragment or credentials; the path of letters, digits and . _ ~ - only)')
        .optional(),
    ),
    default: '',
    doc: 'Public address of this server, e.g. `https://example.com` or `https://example.com/sb`: links start with it, HSTS is sent when it is https, and a path in it is where the whole app lives (pages, API, WebDAV), forwarded unchanged by the proxy.',
  },
  HOUSEKEEPING_INTERVAL: {
    schema: duration,
    default: '10m',
    doc: 'How often the periodic clean-ups run (expired sessions, used-up and expired pastes and files, abandoned uploads), once per period across all instances (`30m`, `1h`).',
  },
  SHUTDOWN_GRACE: {
    schema: duration,
    default: '10s',
    doc: 'On SIGTERM, how long requests in flight may take to finish before the process exits anyway (`30`, `10s`, `2m`).',
  },
  DAV_PROPFIND_MAX_ENTRIES: {
    schema: z.coerce.number().int().min(1).max(10_000_000),
    default: '10000',
    doc: 'WebDAV `PROPFIND` with `Depth: infinity` lists at most this many entries, then answers 403 `propfind-finite-depth` (clients then walk with `Depth: 1`).',
  },
  HTTP_IDLE_TIMEOUT: {
    schema: duration,
    default: '60s',
    doc: 'A connection with no bytes moving either way for this long is closed. Uploads and downloads that keep moving are never cut, however long they take.',
  },
  HTTP_HEADERS_TIMEOUT: {
    schema: duration,
    default: '60s',
    doc: 'Time a client has to send the headers of a request.',
  },
  HTTP_KEEP_ALIVE_TIMEOUT: {
    schema: duration,
    default: '5s',
    doc: 'How long an idle kept-alive connection waits for its next request.',
  },
  STORAGE_TIMEOUT: {
    schema: duration,
    default: '10s',
    doc: 'An S3 storage call fails (504 `storage.timeout`) when the storage takes this long to accept the connection, to send the first byte of its answer, or between two bytes of a transfer; a timed-out call is not tried again. From `6s` up, the S3 SDK starts watching a new request 3 s late: a storage silent from the start fails after the timeout plus 3 s.',
  },
  METRICS_TOKEN: {
    schema: optionalString.refine(
      (v) => v === undefined || v.length >= 16,
      'needs at least 16 characters',
    ),
    secret: 'value',
    default: '',
    doc: 'Token Prometheus sends to scrape `/metrics` (`Authorization: Bearer <token>`). Empty: only the admin (its sign-in token) may read the metrics.',
  },
  REDIS_URL: {
    schema: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
    secret: 'url',
    default: '',
    doc: 'A `redis://…` URL: cache invalidations travel between instances through Redis instead of PostgreSQL `LISTEN/NOTIFY`.',
  },
  WEB_DIST_DIR: {
    schema: optionalString,
    default: '',
    doc: 'Folder of the built web app. Empty: `apps/web/dist` of this checkout.',
  },
} as const;

/** The variables marked secret: whose value, or the password inside whose URL, is never shown. */
function namesMarked(kind: 'value' | 'url'): string[] {
  return Object.entries(CONFIG_VARIABLES)
    .filter(([, variable]) => 'secret' in variable && variable.secret === kind)
    .map(([name]) => name);
}
export const SECRET_VARIABLES = { values: namesMarked('value'), urls: namesMarked('url') };

type Variables = typeof CONFIG_VARIABLES;
type Parsed = { [K in keyof Variables]: z.output<Variables[K]['schema']> };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  secretKey: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  adminSessionTtlMs: number;
  maxPasteBytes: number;
  thumbnailCacheBytes: number;
  thumbnailTools: ThumbnailTools;
  allowPrivateUrls: boolean;
  trustProxyHops: number;
  corsOrigins: string[];
  logLevel: Parsed['LOG_LEVEL'];
  publicUrl: string | undefined;
  webDistDir: string | undefined;
  redisUrl: string | undefined;
  /** Bearer token of `/metrics` besides the admin's. */
  metricsToken: string | undefined;
  shutdownGraceMs: number;
  housekeepingIntervalMs: number;
  davPropfindMaxEntries: number;
  httpTimeouts: HttpTimeouts;
  /** Connection and idle timeout of every S3 storage call. */
  storageTimeoutMs: number;
}

export class ConfigError extends Error {}

/**
 * How a bad value is shown: as given, with the password of a URL masked, or not at all
 * (`secret: 'value'`), so that a typo in a secret never prints the secret.
 */
function shownValue(variable: object, raw: string): string {
  const secret = 'secret' in variable ? variable.secret : undefined;
  if (secret === 'value') return ' (value not shown)';
  return `=${JSON.stringify(secret === 'url' ? maskUrlPassword(raw) : raw)}`;
}

/** Reads and checks the environment; a bad value fails with one readable line. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = {} as Record<string, unknown>;
  for (const [name, variable] of Object.entries(CONFIG_VARIABLES)) {
    const raw = env[name] ?? variable.default;
    const result = (variable.schema as z.ZodType).safeParse(raw);
    if (!result.success) {
      throw new ConfigError(
        `Invalid ${name}${shownValue(variable, raw)}: ${result.error.issues[0]?.message}`,
      );
    }
    parsed[name] = result.data;
  }
  const values = parsed as Parsed;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL ?? path.join(dataDir, 'sharebin.db'),
    secretKey: values.SECRET_KEY,
    adminUsername: values.ADMIN_USERNAME,
    adminPassword: values.ADMIN_PASSWORD,
    adminSessionTtlMs: values.ADMIN_SESSION_TTL,
    maxPasteBytes: values.MAX_PASTE_SIZE,
    thumbnailCacheBytes: values.THUMBNAIL_CACHE_SIZE,
    thumbnailTools: { ffmpeg: values.FFMPEG_PATH, pdftoppm: values.PDFTOPPM_PATH },
    allowPrivateUrls: values.ALLOW_PRIVATE_URLS,
    trustProxyHops: values.TRUST_PROXY,
    corsOrigins: values.CORS_ORIGINS,
    logLevel: values.LOG_LEVEL,
    publicUrl: values.PUBLIC_URL,
    webDistDir: values.WEB_DIST_DIR,
    redisUrl: values.REDIS_URL,
    metricsToken: values.METRICS_TOKEN,
    shutdownGraceMs: values.SHUTDOWN_GRACE,
    housekeepingIntervalMs: values.HOUSEKEEPING_INTERVAL,
    davPropfindMaxEntries: values.DAV_PROPFIND_MAX_ENTRIES,
    httpTimeouts: {
      idleMs: values.HTTP_IDLE_TIMEOUT,
      headersMs: values.HTTP_HEADERS_TIMEOUT,
      keepAliveMs: values.HTTP_KEEP_ALIVE_TIMEOUT,
    },
    storageTimeoutMs: values.STORAGE_TIMEOUT,
  };
}
