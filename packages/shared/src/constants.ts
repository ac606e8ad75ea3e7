/** Business constants of SPEC §9, shared by server and web. */
export const AUTH_REVALIDATE_MS = 300_000;
export const DEFAULT_MAX_UPLOAD_SIZE_MB = 100;
export const DEFAULT_API_KEY_BASE_PATH = '/';
export const SLUG_MAX_LENGTH = 50;
export const PASTE_PAGE_SIZE = 10;
export const FILE_PAGE_SIZE = 50;
export const RECENT_UPLOADS_SHOWN = 3;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEFAULT_LIMIT = 50;
export const MULTIPART_CHUNK_SIZE = 5 * 1024 * 1024;
export const MULTIPART_PARALLEL_PARTS = 3;
export const MULTIPART_PART_TIMEOUT_MS = 5 * 60_000;
export const CANCEL_POLL_MS = 100;
export const DRAFT_AUTOSAVE_MS = 30_000;
export const DRAFT_VALID_MS = 24 * 60 * 60_000;
export const EDIT_CONTENT_MAX_BYTES = 10 * 1024 * 1024;
export const MOUNT_CACHE_TTL_DEFAULT_S = 300;
export const MOUNT_CACHE_TTL_MAX_S = 86_400;
export const DEFAULT_ADMIN_MODULE = 'dashboard';

/** Generated API keys and custom keys. */
export const API_KEY_CUSTOM_MIN_LENGTH = 16;
export const API_KEY_MAX_LENGTH = 128;
export const API_KEY_NAME_MAX_LENGTH = 100;
export const API_KEY_LIST_PREFIX_LENGTH = 8;
export const API_KEY_EXPIRY_PRESETS = ['1d', '7d', '30d', 'never', 'custom'] as const;
export type ApiKeyExpiryPreset = (typeof API_KEY_EXPIRY_PRESETS)[number];

export const UPLOAD_SIZE_UNITS = ['KB', 'MB', 'GB'] as const;
export type UploadSizeUnit = (typeof UPLOAD_SIZE_UNITS)[number];
export const UPLOAD_SIZE_UNIT_BYTES: Record<UploadSizeUnit, number> = {
  KB: 1024,
  MB: 1024 ** 2,
  GB: 1024 ** 3,
};

export const WEBDAV_UPLOAD_MODES = ['auto', 'proxy', 'multipart', 'direct'] as const;
export type WebdavUploadMode = (typeof WEBDAV_UPLOAD_MODES)[number];

/** Local storage keys of the web app's auth store (SPEC §4). */
export const STORAGE_KEYS = {
  adminToken: 'admin_token',
  apiKey: 'api_key',
  apiKeyPermissions: 'api_key_permissions',
  apiKeyInfo: 'api_key_info',
  themeMode: 'themeMode',
  language: 'language',
  backendUrl: 'backend_url',
} as const;
