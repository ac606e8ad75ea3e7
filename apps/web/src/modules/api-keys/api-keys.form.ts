import {
  API_KEY_CUSTOM_MIN_LENGTH,
  API_KEY_MAX_LENGTH,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_PATTERN,
  type ApiKey,
  type ApiKeyExpiryPreset,
  type CreateApiKeyRequest,
  DEFAULT_API_KEY_BASE_PATH,
  ERROR_CODES,
  type ErrorCode,
  normalizePath,
  type UpdateApiKeyRequest,
} from '@sharebin/shared';

/**
 * The key form's values and rules. Pure functions, so the rules (which mirror the server's
 * schemas in packages/shared) can be read and tested apart from the modal.
 */

/** `keep` exists only when editing: leave the expiry as it is. */
export type ExpiryChoice = ApiKeyExpiryPreset | 'keep';

export const MAX_CUSTOM_EXPIRY_DAYS = 36_500;
const DAY_MS = 24 * 60 * 60 * 1000;
const PRESET_DAYS = { '1d': 1, '7d': 7, '30d': 30 } as const;

export interface KeyFormValues {
  name: string;
  expiry: ExpiryChoice;
  customDays: string | number;
  text: boolean;
  file: boolean;
  mount: boolean;
  /** With mount permission: browse and download only (SPEC §6). */
  mountReadOnly: boolean;
  basicPath: string;
  useCustomKey: boolean;
  customKey: string;
}

export type KeyFormField = 'name' | 'customDays' | 'basicPath' | 'customKey';

/** Server-side field names in validation details, mapped to the form's fields. */
export const KEY_FORM_FIELDS: Readonly<Record<string, KeyFormField>> = {
  name: 'name',
  basic_path: 'basicPath',
  custom_key: 'customKey',
  expires_at: 'customDays',
};

/** A 409 on a custom key is shown under it. */
export const KEY_CODE_FIELDS: Partial<Record<ErrorCode, KeyFormField>> = {
  [ERROR_CODES.apiKeyConflict]: 'customKey',
};

/** The field whose message an edit clears; the switches and the expiry choice have none. */
export const keyFieldOf = (key: keyof KeyFormValues): KeyFormField | null =>
  key === 'name' || key === 'customDays' || key === 'basicPath' || key === 'customKey' ? key : null;

/** A translation key and its values, turned into text by the component. */
export interface FormError {
  key:
    | 'apiKeys.form.nameRequired'
    | 'apiKeys.form.nameTooLong'
    | 'apiKeys.form.customDaysRequired'
    | 'apiKeys.form.customDaysInvalid'
    | 'apiKeys.form.customDaysTooLarge'
    | 'apiKeys.form.basePathInvalid'
    | 'apiKeys.form.customKeyRequired'
    | 'apiKeys.form.customKeyPattern'
    | 'apiKeys.form.customKeyTooShort'
    | 'apiKeys.form.customKeyTooLong';
  params?: Record<string, number>;
}

export type KeyFormErrors = Partial<Record<KeyFormField, FormError>>;

export function emptyKeyForm(): KeyFormValues {
  return {
    name: '',
    expiry: '30d',
    customDays: '',
    // Nothing granted until the admin ticks it: a new key must not grant more than meant.
    text: false,
    file: false,
    mount: false,
    mountReadOnly: false,
    basicPath: DEFAULT_API_KEY_BASE_PATH,
    useCustomKey: false,
    customKey: '',
  };
}

export function keyFormFrom(key: ApiKey): KeyFormValues {
  return {
    name: key.name,
    expiry: 'keep',
    customDays: '',
    text: key.text_permission,
    file: key.file_permission,
    mount: key.mount_permission,
    mountReadOnly: key.mount_read_only,
    basicPath: key.basic_path,
    useCustomKey: false,
    customKey: '',
  };
}

function parseDays(value: string | number): number | null {
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) {
    return null;
  }
  return Number(text);
}

function tryNormalize(path: string): string | null {
  try {
    return normalizePath(path.trim() === '' ? DEFAULT_API_KEY_BASE_PATH : path.trim());
  } catch {
    return null;
  }
}

export function validateKeyForm(values: KeyFormValues, mode: 'create' | 'edit'): KeyFormErrors {
  const errors: KeyFormErrors = {};
  const name = values.name.trim();
  if (name === '') {
    errors.name = { key: 'apiKeys.form.nameRequired' };
  } else if (name.length > API_KEY_NAME_MAX_LENGTH) {
    errors.name = { key: 'apiKeys.form.nameTooLong', params: { max: API_KEY_NAME_MAX_LENGTH } };
  }

  if (values.expiry === 'custom') {
    const raw = String(values.customDays).trim();
    const days = parseDays(raw);
    if (raw === '') {
      errors.customDays = { key: 'apiKeys.form.customDaysRequired' };
    } else if (days === null || days <= 0) {
      errors.customDays = { key: 'apiKeys.form.customDaysInvalid' };
    } else if (days > MAX_CUSTOM_EXPIRY_DAYS) {
      errors.customDays = {
        key: 'apiKeys.form.customDaysTooLarge',
        params: { max: MAX_CUSTOM_EXPIRY_DAYS },
      };
    }
  }

  if (tryNormalize(values.basicPath) === null) {
    errors.basicPath = { key: 'apiKeys.form.basePathInvalid' };
  }

  if (mode === 'create' && values.useCustomKey) {
    const key = values.customKey.trim();
    if (key === '') {
      errors.customKey = { key: 'apiKeys.form.customKeyRequired' };
    } else if (!API_KEY_PATTERN.test(key)) {
      errors.customKey = { key: 'apiKeys.form.customKeyPattern' };
    } else if (key.length < API_KEY_CUSTOM_MIN_LENGTH) {
      errors.customKey = {
        key: 'apiKeys.form.customKeyTooShort',
        params: { min: API_KEY_CUSTOM_MIN_LENGTH },
      };
    } else if (key.length > API_KEY_MAX_LENGTH) {
      errors.customKey = {
        key: 'apiKeys.form.customKeyTooLong',
        params: { max: API_KEY_MAX_LENGTH },
      };
    }
  }
  return errors;
}

/** The expiry a choice means, as an ISO date-time; undefined for `keep`. */
export function expiresAtFor(
  choice: ExpiryChoice,
  customDays: string | number,
  now = Date.now(),
): string | null | undefined {
  switch (choice) {
    case 'keep':
      return undefined;
    case 'never':
      return null;
    case 'custom': {
      const days = parseDays(customDays) ?? 0;
      return new Date(now + days * DAY_MS).toISOString();
    }
    default:
      return new Date(now + PRESET_DAYS[choice] * DAY_MS).toISOString();
  }
}

/** Call only with values that passed validateKeyForm. */
export function toCreateRequest(values: KeyFormValues, now = Date.now()): CreateApiKeyRequest {
  const request: CreateApiKeyRequest = {
    name: values.name.trim(),
    expires_at: expiresAtFor(values.expiry, values.customDays, now) ?? null,
    text_permission: values.text,
    file_permission: values.file,
    mount_permission: values.mount,
    // Read-only means nothing without mount access; a key without it is saved as writable.
    mount_read_only: values.mount && values.mountReadOnly,
    basic_path: tryNormalize(values.basicPath) ?? DEFAULT_API_KEY_BASE_PATH,
  };
  if (values.useCustomKey) {
    request.custom_key = values.customKey.trim();
  }
  return request;
}

/** Only the fields that changed; an empty object means nothing to save. */
export function toUpdateRequest(
  values: KeyFormValues,
  original: ApiKey,
  now = Date.now(),
): UpdateApiKeyRequest {
  const changes: UpdateApiKeyRequest = {};
  const name = values.name.trim();
  if (name !== original.name) changes.name = name;
  if (values.text !== original.text_permission) changes.text_permission = values.text;
  if (values.file !== original.file_permission) changes.file_permission = values.file;
  if (values.mount !== original.mount_permission) changes.mount_permission = values.mount;
  const mountReadOnly = values.mount && values.mountReadOnly;
  if (mountReadOnly !== original.mount_read_only) changes.mount_read_only = mountReadOnly;
  const basicPath = tryNormalize(values.basicPath) ?? original.basic_path;
  if (basicPath !== original.basic_path) changes.basic_path = basicPath;
  const expiresAt = expiresAtFor(values.expiry, values.customDays, now);
  if (expiresAt !== undefined) changes.expires_at = expiresAt;
  return changes;
}
