import { randomBase62 } from '../shared/crypto';
import { isUniqueViolation } from '../shared/db';

/** Generated slugs: 6 base62 characters (about 36 bits), one longer after each collision. */
export const GENERATED_SLUG_LENGTH = 6;
export const SLUG_ATTEMPTS = 5;

/** The slug to try on attempt `attempt` (0-based): the custom one, else a generated one. */
export const slugCandidate = (customSlug: string | undefined, attempt: number) =>
  customSlug ?? randomBase62(GENERATED_SLUG_LENGTH + attempt);

/**
 * Inserts a new share under a free slug: a custom slug that is taken fails at once with `taken()`;
 * a generated one is drawn again (longer) on a collision, up to `SLUG_ATTEMPTS` times.
 */
export async function insertWithSlug<Row extends { slug: string }>({
  row,
  customSlug,
  insert,
  taken,
}: {
  row: Omit<Row, 'slug'>;
  customSlug: string | undefined;
  insert: (row: Row) => Promise<void>;
  taken: () => Error;
}): Promise<Row> {
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const withSlug = { ...row, slug: slugCandidate(customSlug, attempt) } as Row;
    try {
      await insert(withSlug);
      return withSlug;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (customSlug) throw taken();
    }
  }
  throw taken();
}

/** Runs an update that may change a share's slug; a slug another share holds fails with `taken()`. */
export async function updateWithSlug<T>(update: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await update();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
