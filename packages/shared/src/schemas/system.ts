import { z } from 'zod';

/** Liveness: the process answers. No outside call is made (readiness checks those). */
export const healthSchema = z.object({ status: z.literal('ok') });

/** Whether one dependency of readiness answered. */
export const readinessCheckSchema = z.enum(['ok', 'failed']);

/**
 * Readiness, as told to anyone (the probes are public): which kind of check failed, never which
 * storage or why (that goes to the server's log). Ready (200) when the database and the default
 * storage answer; `degraded` (still 200) when only other storages fail; otherwise 503
 * `system.not_ready` with this same report as `details`.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'degraded', 'not_ready']),
  database: readinessCheckSchema,
  storages: z.object({
    /** How many configured storages answered, and how many did not. */
    ok: z.number().int(),
    failed: z.number().int(),
    /** The storage new uploads go to; `none` when there is none (or no database to ask). */
    default: z.enum(['ok', 'failed', 'none']),
  }),
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
