import { LIST_MAX_LIMIT } from '@sharebin/shared';

/** One page of a list as every list endpoint answers it. */
interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * Every item of a paged list, read at the largest page size until `total` is reached, for the
 * screens that show a small collection (API keys, mounts) whole.
 */
export async function everyItem<T>(
  fetchPage: (page: { limit: number; offset: number }) => Promise<ListPage<T>>,
): Promise<T[]> {
  const items: T[] = [];
  for (;;) {
    const page = await fetchPage({ limit: LIST_MAX_LIMIT, offset: items.length });
    items.push(...page.items);
    // An empty page ends it too: items deleted meanwhile must not make this loop forever.
    if (page.items.length === 0 || items.length >= page.total) return items;
  }
}
