import { z } from 'zod';
import { RESERVED_SLUGS, SLUG_MAX_LENGTH, SLUG_PATTERN } from '../constants';

const reserved = new Set<string>(RESERVED_SLUGS);

/** SPEC §5: letters, digits, hyphen, underscore; at most 50; not reserved. */
export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(SLUG_MAX_LENGTH, `At most ${SLUG_MAX_LENGTH} characters`)
  .regex(SLUG_PATTERN, 'Letters, digits, hyphen and underscore only')
  .refine((slug) => !reserved.has(slug.toLowerCase()), 'This link suffix is reserved');

/** A slug in a URL path: checked for shape only, so that an unknown one answers 404. */
export const slugParamSchema = z.object({
  slug: z.string().min(1).max(SLUG_MAX_LENGTH).regex(SLUG_PATTERN),
});
