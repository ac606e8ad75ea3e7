import { describe, expect, it } from 'vitest';
import { GENERATED_SLUG_LENGTH, insertWithSlug, SLUG_ATTEMPTS, updateWithSlug } from './slugs';

const uniqueViolation = () => Object.assign(new Error('duplicate'), { code: '23505' });
const taken = () => new Error('taken');

/** An insert that collides on the slugs in `used`, recording every slug it was asked for. */
function fakeInsert(used: (slug: string) => boolean) {
  const tried: string[] = [];
  return {
    tried,
    insert: async (row: { slug: string }) => {
      tried.push(row.slug);
      if (used(row.slug)) throw uniqueViolation();
    },
  };
}

describe('insertWithSlug', () => {
  it('keeps a free custom slug', async () => {
    const { insert } = fakeInsert(() => false);
    const row = await insertWithSlug({ row: { id: 'a' }, customSlug: 'mine', insert, taken });
    expect(row).toEqual({ id: 'a', slug: 'mine' });
  });

  it('fails at once on a taken custom slug', async () => {
    const { insert, tried } = fakeInsert(() => true);
    await expect(
      insertWithSlug({ row: { id: 'a' }, customSlug: 'mine', insert, taken }),
    ).rejects.toThrow('taken');
    expect(tried).toEqual(['mine']);
  });

  it('draws a longer generated slug after a collision', async () => {
    const { insert, tried } = fakeInsert((slug) => slug.length === GENERATED_SLUG_LENGTH);
    const row = await insertWithSlug({ row: { id: 'a' }, customSlug: undefined, insert, taken });
    expect(tried.map((slug) => slug.length)).toEqual([
      GENERATED_SLUG_LENGTH,
      GENERATED_SLUG_LENGTH + 1,
    ]);
    expect(row.slug).toMatch(/^[0-9A-Za-z]+$/);
  });

  it('gives up after the last attempt', async () => {
    const { insert, tried } = fakeInsert(() => true);
    await expect(
      insertWithSlug({ row: { id: 'a' }, customSlug: undefined, insert, taken }),
    ).rejects.toThrow('taken');
    expect(tried).toHaveLength(SLUG_ATTEMPTS);
  });

  it('passes other failures through untouched', async () => {
    const failure = new Error('disk full');
    const insert = async () => {
      throw failure;
    };
    await expect(
      insertWithSlug({ row: { id: 'a' }, customSlug: undefined, insert, taken }),
    ).rejects.toBe(failure);
  });
});

describe('updateWithSlug', () => {
  it('turns a unique violation into the slug error, and nothing else', async () => {
    await expect(
      updateWithSlug(async () => {
        throw uniqueViolation();
      }, taken),
    ).rejects.toThrow('taken');
    const failure = new Error('gone');
    await expect(
      updateWithSlug(async () => {
        throw failure;
      }, taken),
    ).rejects.toBe(failure);
    await expect(updateWithSlug(async () => 7, taken)).resolves.toBe(7);
  });
});
