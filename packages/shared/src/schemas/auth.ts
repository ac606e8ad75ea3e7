import { z } from 'zod';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime(),
  username: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const adminTokenInfoSchema = z.object({
  valid: z.literal(true),
  username: z.string(),
  expiresAt: z.iso.datetime(),
});
export type AdminTokenInfo = z.infer<typeof adminTokenInfoSchema>;

export const ADMIN_PASSWORD_MIN_LENGTH = 8;

/** SPEC §5: current password and at least one of new username or new password. */
export const changePasswordRequestSchema = z
  .object({
    currentPassword: z.string().min(1).max(1024),
    newPassword: z
      .string()
      .max(1024)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    newUsername: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword === undefined && value.newUsername === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: 'Give a new username or a new password',
      });
    }
    if (value.newPassword !== undefined) {
      if (value.newPassword.length < ADMIN_PASSWORD_MIN_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          path: ['newPassword'],
          message: `The new password needs at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`,
        });
      }
      if (value.newPassword === value.currentPassword) {
        ctx.addIssue({
          code: 'custom',
          path: ['newPassword'],
          message: 'The new password must differ from the current one',
        });
      }
    }
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;
export type ChangePasswordInput = z.output<typeof changePasswordRequestSchema>;
