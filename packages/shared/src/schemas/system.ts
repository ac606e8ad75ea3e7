import { z } from 'zod';

/** Liveness: the process answers. No outside call is made (readiness checks those). */
export const healthSchema = z.object({ status: z.literal('ok') });

/** One dependency of readiness: whether it answered, and if not, why. */
export const readinessCheckSchema = z.object({
  status: z.enum(['ok', 'failed']),
  /** How long the check took, in milliseconds. */
  ms: z.number(),
  /** Why it failed (the error's code and message). */
  error: z.string().optional(),
});

/**
 * Readiness: the database answers and so does every configured storage. Answered with 200 when
 * all are ok; otherwise 503 `system.not_ready` with this same report as `details`.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: readinessCheckSchema,
  storages: z.array(
    readinessCheckSchema.extend({
      id: z.string(),
      name: z.string(),
      storage_type: z.enum(['s3', 'local']),
    }),
  ),
});
export type Readiness = z.infer<typeof readinessSchema>;
export const versionSchema = z.object({ name: z.string(), version: z.string() });

/** Every error answer of the API. */
export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  error: z.string(),
  details: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export const successEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.union([z.literal(200), z.literal(201)]), message: z.string(), data });
