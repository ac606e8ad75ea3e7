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
  /** The folder the uploader chose, as shown to users. */
  path: string;
  /** The object key in the storage. */
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
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface PendingDeletionsTable {
  id: string;
  storage_config_id: string;
  /** The object key in the storage. */
  storage_path: string;
  /** A multipart upload to abort first. */
  upload_id: string | null;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
}

export interface ShareTombstonesTable {
  kind: 'paste' | 'file';
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
