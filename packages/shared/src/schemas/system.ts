import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
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
