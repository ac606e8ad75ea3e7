import {
  type ApiKeyPermissions,
  AUTH_REVALIDATE_MS,
  DEFAULT_API_KEY_BASE_PATH,
  type Principal,
  STORAGE_KEYS,
} from '@sharebin/shared';
import { createValueStore, useValueStore } from '../../shared/value-store';

/**
 * The auth store of SPEC §3/§4: a tiny module value store (shared/value-store). It
 * holds state and persistence only; the calls that log in and validate live in auth.actions.
 */

export type AuthType = 'none' | 'admin' | 'apikey';

export interface ApiKeyInfo {
  id: string;
  name: string;
  basic_path: string;
  /** Mount access limited to reading; absent in keys stored by older versions. */
  mount_read_only?: boolean;
}

export interface UserInfo {
  id: string | null;
  name: string | null;
  type: AuthType;
  basicPath: string;
}

export interface AuthState {
  isAuthenticated: boolean;
  authType: AuthType;
  adminToken: string | null;
  apiKey: string | null;
  apiKeyInfo: ApiKeyInfo | null;
  apiKeyPermissions: ApiKeyPermissions;
  userInfo: UserInfo;
  /** Epoch milliseconds of the last successful check with the server; null when never. */
  lastValidated: number | null;
  /**
   * The last check got no answer (offline, or the server down): the session is kept, as it
   * stands, until the server answers one way or the other.
   */
  unverified: boolean;
}

/** Why a session ended: chosen by the user, or found invalid by the server. */
export type LogoutReason = 'manual' | 'invalid';

export const AUTH_EVENTS = {
  stateChanged: 'auth-state-changed',
  adminTokenExpired: 'admin-token-expired',
  apiKeyInvalid: 'api-key-invalid',
} as const;

export const ADMIN_USER = { id: 'admin', name: 'Administrator' } as const;

const NO_PERMISSIONS: ApiKeyPermissions = { text: false, file: false, mount: false };

const SIGNED_OUT: AuthState = {
  isAuthenticated: false,
  authType: 'none',
  adminToken: null,
  apiKey: null,
  apiKeyInfo: null,
  apiKeyPermissions: NO_PERMISSIONS,
  userInfo: { id: null, name: null, type: 'none', basicPath: DEFAULT_API_KEY_BASE_PATH },
  lastValidated: null,
  unverified: false,
};

const store = createValueStore<AuthState>(SIGNED_OUT);
const setState = store.set;

export function getAuthState(): AuthState {
  return store.get();
}

export function useAuth(): AuthState {
  return useValueStore(store);
}

export const authStore = { subscribe: store.subscribe, getState: getAuthState };

// ---- persistence -------------------------------------------------------------------------

function storageGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storageSet(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage may be full or disabled: the session then lasts for this page only.
  }
}

function storageRemove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

function parseJson(raw: string | null): unknown {
  if (raw === null) {
    return null;
  }
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readPermissions(value: unknown): ApiKeyPermissions {
  if (!isRecord(value)) {
    return NO_PERMISSIONS;
  }
  return { text: value.text === true, file: value.file === true, mount: value.mount === true };
}

function readKeyInfo(value: unknown): ApiKeyInfo | null {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.name !== 'string') {
    return null;
  }
  const basicPath =
    typeof value.basic_path === 'string' && value.basic_path !== ''
      ? value.basic_path
      : DEFAULT_API_KEY_BASE_PATH;
  return {
    id: value.id,
    name: value.name,
    basic_path: basicPath,
    mount_read_only: value.mount_read_only === true,
  };
}

function clearStoredCredentials(): void {
  storageRemove(STORAGE_KEYS.adminToken);
  storageRemove(STORAGE_KEYS.apiKey);
  storageRemove(STORAGE_KEYS.apiKeyPermissions);
  storageRemove(STORAGE_KEYS.apiKeyInfo);
}

function dispatch(name: string, detail?: unknown): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

// ---- transitions -------------------------------------------------------------------------

function adminState(token: string, lastValidated: number | null): AuthState {
  return {
    ...SIGNED_OUT,
    isAuthenticated: true,
    authType: 'admin',
    adminToken: token,
    userInfo: {
      id: ADMIN_USER.id,
      name: ADMIN_USER.name,
      type: 'admin',
      basicPath: DEFAULT_API_KEY_BASE_PATH,
    },
    lastValidated,
  };
}

function apiKeyState(
  key: string,
  permissions: ApiKeyPermissions,
  info: ApiKeyInfo | null,
  lastValidated: number | null,
): AuthState {
  return {
    ...SIGNED_OUT,
    isAuthenticated: true,
    authType: 'apikey',
    apiKey: key,
    apiKeyInfo: info,
    apiKeyPermissions: permissions,
    userInfo: {
      id: info?.id ?? null,
      name: info?.name ?? null,
      type: 'apikey',
      basicPath: info?.basic_path ?? DEFAULT_API_KEY_BASE_PATH,
    },
    lastValidated,
  };
}

/** Restores stored credentials at start; they are revalidated right after. */
export function restoreAuth(): void {
  const token = storageGet(STORAGE_KEYS.adminToken);
  if (token) {
    setState(adminState(token, null));
    return;
  }
  const key = storageGet(STORAGE_KEYS.apiKey);
  if (key) {
    setState(
      apiKeyState(
        key,
        readPermissions(parseJson(storageGet(STORAGE_KEYS.apiKeyPermissions))),
        readKeyInfo(parseJson(storageGet(STORAGE_KEYS.apiKeyInfo))),
        null,
      ),
    );
  }
}

export function setAdminSession(token: string, now = Date.now()): void {
  storageRemove(STORAGE_KEYS.apiKey);
  storageRemove(STORAGE_KEYS.apiKeyPermissions);
  storageRemove(STORAGE_KEYS.apiKeyInfo);
  storageSet(STORAGE_KEYS.adminToken, token);
  setState(adminState(token, now));
  dispatch(AUTH_EVENTS.stateChanged, { isAuthenticated: true, authType: 'admin' });
}

export function setApiKeySession(
  key: string,
  permissions: ApiKeyPermissions,
  info: ApiKeyInfo,
  now = Date.now(),
): void {
  storageRemove(STORAGE_KEYS.adminToken);
  storageSet(STORAGE_KEYS.apiKey, key);
  storageSet(STORAGE_KEYS.apiKeyPermissions, JSON.stringify(permissions));
  storageSet(STORAGE_KEYS.apiKeyInfo, JSON.stringify(info));
  setState(apiKeyState(key, permissions, info, now));
  dispatch(AUTH_EVENTS.stateChanged, { isAuthenticated: true, authType: 'apikey' });
}

/** A revalidated key may have new permissions or a new name: keep them, quietly. */
export function refreshApiKeySession(
  permissions: ApiKeyPermissions,
  info: ApiKeyInfo,
  now = Date.now(),
): void {
  const { authType, apiKey } = store.get();
  if (authType !== 'apikey' || apiKey === null) {
    return;
  }
  storageSet(STORAGE_KEYS.apiKeyPermissions, JSON.stringify(permissions));
  storageSet(STORAGE_KEYS.apiKeyInfo, JSON.stringify(info));
  setState(apiKeyState(apiKey, permissions, info, now));
}

export function markValidated(now = Date.now()): void {
  setState((state) => ({ ...state, lastValidated: now, unverified: false }));
}

/** A check found no server to answer it: keep the session, flagged as unconfirmed. */
export function markUnverified(): void {
  const state = store.get();
  if (state.isAuthenticated && !state.unverified) {
    setState({ ...state, unverified: true });
  }
}

/**
 * Holds a key in the store while it is being verified (SPEC §4: a failed API-key login
 * restores the previous key and type); returns a function that puts the previous ones back.
 */
export function holdPendingApiKey(key: string): () => void {
  const previous = store.get();
  setState({ ...previous, apiKey: key });
  return () =>
    setState((state) => ({ ...state, apiKey: previous.apiKey, authType: previous.authType }));
}

/**
 * Ends the session: clears state and storage and announces it. `invalid` means the server
 * rejected the credentials, which also fires admin-token-expired or api-key-invalid.
 */
export function logout(reason: LogoutReason = 'manual'): void {
  const previousType = store.get().authType;
  clearStoredCredentials();
  setState(SIGNED_OUT);
  dispatch(AUTH_EVENTS.stateChanged, { isAuthenticated: false, authType: 'none', reason });
  if (reason === 'invalid') {
    if (previousType === 'admin') {
      dispatch(AUTH_EVENTS.adminTokenExpired);
    } else if (previousType === 'apikey') {
      dispatch(AUTH_EVENTS.apiKeyInvalid);
    }
  }
}

// ---- derived facts -----------------------------------------------------------------------

export function isRevalidationDue(auth: AuthState, now = Date.now()): boolean {
  return (
    auth.isAuthenticated &&
    (auth.lastValidated === null || now - auth.lastValidated > AUTH_REVALIDATE_MS)
  );
}

export function hasAnyKeyPermission(permissions: ApiKeyPermissions): boolean {
  return permissions.text || permissions.file || permissions.mount;
}

/** The store's view as the shared permission rules expect it. */
export function toPrincipal(auth: AuthState): Principal {
  if (auth.authType === 'admin' && auth.isAuthenticated) {
    return { type: 'admin', id: ADMIN_USER.id, name: ADMIN_USER.name };
  }
  if (auth.authType === 'apikey' && auth.isAuthenticated) {
    return {
      type: 'apikey',
      id: auth.apiKeyInfo?.id ?? '',
      name: auth.apiKeyInfo?.name ?? '',
      basicPath: auth.userInfo.basicPath,
      permissions: auth.apiKeyPermissions,
      mountReadOnly: auth.apiKeyInfo?.mount_read_only ?? false,
    };
  }
  return { type: 'none' };
}

/** The session's Authorization header, for the few calls made outside the API client. */
export function sessionAuthorization(): Record<string, string> {
  const auth = store.get();
  if (auth.authType === 'admin' && auth.adminToken) {
    return { Authorization: `Bearer ${auth.adminToken}` };
  }
  if (auth.authType === 'apikey' && auth.apiKey) {
    return { Authorization: `ApiKey ${auth.apiKey}` };
  }
  return {};
}
