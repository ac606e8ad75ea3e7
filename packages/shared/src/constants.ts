/** Business constants of SPEC §9, shared by server and web. */
export const AUTH_REVALIDATE_MS = 300_000;
export const DEFAULT_MAX_UPLOAD_SIZE_MB = 100;
export const DEFAULT_API_KEY_BASE_PATH = '/';
export const SLUG_MAX_LENGTH = 50;
/** SPEC §5: a link suffix holds letters, digits, hyphen and underscore. */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;
/** SPEC §9: a new share's link stays on screen this long, counted down, then is hidden. */
export const SHARE_LINK_VISIBLE_SECONDS = 60;
export const PASTE_PAGE_SIZE = 10;
export const FILE_PAGE_SIZE = 50;
/** The most items one page of any list may ask for (pastes, files, keys, mounts, search). */
export const LIST_MAX_LIMIT = 200;
export const RECENT_UPLOADS_SHOWN = 3;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEFAULT_LIMIT = 50;
/** Most results one search page may ask for: as many as on any list. */
export const SEARCH_MAX_LIMIT = LIST_MAX_LIMIT;
/** Longest query accepted, in characters. */
export const SEARCH_QUERY_MAX_LENGTH = 255;
export const MULTIPART_CHUNK_SIZE = 5 * 1024 * 1024;
export const MULTIPART_PARALLEL_PARTS = 3;
export const MULTIPART_PART_TIMEOUT_MS = 5 * 60_000;
export const CANCEL_POLL_MS = 100;
export const DRAFT_AUTOSAVE_MS = 30_000;
export const DRAFT_VALID_MS = 24 * 60 * 60_000;
/** The web app's offline cache (IndexedDB): its schema version and how long a record lives. */
export const OFFLINE_DB_VERSION = 2;
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 86_400_000;
/** A settings record whose key starts with this holds an API answer (SPEC §9). */
export const OFFLINE_API_CACHE_PREFIX = 'api_cache_';
export const EDIT_CONTENT_MAX_BYTES = 10 * 1024 * 1024;
export const MOUNT_CACHE_TTL_DEFAULT_S = 300;
export const MOUNT_CACHE_TTL_MAX_S = 86_400;
/** A mount's search index may be rebuilt in the background every N minutes (issue 32 item 7). */
export const MOUNT_REINDEX_MIN_MINUTES = 15;
export const MOUNT_REINDEX_MAX_MINUTES = 7 * 24 * 60;
/** SPEC §4, §9: "Not now" on the install prompt hides it this long; whether to show is checked this often. */
export const PWA_INSTALL_DISMISS_MS = 7 * 86_400_000;
export const PWA_INSTALL_CHECK_MS = 5_000;
/** SPEC §2, §9: a page that fails to load offline gets a toast after this delay, shown this long. */
export const OFFLINE_TOAST_DELAY_MS = 100;
export const OFFLINE_TOAST_DURATION_MS = 3_000;

/** Generated API keys and custom keys. */
export const API_KEY_CUSTOM_MIN_LENGTH = 16;
export const API_KEY_MAX_LENGTH = 128;
export const API_KEY_NAME_MAX_LENGTH = 100;
export const API_KEY_LIST_PREFIX_LENGTH = 8;
/** How long a key created without an `expires_at` lasts (30 days; `null` means never). */
export const API_KEY_DEFAULT_EXPIRY_MS = 30 * 86_400_000;
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
  /** Where older versions kept the editor's draft; it is moved to the offline DB once. */
  markdownDraft: 'markdown_draft',
  /** The upload page's last uploads, newest first (SPEC §9: three are shown). */
  recentUploads: 'recent_uploads',
  /** This browser's secret, mixed into the fingerprints of files sent to upload requests. */
  uploadSecret: 'upload_secret',
  /** The file basket, one list per signed-in principal: `file_basket:<principal>`. */
  fileBasketPrefix: 'file_basket:',
  /** The task manager's uploads and downloads of this browser (SPEC §1, §3 task). */
  browserTasks: 'browser_tasks',
  /** When "Not now" was chosen on the install prompt, `{value: true, savedAt}`. */
  pwaInstallDismissed: 'pwa_install_dismissed',
} as const;

/** Share expiry choices (SPEC §9) and their lengths; `never` has none. */
export const EXPIRY_OPTIONS = ['1h', '1d', '7d', '30d', 'never'] as const;
export type ExpiryOption = (typeof EXPIRY_OPTIONS)[number];
export const EXPIRY_OPTION_MS: Record<ExpiryOption, number | null> = {
  '1h': 3_600_000,
  '1d': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  never: null,
};

/** Link suffixes that would shadow a route of the app or the API. */
export const RESERVED_SLUGS = [
  'admin',
  'api',
  'assets',
  'dav',
  'docs',
  'file',
  'files',
  'health',
  'login',
  'logout',
  'mount-explorer',
  'new',
  'paste',
  'pastes',
  'public',
  'raw',
  'static',
  'upload',
  'user',
  'version',
] as const;

export const PASTE_FORMATS = ['markdown', 'text'] as const;
export type PasteFormat = (typeof PASTE_FORMATS)[number];
export const PASTE_REMARK_MAX_LENGTH = 200;
export const PASTE_LANGUAGE_MAX_LENGTH = 40;
export const SHARE_PASSWORD_MAX_LENGTH = 128;
export const BATCH_DELETE_MAX_IDS = 1000;
/** The name the server gives the local storage it creates on first start (the web app translates it). */
export const DEFAULT_LOCAL_STORAGE_NAME = 'Local storage';

/** SPEC §5: a mount name is 1 to 50 characters. */
export const MOUNT_NAME_MAX_LENGTH = 50;
export const MOUNT_REMARK_MAX_LENGTH = 200;
/**
 * SPEC §5: a mount path is `/xxx` of letters, digits, `_`, `-`, Chinese characters and slashes.
 * (CJK Unified Ideographs and Extension A.)
 */
export const MOUNT_PATH_PATTERN = /^(\/[A-Za-z0-9_\u3400-\u4dbf\u4e00-\u9fff-]+)+$/;
/**
 * First segments a mount path may not take: they name the app's own routes and well-known
 * locations that WebDAV clients and browsers probe (SPEC §5 "system-reserved path").
 */
export const MOUNT_RESERVED_SEGMENTS = [
  'api',
  'dav',
  'webdav',
  'admin',
  'assets',
  'proxy',
  'well-known',
] as const;

/**
 * Above this total the basket warns that the zip will be large (SPEC §9 leaves the value
 * out). 1 GiB: big enough for everyday downloads, small enough that a slow line notices.
 * The warning never blocks: the server streams any size.
 */
export const BASKET_WARNING_SIZE_MB = 1024;
