import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Timestamps are epoch milliseconds (BIGINT); flags are
 * 0/1 integers so that both engines store them alike.
 */
export interface Database {
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  api_keys: ApiKeysTable;
  system_settings: SystemSettingsTable;
  rate_limits: RateLimitsTable;
  pastes: PastesTable;
  storage_configs: StorageConfigsTable;
  file_shares: FileSharesTable;
  instance_identity: InstanceIdentityTable;
  pending_deletions: PendingDeletionsTable;
  share_tombstones: ShareTombstonesTable;
  mounts: MountsTable;
  search_entries: SearchEntriesTable;
  search_mount_state: SearchMountStateTable;
  cache_generations: CacheGenerationsTable;
  fs_uploads: FsUploadsTable;
  jobs: JobsTable;
  job_items: JobItemsTable;
  job_schedules: JobSchedulesTable;
  dav_properties: DavPropertiesTable;
  dav_locks: DavLocksTable;
  stat_counters: StatCountersTable;
  storage_usage: StorageUsageTable;
  activity_buckets: ActivityBucketsTable;
  file_checksums: FileChecksumsTable;
  fs_shares: FsSharesTable;
  short_links: ShortLinksTable;
  upload_requests: UploadRequestsTable;
  upload_request_files: UploadRequestFilesTable;
}

export interface AdminsTable {
  id: string;
  username: string;
  password_hash: string;
  created_at: number;
  updated_at: number;
}

export interface AdminSessionsTable {
  id: string;
  admin_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
}

export interface ApiKeysTable {
  id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  custom_key: number;
  text_permission: number;
  file_permission: number;
  mount_permission: number;
  mount_read_only: number;
  basic_path: string;
  expires_at: number | null;
  last_used_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SystemSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface RateLimitsTable {
  key: string;
  count: Generated<number>;
  reset_at: number;
}

export interface PastesTable {
  id: string;
  slug: string;
  content: string;
  /** UTF-8 bytes of `content`. */
  size: number;
  remark: string;
  format: 'markdown' | 'text';
  language: string | null;
  password_hash: string | null;
  expires_at: number | null;
  /** 0 = unlimited. */
  max_views: number;
  views: number;
  /** `admin` or `apikey:<id>`. */
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface StorageConfigsTable {
  id: string;
  name: string;
  storage_type: 's3' | 'local';
  provider: string | null;
  endpoint: string;
  region: string;
  bucket: string;
  access_key_id: string;
  /** AES-256-GCM sealed (secret-box.ts); never stored in the clear. */
  secret_access_key_sealed: string;
  path_style: number;
  default_folder: string;
  custom_host: string;
  url_expiry_seconds: number;
  total_capacity_bytes: number | null;
  allow_api_keys: number;
  /** S3 only: downloads go by presigned GET URLs rather than through this server. */
  direct_downloads: number;
  /** Local only: an absolute host folder served instead of `DATA_DIR/storage/<id>`. */
  root_path: string | null;
  is_default: number;
  created_at: number;
  updated_at: number;
}

export interface FileSharesTable {
  id: string;
  slug: string;
  filename: string;
  mimetype: string;
  size: number;
  storage_config_id: string;
  /** As shown to users; `storage_path` is the object key. */
  path: string;
  storage_path: string;
  etag: string | null;
  remark: string;
  password_hash: string | null;
  expires_at: number | null;
  max_views: number;
  views: number;
  status: 'uploading' | 'live';
  /** Multipart upload in progress, for clean-up of abandoned uploads. */
  upload_id: string | null;
  /** The file's fingerprint while a resumable multipart uploads it (resumable-uploads.ts). */
  upload_fingerprint?: string | null;
  /** Staleness is idle time, not age (to within `UPLOAD_ACTIVITY_RESOLUTION_MS`). */
  last_activity_at: number;
  /** The process streaming the upload through the server (process-identity.ts); null otherwise. */
  owner_process: string | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface FsSharesTable {
  id: string;
  slug: string;
  kind: 'file' | 'folder';
  /** The shared file or folder, a virtual path; moves and renames through Sharebin update it. */
  path: string;
  remark: string;
  password_hash: string | null;
  expires_at: number | null;
  max_views: number;
  views: number;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface ShortLinksTable {
  id: string;
  slug: string;
  /** An http or https address. */
  url: string;
  remark: string;
  password_hash: string | null;
  expires_at: number | null;
  max_views: number;
  views: number;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface PendingDeletionsTable {
  id: string;
  storage_config_id: string;
  storage_path: string;
  /** A multipart upload to abort first. */
  upload_id: string | null;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
}

export interface ShareTombstonesTable {
  kind: 'paste' | 'file' | 'fs' | 'link' | 'upload';
  slug: string;
  /** Why the share could no longer be viewed when it was deleted. */
  reason: 'expired' | 'exhausted';
  deleted_at: number;
}

export interface InstanceIdentityTable {
  id: string;
  secret_key_check: string;
  created_at: number;
}

export interface MountsTable {
  id: string;
  name: string;
  storage_type: 's3' | 'local';
  storage_config_id: string;
  /** As the admin wrote it (letter case kept): `/photos/2024`. */
  mount_path: string;
  /** `mount_path` in lower case, unique: two mounts may not differ in letter case only. */
  path_key: string;
  remark: string;
  sort_order: number;
  /** Seconds a directory listing of this mount stays cached. */
  cache_ttl: number;
  is_active: number;
  /** `system` (made at install), `admin` or `apikey:<id>`. */
  created_by: string;
  created_at: number;
  updated_at: number;
  last_refreshed_at: number | null;
  /** Minutes between background rebuilds of the mount's search index; null: none. */
  reindex_minutes: number | null;
}

/** A name of mounted storage, as the search index knows it (one generation of one mount). */
export interface SearchEntriesTable {
  id: Generated<number>;
  mount_id: string;
  generation: number;
  /** Path within the mount, normalised: `/a/b.txt`. */
  path: string;
  parent_path: string;
  name: string;
  /** `name` lower-cased by the server: what queries compare. */
  name_folded: string;
  is_directory: number;
  size: number | null;
  modified_at: number | null;
  indexed_at: number;
}

export interface SearchMountStateTable {
  mount_id: string;
  live_generation: number;
  building_generation: number | null;
  rebuild_started_at: number | null;
  rebuild_entries: number;
  rebuilt_at: number | null;
  /** Why the last rebuild failed; null once one starts or succeeds. */
  rebuild_error: string | null;
  /** When the running rebuild last wrote a batch: a claim nobody renews goes stale. */
  rebuild_progress_at: number | null;
}

/** modules/cache: the generation each invalidation scope of each cache reached (PostgreSQL only). */
export interface CacheGenerationsTable {
  cache: string;
  scope: string;
  generation: number;
  updated_at: number;
}

/** A write through the file system under way: what it holds of its storage, and its upload. */
export interface FsUploadsTable {
  id: string;
  storage_config_id: string;
  storage_key: string;
  /** A client's multipart id, or a streamed write's, recorded as soon as the storage made it. */
  upload_id: string | null;
  /** Bytes held against the storage's capacity while the write runs. */
  size: number;
  created_at: number;
  last_activity_at: number;
  /** The process streaming the write (process-identity.ts); null when its client drives it. */
  owner_process: string | null;
  /** A resumable multipart's file, as its client fingerprints it (name, size, mtime, ends). */
  fingerprint: string | null;
  /** Who started a resumable multipart (`admin:<id>`, `apikey:<id>`): only they resume it. */
  owner: string | null;
}

/** modules/jobs: one job of the durable queue. */
export interface JobsTable {
  id: string;
  /** `copy`, `move`, `delete` or a scheduled kind (`housekeeping`). */
  type: string;
  /** `admin` or `apikey` (`system` for scheduled work); `owner_id` is the admin's or key's id. */
  owner_type: string;
  owner_id: string;
  status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
  /** JSON. */
  payload: string;
  /** 1 once its items are written to `job_items`. */
  planned: number;
  items_total: number;
  items_done: number;
  bytes_total: number;
  bytes_done: number;
  /** Bytes of the item in progress so far, as the last heartbeat saw them. */
  current_bytes: number;
  success_count: number;
  skipped_count: number;
  failed_count: number;
  /** Why the job as a whole failed (not one item). */
  error: string | null;
  /** The failure's API error code and JSON details, for the reader's language (0031). */
  error_code?: string | null;
  error_details?: string | null;
  cancel_requested: number;
  /** The worker holding the job, until `lease_expires_at` unless it renews the lease. */
  lease_owner: string | null;
  lease_expires_at: number | null;
  /** What the job made, as JSON (a zip job: the archive's totals). */
  result: string | null;
  attempts: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** One planned step of a job: a file to copy, move or delete, or a folder to make or clear. */
export interface JobItemsTable {
  job_id: string;
  seq: number;
  kind: string;
  source_path: string;
  target_path: string | null;
  size: number;
  status: 'pending' | 'done' | 'skipped' | 'failed';
  error: string | null;
  message: string | null;
  /** Zip entries (migration 0017): the object in its storage, its date and record offsets. */
  object_key?: string | null;
  modified_at?: number | null;
  zip_offset?: number | null;
  central_offset?: number | null;
  /** The file's CRC-32 once a download has read it (migration 0020). */
  crc?: number | null;
  /** A failed item's error values as JSON (migration 0021). */
  details?: string | null;
}

/** Periodic work: the instance that moves `next_run_at` on first enqueues the period's job. */
export interface JobSchedulesTable {
  name: string;
  next_run_at: number;
}

export interface DavPropertiesTable {
  path_hash: string;
  path: string;
  ns: string;
  name: string;
  value: string;
}

export interface DavLocksTable {
  token: string;
  path_hash: string;
  path: string;
  depth: string;
  scope: string;
  owner_xml: string;
  principal: string;
  timeout_seconds: number;
  expires_at: number;
  created_at: number;
}

/** Exact totals kept by database triggers (migration 0019): `pastes`. */
export interface StatCountersTable {
  name: string;
  value: number;
}

/** Per storage, kept by triggers on `file_shares`: live shares and the bytes shares hold. */
export interface StorageUsageTable {
  storage_config_id: string;
  files: number;
  bytes: number;
}

/** Activity summed per quarter hour (UTC start, ms) and metric; every instance adds to it. */
export interface ActivityBucketsTable {
  bucket_start: number;
  metric: string;
  value: number;
}

/** modules/fs: checksums of files written through Sharebin, valid while the object has `etag`. */
export interface FileChecksumsTable {
  storage_config_id: string;
  storage_key: string;
  etag: string;
  md5: string;
  sha1: string;
}

export interface UploadRequestsTable {
  id: string;
  slug: string;
  /** The folder files arrive in, a virtual path; moves and renames through Sharebin update it. */
  path: string;
  remark: string;
  password_hash: string | null;
  expires_at: number | null;
  /** 0: no limit (as are the sizes). */
  max_files: number;
  max_file_size: number;
  max_total_size: number;
  /** Accepted types, comma-separated; empty: any. */
  allowed_types: string;
  /** Files and bytes received or arriving: reserved before a byte is stored. */
  files_received: number;
  bytes_received: number;
  last_received_at: number | null;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface UploadRequestFilesTable {
  id: string;
  request_id: string;
  name: string;
  path: string;
  size: number;
  claimed_bytes: number;
  mimetype: string;
  /** `receiving` while its bytes arrive (its path is claimed), then `stored`. */
  status: 'receiving' | 'stored';
  /** While receiving: the process writing it (`ProcessIdentity`); null once stored. */
  owner_process: string | null;
  /** While a client-driven (multipart) upload is under way: its upload id and signed key. */
  upload_id: string | null;
  upload_key: string | null;
  /** The file's fingerprint while it arrives in parts, to resume it (resumable-uploads.ts). */
  upload_fingerprint?: string | null;
  created_at: number;
}
