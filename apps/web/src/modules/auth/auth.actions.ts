import { ERROR_CODES } from '@sharebin/shared';
import { type ApiError, CLIENT_ERROR_CODES, isApiError } from '../../app/api-client';
import { createValueStore, useValueStore } from '../../shared/value-store';
import { authApi } from './auth.api';
import {
  getAuthState,
  hasAnyKeyPermission,
  holdPendingApiKey,
  isRevalidationDue,
  logout,
  markUnverified,
  markValidated,
  refreshApiKeySession,
  setAdminSession,
  setApiKeySession,
} from './auth.store';

/** The translated messages a sign-in can end with (SPEC §8, login errors). */
export type LoginErrorKey =
  | 'auth.errors.invalidToken'
  | 'auth.errors.invalidCredentials'
  | 'auth.errors.loginFailed'
  | 'auth.errors.invalidResponse'
  | 'auth.errors.serverError'
  | 'auth.errors.apiKeyValidationFailed'
  | 'auth.errors.invalidApiKey'
  | 'auth.errors.insufficientPermissions'
  | 'auth.errors.missingToken'
  | 'auth.errors.apiKeyVerificationFailed'
  | 'auth.errors.tooManyAttempts'
  | 'auth.errors.tooManyAttemptsNoDelay'
  | 'errors.serverNotResponding';

/** A failed sign-in, kept as a key so the message follows a language switch. */
export class LoginError extends Error {
  readonly messageKey: LoginErrorKey;
  readonly params: Record<string, string | number>;

  constructor(messageKey: LoginErrorKey, params: Record<string, string | number> = {}) {
    super(messageKey);
    this.name = 'LoginError';
    this.messageKey = messageKey;
    this.params = params;
  }
}

/** Failures shared by both sign-in modes; null when the mode must decide. */
function commonLoginError(error: ApiError): LoginError | null {
  if (error.code === CLIENT_ERROR_CODES.network) {
    return new LoginError('errors.serverNotResponding');
  }
  if (error.code === CLIENT_ERROR_CODES.invalidResponse) {
    return new LoginError('auth.errors.invalidResponse');
  }
  if (error.status === 429) {
    return error.retryAfterSeconds !== null
      ? new LoginError('auth.errors.tooManyAttempts', { seconds: error.retryAfterSeconds })
      : new LoginError('auth.errors.tooManyAttemptsNoDelay');
  }
  if (error.status >= 500) {
    return new LoginError('auth.errors.serverError');
  }
  return null;
}

function passwordLoginError(error: unknown): LoginError {
  if (error instanceof LoginError) {
    return error;
  }
  if (!isApiError(error)) {
    return new LoginError('auth.errors.loginFailed');
  }
  const common = commonLoginError(error);
  if (common) {
    return common;
  }
  switch (error.code) {
    case ERROR_CODES.authInvalidCredentials:
      return new LoginError('auth.errors.invalidCredentials');
    case ERROR_CODES.authInvalidToken:
    case ERROR_CODES.authTokenExpired:
      return new LoginError('auth.errors.invalidToken');
    default:
      return new LoginError('auth.errors.loginFailed');
  }
}

function apiKeyLoginError(error: unknown): LoginError {
  if (error instanceof LoginError) {
    return error;
  }
  if (!isApiError(error)) {
    return new LoginError('auth.errors.apiKeyValidationFailed');
  }
  const common = commonLoginError(error);
  if (common) {
    return common;
  }
  if (
    error.status === 401 ||
    error.status === 403 ||
    error.code === ERROR_CODES.apiKeyInvalid ||
    error.code === ERROR_CODES.apiKeyExpired
  ) {
    return new LoginError('auth.errors.invalidApiKey');
  }
  return new LoginError('auth.errors.apiKeyValidationFailed');
}

export async function loginWithPassword(username: string, password: string): Promise<void> {
  try {
    const data = await authApi.login({ username, password });
    if (!data || typeof data.token !== 'string' || data.token === '') {
      throw new LoginError('auth.errors.missingToken');
    }
    setAdminSession(data.token);
  } catch (error) {
    throw passwordLoginError(error);
  }
}

export async function loginWithApiKey(key: string): Promise<void> {
  const restorePrevious = holdPendingApiKey(key);
  try {
    const data = await authApi.verifyApiKey(key);
    if (!data || typeof data !== 'object' || !data.permissions || !data.key_info) {
      throw new LoginError('auth.errors.apiKeyVerificationFailed');
    }
    if (!hasAnyKeyPermission(data.permissions)) {
      throw new LoginError('auth.errors.insufficientPermissions');
    }
    setApiKeySession(key, data.permissions, data.key_info);
  } catch (error) {
    restorePrevious();
    logout('manual');
    throw apiKeyLoginError(error);
  }
}

/** The check with the server under way, shared by concurrent callers; null when none. */
const validation = createValueStore<Promise<boolean> | null>(null);

/** Whether a check with the server is under way (for loaders). */
export function useIsValidating(): boolean {
  return useValueStore(validation) !== null;
}

async function runValidation(): Promise<boolean> {
  const state = getAuthState();
  try {
    if (state.authType === 'admin' && state.adminToken) {
      await authApi.verifyAdminToken(state.adminToken);
      if (getAuthState().adminToken === state.adminToken) {
        markValidated();
      }
      return true;
    }
    if (state.authType === 'apikey' && state.apiKey) {
      const data = await authApi.verifyApiKey(state.apiKey);
      if (!data?.permissions || !data.key_info) {
        throw new Error('API key verification returned no data');
      }
      if (getAuthState().apiKey === state.apiKey) {
        refreshApiKeySession(data.permissions, data.key_info);
      }
      return true;
    }
    return false;
  } catch (error) {
    const now = getAuthState();
    if (now.adminToken !== state.adminToken || now.apiKey !== state.apiKey) {
      return false;
    }
    if (wentUnanswered(error)) {
      // Offline or the server down is not a verdict on the credentials: keep the session
      // and ask again as soon as the browser is back online.
      markUnverified();
      revalidateWhenOnline();
      return false;
    }
    // SPEC §4: a validation the server refused, or answered with nonsense, ends the session.
    logout('invalid');
    return false;
  }
}

/** No answer to judge by: the request never reached the server, or the server failed. */
function wentUnanswered(error: unknown): boolean {
  return isApiError(error) && (error.code === CLIENT_ERROR_CODES.network || error.status >= 500);
}

let waitingForOnline = false;

function revalidateWhenOnline(): void {
  if (waitingForOnline) return;
  waitingForOnline = true;
  window.addEventListener(
    'online',
    () => {
      waitingForOnline = false;
      if (getAuthState().unverified) void validateSession();
    },
    { once: true },
  );
}

/** Checks the session with the server; concurrent callers share one request. */
export function validateSession(): Promise<boolean> {
  const running = validation.get();
  if (running) return running;
  const started = runValidation().finally(() => validation.set(null));
  validation.set(started);
  return started;
}

/** Revalidates when never checked or last checked over AUTH_REVALIDATE_MS ago. */
export function validateSessionIfDue(): Promise<boolean> {
  const state = getAuthState();
  if (!state.isAuthenticated) {
    return Promise.resolve(false);
  }
  return isRevalidationDue(state) ? validateSession() : Promise.resolve(true);
}

/** Signs out; an admin session is also ended on the server (best effort). */
export async function signOut(): Promise<void> {
  const state = getAuthState();
  if (state.authType === 'admin' && state.adminToken) {
    try {
      await authApi.logout();
    } catch {
      // The local session ends regardless; the token expires on the server by itself.
    }
  }
  logout('manual');
}
