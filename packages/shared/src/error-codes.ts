/**
 * Stable error codes of the API envelope (`error` field). The web app maps them to
 * translated messages; scripts can rely on them.
 */
export const ERROR_CODES = {
  validationFailed: 'validation.failed',
  malformedJson: 'request.malformed_json',
  unsupportedMediaType: 'request.unsupported_media_type',
  payloadTooLarge: 'request.payload_too_large',
  routeNotFound: 'route.not_found',
  methodNotAllowed: 'route.method_not_allowed',
  internal: 'internal.error',
  authRequired: 'auth.required',
  authInvalidCredentials: 'auth.invalid_credentials',
  authInvalidToken: 'auth.invalid_token',
  authTokenExpired: 'auth.token_expired',
  authRateLimited: 'auth.rate_limited',
  authWrongCurrentPassword: 'auth.wrong_current_password',
  authForbidden: 'auth.forbidden',
  apiKeyInvalid: 'apikey.invalid',
  apiKeyExpired: 'apikey.expired',
  apiKeyNotFound: 'apikey.not_found',
  apiKeyConflict: 'apikey.conflict',
  pathInvalid: 'path.invalid',
  databaseUnavailable: 'health.database_unavailable',
  pasteNotFound: 'paste.not_found',
  pasteExpired: 'paste.expired',
  pasteViewsExhausted: 'paste.views_exhausted',
  pastePasswordRequired: 'paste.password_required',
  pasteWrongPassword: 'paste.wrong_password',
  pasteSlugTaken: 'paste.slug_taken',
  pasteTooLarge: 'paste.too_large',
  accessTokenInvalid: 'share.invalid_access_token',
  shareRateLimited: 'share.rate_limited',
  storageConfigNotFound: 'storage.config_not_found',
  storageConfigInUse: 'storage.config_in_use',
  storageConfigIsDefault: 'storage.config_is_default',
  storageNotAllowed: 'storage.not_allowed',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
