import {
  DEFAULT_MAX_UPLOAD_SIZE_MB,
  type MaxUploadSize,
  type SystemSettings,
  systemSettingsSchema,
  UPLOAD_SIZE_UNIT_BYTES,
} from '@sharebin/shared';

export const DEFAULT_SETTINGS: SystemSettings = {
  max_upload_size: DEFAULT_MAX_UPLOAD_SIZE_MB,
  max_upload_size_unit: 'MB',
  webdav_upload_mode: 'auto',
};

/** Stored values over the defaults; a stored value that no longer validates falls back. */
export function mergeSettings(stored: Record<string, unknown>): SystemSettings {
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [key, value] of Object.entries(stored)) {
    const field = systemSettingsSchema.shape[key as keyof SystemSettings];
    if (field?.safeParse(value).success) merged[key] = value;
  }
  return merged as SystemSettings;
}

export const toMaxUploadSize = (settings: SystemSettings): MaxUploadSize => ({
  max_upload_size: settings.max_upload_size,
  max_upload_size_unit: settings.max_upload_size_unit,
  max_upload_size_bytes: Math.floor(
    settings.max_upload_size * UPLOAD_SIZE_UNIT_BYTES[settings.max_upload_size_unit],
  ),
});
