import { z } from 'zod';
import { UPLOAD_SIZE_UNITS, WEBDAV_UPLOAD_MODES } from '../constants';

export const systemSettingsSchema = z.object({
  max_upload_size: z
    .number()
    .positive()
    .max(1024 ** 3),
  max_upload_size_unit: z.enum(UPLOAD_SIZE_UNITS),
  webdav_upload_mode: z.enum(WEBDAV_UPLOAD_MODES),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const updateSystemSettingsRequestSchema = systemSettingsSchema
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' });
export type UpdateSystemSettingsRequest = z.infer<typeof updateSystemSettingsRequestSchema>;

/** GET /system/max-upload-size: public, read by the upload page. */
export const maxUploadSizeSchema = z.object({
  max_upload_size: z.number(),
  max_upload_size_unit: z.enum(UPLOAD_SIZE_UNITS),
  max_upload_size_bytes: z.number(),
});
export type MaxUploadSize = z.infer<typeof maxUploadSizeSchema>;
