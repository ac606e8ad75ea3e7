import { LIST_MAX_LIMIT } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { everyItem } from './every-item';

/** A server's paged list over `all`, recording the pages asked for. */
function pagedList(all: number[]) {
  const asked: { limit: number; offset: number }[] = [];
  const fetchPage = async (page: { limit: number; offset: number }) => {
    asked.push(page);
    return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
  };
  return { asked, fetchPage };
}

describe('everyItem', () => {
  it('reads one page when the list fits in it', async () => {
    const list = pagedList([1, 2, 3]);
    expect(await everyItem(list.fetchPage)).toEqual([1, 2, 3]);
    expect(list.asked).toEqual([{ limit: LIST_MAX_LIMIT, offset: 0 }]);
  });

  it('reads page after page up to the total', async () => {
    const all = Array.from({ length: LIST_MAX_LIMIT * 2 + 5 }, (_, index) => index);
    const list = pagedList(all);
    expect(await everyItem(list.fetchPage)).toEqual(all);
    expect(list.asked.map((page) => page.offset)).toEqual([0, LIST_MAX_LIMIT, LIST_MAX_LIMIT * 2]);
  });

  it('stops at an empty page even when the total promised more', async () => {
    const fetchPage = async () => ({ items: [], total: 3 });
    expect(await everyItem(fetchPage)).toEqual([]);
  });
});
