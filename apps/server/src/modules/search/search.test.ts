import { ERROR_CODES, SEARCH_MAX_LIMIT, SEARCH_TOTAL_CAP } from '@sharebin/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../app/errors';
import { createTestClock, createTestDatabase, ENGINES } from '../../test/harness';
import type { IndexEntry, VisibleScope } from './search.models';
import { createSearchRepository } from './search.repository';
import { createSearchUseCases, type SearchUseCases } from './search.usecases';

const file = (path: string, size = 1): IndexEntry => ({
  path,
  isDirectory: false,
  size,
  modifiedAt: Date.parse('2026-05-01T00:00:00Z'),
});

const everything = (mountId: string): VisibleScope => ({ mountId, pathPrefix: '/' });

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as AppError | null;
  if (!error) throw new Error('expected a rejection');
  return error.code;
}

describe.each(ENGINES)('search index on %s', (engine) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let search: SearchUseCases;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    search = createSearchUseCases({
      repository: createSearchRepository(database),
      clock: createTestClock(),
    });
  });
  afterEach(() => database.drop());

  /** Paths of a search (`mount:path`), in the order answered. */
  const found = async (q: string, scopes: VisibleScope[], limit = 50, offset = 0) => {
    const { hits, total } = await search.search({ q, scopes, limit, offset });
    return { paths: hits.map((hit) => `${hit.mountId}:${hit.path}`), total };
  };

  const indexRows = async () =>
    (
      await database.db
        .selectFrom('search_entries')
        .select(['mount_id', 'generation', 'path'])
        .orderBy('mount_id')
        .orderBy('path')
        .execute()
    ).map((row) => `${row.mount_id}:${row.path}`);

  describe('scopes and the visible part of the tree', () => {
    beforeEach(async () => {
      await search.upsert('m1', [
        file('/docs/report.txt'),
        file('/docs/deep/report-2.txt'),
        file('/docs2/report.txt'),
        file('/report.txt'),
      ]);
      await search.upsert('m2', [file('/docs/report.txt')]);
    });

    it('global: every mount passed as a scope', async () => {
      const result = await found('report', [everything('m1'), everything('m2')]);
      expect(result.total).toBe(5);
      expect(result.paths).toHaveLength(5);
      expect(result.paths).toContain('m2:/docs/report.txt');
    });

    it('mount: one mount only', async () => {
      const result = await found('report', [everything('m2')]);
      expect(result).toEqual({ paths: ['m2:/docs/report.txt'], total: 1 });
    });

    it('directory: the folder and below, never a sibling that shares its prefix', async () => {
      const result = await found('report', [{ mountId: 'm1', pathPrefix: '/docs' }]);
      expect(result.paths.sort()).toEqual(['m1:/docs/deep/report-2.txt', 'm1:/docs/report.txt']);
      expect(result.total).toBe(2);
      // The folder itself is inside its own scope.
      expect((await found('docs', [{ mountId: 'm1', pathPrefix: '/docs' }])).paths).toEqual([
        'm1:/docs',
      ]);
    });

    it('totals count only what the scopes show, on every page', async () => {
      const scopes = [{ mountId: 'm1', pathPrefix: '/docs/deep/' }];
      expect(await found('rep', scopes)).toEqual({
        paths: ['m1:/docs/deep/report-2.txt'],
        total: 1,
      });
      expect(await found('rep', scopes, 10, 5)).toEqual({ paths: [], total: 1 });
    });

    it('scopes compare paths case-sensitively, as storages do', async () => {
      expect(await found('report', [{ mountId: 'm1', pathPrefix: '/DOCS' }])).toEqual({
        paths: [],
        total: 0,
      });
    });

    it('no scope shows nothing', async () => {
      expect(await found('report', [])).toEqual({ paths: [], total: 0 });
    });
  });

  describe('matching and ranking', () => {
    it('ranks the exact name, then prefixes, then substrings, shorter names first', async () => {
      await search.upsert('m', [
        file('/x/my-notes.md'),
        file('/notes-long-name.md'),
        file('/Notes'),
        file('/notes.md'),
        file('/a/old notes.txt'),
      ]);
      const result = await found('notes', [everything('m')]);
      expect(result.paths).toEqual([
        'm:/Notes',
        'm:/notes.md',
        'm:/notes-long-name.md',
        'm:/x/my-notes.md',
        'm:/a/old notes.txt',
      ]);
    });

    it('is case-insensitive, for Latin and other scripts alike', async () => {
      await search.upsert('m', [file('/README.md'), file('/Ärger-ÜBER.txt')]);
      expect((await found('readme', [everything('m')])).paths).toEqual(['m:/README.md']);
      expect((await found('rEaD', [everything('m')])).paths).toEqual(['m:/README.md']);
      expect((await found('ärger-über', [everything('m')])).paths).toEqual(['m:/Ärger-ÜBER.txt']);
    });

    it('answers two-character queries (no trigram to use), in Latin, Chinese and emoji', async () => {
      await search.upsert('m', [
        file('/ab.txt'),
        file('/xaby'),
        file('/报告.docx'),
        file('/🎉p.png'),
      ]);
      expect((await found('AB', [everything('m')])).paths).toEqual(['m:/ab.txt', 'm:/xaby']);
      expect((await found('报告', [everything('m')])).paths).toEqual(['m:/报告.docx']);
      expect((await found('🎉p', [everything('m')])).paths).toEqual(['m:/🎉p.png']);
    });

    it('takes %, _, quotes, *, NEAR, AND, Chinese and emoji literally', async () => {
      const names = [
        '50% off.txt',
        '500 off.txt',
        'a_b.txt',
        'axb.txt',
        'say "hi".txt',
        "it's mine.txt",
        'star*.txt',
        'stars.txt',
        'NEAR AND OR.txt',
        'and near them.txt',
        '季度报告 2024.docx',
        'party 🎉🎂.png',
        '100%25 done.txt',
        'col:umn^x.txt',
      ];
      await search.upsert(
        'm',
        names.map((name) => file(`/${name}`)),
      );
      const only = async (q: string) => (await found(q, [everything('m')])).paths;
      expect(await only('0% o')).toEqual(['m:/50% off.txt']);
      expect(await only('0%')).toEqual(['m:/50% off.txt', 'm:/100%25 done.txt']);
      expect(await only('a_b')).toEqual(['m:/a_b.txt']);
      expect(await only('"hi"')).toEqual(['m:/say "hi".txt']);
      expect(await only('y "')).toEqual(['m:/say "hi".txt']);
      expect(await only("it's")).toEqual(["m:/it's mine.txt"]);
      expect(await only('r*.')).toEqual(['m:/star*.txt']);
      expect(await only('NEAR AND')).toEqual(['m:/NEAR AND OR.txt']);
      expect(await only('AND OR')).toEqual(['m:/NEAR AND OR.txt']);
      expect(await only('报告 2024')).toEqual(['m:/季度报告 2024.docx']);
      expect(await only('🎉🎂')).toEqual(['m:/party 🎉🎂.png']);
      expect(await only('%25')).toEqual(['m:/100%25 done.txt']);
      expect(await only('col:umn^')).toEqual(['m:/col:umn^x.txt']);
    });

    it('pages with limit and offset over a stable order', async () => {
      await search.upsert(
        'm',
        Array.from({ length: 7 }, (_, i) => file(`/page-${i}.txt`)),
      );
      const first = await found('page', [everything('m')], 3, 0);
      const second = await found('page', [everything('m')], 3, 3);
      const last = await found('page', [everything('m')], 3, 6);
      expect(first.total).toBe(7);
      expect(second.total).toBe(7);
      expect([...first.paths, ...second.paths, ...last.paths]).toEqual(
        Array.from({ length: 7 }, (_, i) => `m:/page-${i}.txt`),
      );
    });

    it('pages that start in one tier and end in the next take the right slice of each', async () => {
      // Exact, two prefixes, three substrings: every page of 2 at every offset.
      const names = ['tier', 'tier-a', 'tier-bb', 'x-tier', 'xx-tier', 'xxx-tier'];
      await search.upsert(
        'm',
        [...names].reverse().map((name) => file(`/${name}`)),
      );
      for (let offset = 0; offset < names.length; offset++) {
        const page = await found('tier', [everything('m')], 2, offset);
        expect(page.paths).toEqual(names.slice(offset, offset + 2).map((name) => `m:/${name}`));
        expect(page.total).toBe(names.length);
      }
    });

    it('counts totals exactly up to the cap, then says that more match', async () => {
      const count = SEARCH_TOTAL_CAP + 5;
      await search.upsert(
        'm',
        Array.from({ length: count }, (_, i) => file(`/many/cap-${String(i).padStart(4, '0')}`)),
      );
      const ask = (limit: number, offset: number) =>
        search.search({ q: 'cap-', scopes: [everything('m')], limit, offset });
      const first = await ask(10, 0);
      expect(first).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
      expect(first.hits.map((hit) => hit.name)).toEqual(
        Array.from({ length: 10 }, (_, i) => `cap-${String(i).padStart(4, '0')}`),
      );
      // A full page beyond the cap: the total is never less than what the pages showed.
      expect(await ask(10, SEARCH_TOTAL_CAP - 5)).toMatchObject({
        total: SEARCH_TOTAL_CAP + 5,
        totalCapped: false,
      });
      expect(await ask(2, SEARCH_TOTAL_CAP)).toMatchObject({
        total: SEARCH_TOTAL_CAP + 2,
        totalCapped: true,
      });
      // The last page ends the list: the total is exact again.
      const last = await ask(10, SEARCH_TOTAL_CAP);
      expect(last).toMatchObject({ total: count, totalCapped: false });
      expect(last.hits).toHaveLength(5);
      // Exactly at the cap nothing is capped.
      for (let i = count - 1; i >= SEARCH_TOTAL_CAP; i--) {
        await search.remove('m', `/many/cap-${String(i).padStart(4, '0')}`);
      }
      expect(await ask(10, 0)).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: false });
    });

    it('ranks tiers with more matches than the cap by walking them in order, a page at a time', async () => {
      // Exact, then two prefixes, then more substring matches than the cap (read by the walk).
      const many = Array.from({ length: SEARCH_TOTAL_CAP + 5 }, (_, i) =>
        file(`/many/x-cap-${String(i).padStart(4, '0')}`),
      );
      await search.upsert('m', [...many, file('/cap-long-name'), file('/cap-b'), file('/CAP-')]);
      const ask = (q: string, limit: number, offset: number) =>
        search.search({ q, scopes: [everything('m')], limit, offset });
      const first = await ask('cap-', 5, 0);
      expect(first.hits.map((hit) => hit.name)).toEqual([
        'CAP-',
        'cap-b',
        'cap-long-name',
        'x-cap-0000',
        'x-cap-0001',
      ]);
      expect(first).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
      // A page inside the walked tier; two characters take the same path.
      for (const q of ['cap-', 'ca']) {
        const inside = await ask(q, 3, 500);
        expect(inside.hits.map((hit) => hit.name)).toEqual([
          'x-cap-0497',
          'x-cap-0498',
          'x-cap-0499',
        ]);
      }
      // The page ends in the first tiers: later tiers are counted, never listed.
      const top = await ask('cap-', 2, 0);
      expect(top.hits.map((hit) => hit.name)).toEqual(['CAP-', 'cap-b']);
      expect(top).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    });

    it('answers the item details', async () => {
      await search.upsert('m', [file('/a/report.pdf', 1234)]);
      const { hits } = await search.search({
        q: 're',
        scopes: [everything('m')],
        limit: 5,
        offset: 0,
      });
      expect(hits).toEqual([
        {
          mountId: 'm',
          path: '/a/report.pdf',
          name: 'report.pdf',
          isDirectory: false,
          size: 1234,
          modifiedAt: Date.parse('2026-05-01T00:00:00Z'),
        },
      ]);
    });
  });

  describe('bad input', () => {
    it('refuses queries too short or too long, bad pages and bad scopes, by code', async () => {
      const scopes = [everything('m')];
      const ask = (q: string, limit = 10, offset = 0, s = scopes) =>
        codeOf(search.search({ q, scopes: s, limit, offset }));
      expect(await ask('a')).toBe(ERROR_CODES.searchQueryTooShort);
      expect(await ask('  a  ')).toBe(ERROR_CODES.searchQueryTooShort);
      expect(await ask('🎉')).toBe(ERROR_CODES.searchQueryTooShort);
      expect(await ask('x'.repeat(256))).toBe(ERROR_CODES.searchQueryTooLong);
      expect(await ask('ab', 0)).toBe(ERROR_CODES.searchInvalidPaging);
      expect(await ask('ab', SEARCH_MAX_LIMIT + 1)).toBe(ERROR_CODES.searchInvalidPaging);
      expect(await ask('ab', 1.5)).toBe(ERROR_CODES.searchInvalidPaging);
      expect(await ask('ab', 10, -1)).toBe(ERROR_CODES.searchInvalidPaging);
      expect(await ask('ab', 10, 0, [{ mountId: 'm', pathPrefix: '/a/../b' }])).toBe(
        ERROR_CODES.searchInvalidScope,
      );
      expect(await ask('ab', 10, 0, [{ mountId: '', pathPrefix: '/' }])).toBe(
        ERROR_CODES.searchInvalidScope,
      );
    });

    it('refuses paths that cannot name an entry, and writes nothing', async () => {
      await search.upsert('m', [file('/keep.txt')]);
      const before = await indexRows();
      expect(await codeOf(search.upsert('m', [file('/new.txt'), file('/')]))).toBe(
        ERROR_CODES.pathInvalid,
      );
      expect(await codeOf(search.upsert('m', [file('/a/../../x')]))).toBe(ERROR_CODES.pathInvalid);
      expect(await codeOf(search.upsert('', [file('/x')]))).toBe(ERROR_CODES.searchInvalidScope);
      expect(
        await codeOf(
          search.replaceFolder('m', '/', [
            { name: 'fine.txt', isDirectory: false, size: 1, modifiedAt: null },
            { name: 'a/b', isDirectory: false, size: 1, modifiedAt: null },
          ]),
        ),
      ).toBe(ERROR_CODES.pathInvalid);
      expect(await codeOf(search.move('m', '/keep.txt', '/keep.txt/inside'))).toBe(
        ERROR_CODES.searchInvalidScope,
      );
      expect(await codeOf(search.remove('m', '/'))).toBe(ERROR_CODES.pathInvalid);
      expect(await indexRows()).toEqual(before);
    });
  });

  describe('writes', () => {
    it('upsert adds the folders a path needs and updates what it knows', async () => {
      await search.upsert('m', [file('/a/b/c.txt', 5)]);
      expect(await indexRows()).toEqual(['m:/a', 'm:/a/b', 'm:/a/b/c.txt']);
      await search.upsert('m', [file('/a/b/c.txt', 9)]);
      const { hits } = await search.search({
        q: 'c.t',
        scopes: [everything('m')],
        limit: 5,
        offset: 0,
      });
      expect(hits.map((hit) => hit.size)).toEqual([9]);
      expect(await indexRows()).toHaveLength(3);
    });

    it('remove forgets one path, or a subtree', async () => {
      await search.upsert('m', [file('/a/x.txt'), file('/a/sub/y.txt'), file('/ab.txt')]);
      await search.remove('m', '/a/x.txt');
      expect(await indexRows()).toEqual(['m:/a', 'm:/a/sub', 'm:/a/sub/y.txt', 'm:/ab.txt']);
      await search.remove('m', '/a', { subtree: true });
      expect(await indexRows()).toEqual(['m:/ab.txt']);
    });

    it('move renames a subtree and replaces what the target held', async () => {
      await search.upsert('m', [
        file('/old/one.txt'),
        file('/old/deep/two.txt'),
        file('/new/stale.txt'),
        file('/older.txt'),
      ]);
      await search.move('m', '/old', '/moved/new');
      expect(await indexRows()).toEqual([
        'm:/moved',
        'm:/moved/new',
        'm:/moved/new/deep',
        'm:/moved/new/deep/two.txt',
        'm:/moved/new/one.txt',
        'm:/new',
        'm:/new/stale.txt',
        'm:/older.txt',
      ]);
      expect((await found('old', [everything('m')])).paths).toEqual(['m:/older.txt']);
      const moved = await search.search({
        q: 'two',
        scopes: [everything('m')],
        limit: 5,
        offset: 0,
      });
      expect(moved.hits.map((hit) => [hit.path, hit.name])).toEqual([
        ['/moved/new/deep/two.txt', 'two.txt'],
      ]);
      // The renamed root is found by its new name, and lists under its new parent.
      expect((await found('new', [{ mountId: 'm', pathPrefix: '/moved' }])).paths).toEqual([
        'm:/moved/new',
      ]);
      await search.move('m', '/moved/new/one.txt', '/new/stale.txt');
      expect((await found('one', [everything('m')])).total).toBe(0);
      expect(await found('stale', [everything('m')])).toEqual({
        paths: ['m:/new/stale.txt'],
        total: 1,
      });
    });

    it('replaceFolder adds, updates and forgets children, with the subtrees of gone folders', async () => {
      await search.upsert('m', [
        file('/f/stays.txt', 1),
        file('/f/changes.txt', 1),
        file('/f/gone.txt'),
        file('/f/gone-dir/inner.txt'),
        file('/f/became-file/inner.txt'),
        file('/other/untouched.txt'),
      ]);
      await search.replaceFolder('m', '/f', [
        { name: 'stays.txt', isDirectory: false, size: 1, modifiedAt: null },
        { name: 'changes.txt', isDirectory: false, size: 2, modifiedAt: null },
        { name: 'became-file', isDirectory: false, size: 3, modifiedAt: null },
        { name: 'fresh', isDirectory: true, size: null, modifiedAt: null },
      ]);
      expect(await indexRows()).toEqual([
        'm:/f',
        'm:/f/became-file',
        'm:/f/changes.txt',
        'm:/f/fresh',
        'm:/f/stays.txt',
        'm:/other',
        'm:/other/untouched.txt',
      ]);
      const { hits } = await search.search({
        q: 'changes',
        scopes: [everything('m')],
        limit: 5,
        offset: 0,
      });
      expect(hits[0]?.size).toBe(2);
      // A listing of an empty folder leaves it known and empty.
      await search.replaceFolder('m', '/f', []);
      expect(await indexRows()).toEqual(['m:/f', 'm:/other', 'm:/other/untouched.txt']);
    });

    it('dropMount forgets the mount and nothing else', async () => {
      await search.upsert('m1', [file('/a.txt')]);
      await search.upsert('m2', [file('/a.txt')]);
      await search.dropMount('m1');
      expect(await indexRows()).toEqual(['m2:/a.txt']);
    });
  });

  describe('rebuild', () => {
    /** A listing that stops after `before` entries until `release` is called. */
    function pausedListing(entries: IndexEntry[], before: number) {
      let release!: () => void;
      let reached!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const paused = new Promise<void>((resolve) => {
        reached = resolve;
      });
      async function* listing() {
        for (const [index, entry] of entries.entries()) {
          if (index === before) {
            reached();
            await released;
          }
          yield entry;
        }
      }
      return { listing: listing(), paused, release };
    }

    const many = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => file(`/${prefix}/item-${i}.txt`));

    it('keeps the old entries searchable until the new set is complete, then swaps', async () => {
      await search.upsert('m', [file('/old/legacy.txt')]);
      const progress: number[] = [];
      const { listing, paused, release } = pausedListing(many('new', 2500), 2100);
      const running = search.rebuild('m', listing, { onProgress: (n) => progress.push(n) });
      await paused;
      expect(await found('legacy', [everything('m')])).toEqual({
        paths: ['m:/old/legacy.txt'],
        total: 1,
      });
      expect((await found('item', [everything('m')])).total).toBe(0);
      expect(await search.rebuildStatus('m')).toMatchObject({ rebuilding: true, entries: 2000 });
      // A write while the rebuild runs reaches the new set too.
      await search.upsert('m', [file('/written/during.txt')]);
      release();
      expect(await running).toEqual({ entries: 2500 });
      expect(progress).toEqual([1000, 2000, 2500]);
      expect((await found('legacy', [everything('m')])).total).toBe(0);
      // Past SEARCH_TOTAL_CAP the total is exact on the last page only.
      expect((await found('item', [everything('m')], 50, 2450)).total).toBe(2500);
      expect((await found('during', [everything('m')])).paths).toEqual(['m:/written/during.txt']);
      expect(await search.rebuildStatus('m')).toMatchObject({ rebuilding: false, entries: 2500 });
      // The old generation is gone from the table, not only hidden.
      expect(await indexRows()).toHaveLength(2500 + 3);
    });

    it('leaves the old index intact when the listing fails', async () => {
      await search.upsert('m', [file('/old/legacy.txt')]);
      const before = await indexRows();
      async function* failing() {
        yield* many('new', 1500);
        throw new Error('storage went away');
      }
      await expect(search.rebuild('m', failing())).rejects.toThrow('storage went away');
      expect(await found('legacy', [everything('m')])).toEqual({
        paths: ['m:/old/legacy.txt'],
        total: 1,
      });
      expect(await indexRows()).toEqual(before);
      expect(await search.rebuildStatus('m')).toMatchObject({ rebuilding: false });
    });

    it('a rebuild started later takes over one still running', async () => {
      const first = pausedListing(many('first', 1500), 1200);
      const running = search.rebuild('m', first.listing);
      await first.paused;
      await search.rebuild('m', many('second', 10));
      first.release();
      await expect(running).rejects.toThrow('took over');
      expect((await found('item', [everything('m')])).total).toBe(10);
      expect(await indexRows()).toHaveLength(11);
    });
  });
});
