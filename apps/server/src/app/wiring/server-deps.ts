import type { Logger } from 'pino';
import type { CacheCoordination } from '../../modules/cache/cache-coordination';
import type { ExtractLimits } from '../../modules/fs/archives/fs-extract.job';
import type { ThumbnailTools } from '../../modules/fs/thumbnails/thumbnail-tools';
import type { JobTimings } from '../../modules/jobs/jobs.worker';
import type { Clock } from '../../modules/shared/clock';
import type { Db } from '../../modules/shared/db';
import type { S3Timeouts } from '../../modules/storage/drivers/s3/s3-options';
import type { AddressPolicy } from '../../modules/uploads/url/address-policy';
import type { HostResolver } from '../../modules/uploads/url/url-fetch';
import type { UrlFetchLimits } from '../../modules/uploads/url/url-upload.usecases';
import type { ZipLimits } from '../../modules/zip/zip.usecases';

/** What the composition root is built from: configuration and the process's own services. */
export interface ServerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  version: string;
  /** Encrypts stored secrets and signs share access tokens (used by the storage and share domains). */
  secretKey: string;
  adminSessionTtlMs: number;
  /** Local storages and other files live here. */
  dataDir: string;
  /**
   * `PUBLIC_URL` without its trailing slash: links start with it, and its path (`/sb`) is the
   * one the whole app lives under. Empty: links use the origin the client used, at the root.
   */
  publicUrl: string;
  /** Which addresses URL uploads may fetch (public only, unless configured). */
  urlAddressPolicy: AddressPolicy;
  /** How URL uploads resolve host names; the system resolver unless given. */
  urlResolver?: HostResolver;
  /** Connection and idle timeouts of S3 calls; defaults unless given. */
  s3Timeouts?: S3Timeouts;
  /** Idle timeout and deadlines of URL fetches; defaults unless given. */
  urlFetchLimits?: UrlFetchLimits;
  /** Largest paste content, in UTF-8 bytes. */
  maxPasteBytes: number;
  /** Disk the explorer's thumbnails may take; 512 MB unless given. */
  thumbnailCacheBytes?: number;
  /** The programs video and PDF thumbnails are made with; looked up on the PATH unless given. */
  thumbnailTools?: ThumbnailTools;
  trustProxyHops: number;
  corsOrigins: string[];
  /** Folder of the built web app; without it only `/api` is served. */
  webDistDir?: string | undefined;
  /** How caches reach the other instances (PostgreSQL or Redis); this process alone unless given. */
  cacheCoordination?: CacheCoordination;
  /** Lease, heartbeat and poll periods of the job worker; the defaults unless given. */
  jobTimings?: JobTimings;
  /** A folder with more files than this is deleted by a job (LARGE_DELETE_FILES unless given). */
  largeDeleteFiles?: number;
  /** WebDAV Depth: infinity lists at most this many entries (DAV_PROPFIND_MAX_ENTRIES). */
  davPropfindMaxEntries?: number;
  /** Budget and entry limit of direct zip archives (the module's constants unless given). */
  zipLimits?: ZipLimits;
  /** What one extraction may write (EXTRACT_LIMITS unless given). */
  extractLimits?: ExtractLimits;
  /**
   * HTTP_IDLE_TIMEOUT: the longest a streamed upload of a running process stays silent, which
   * tells the housekeeping when one of another instance is abandoned (its default unless given).
   */
  httpIdleTimeoutMs?: number;
  /** How often the scheduled housekeeping runs; 10 minutes unless given. */
  housekeepingIntervalMs?: number;
  /** METRICS_TOKEN: `Bearer` token of `/metrics` besides the admin's; empty or absent: admin only. */
  metricsToken?: string;
  /** scrypt's N for new password hashes (`PASSWORD_HASH_COST` unless given; tests pass less). */
  passwordHashCost?: number;
  /** PostgreSQL's pool now (the handle's `poolStats`), for the metrics; absent on SQLite. */
  databasePool?: () => { total: number; idle: number; waiting: number };
}
