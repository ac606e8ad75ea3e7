import { SEARCH_TOTAL_CAP } from '@sharebin/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DatabaseEngine, Db } from '../shared/db';
import type { SearchEntriesTable } from '../shared/db.schema';
import { likeEscaped } from '../shared/sql-search';
import { TRIGRAM_LENGTH } from './search.models';

/**
 * Cost follows the page, not the match count. Tiers (exact, prefix, rest) are counted up to a
 * bound; a small tier is sorted whole, a large one walks `search_entries_rank_idx` to the page's
 * end, which stays short since past the bound matches are at least 1 in `rows ÷ bound`.
 */

export type HitRow = Pick<
  SearchEntriesTable,
  'mount_id' | 'path' | 'name' | 'is_directory' | 'size' | 'modified_at'
>;

/** Characters as SQL `length` and `substr` count them (code points), not UTF-16 units. */
export const sqlLength = (text: string) => [...text].length;

/** The highest code point: names starting with `q` sort between `q` and `q` + this. */
const LAST_CHARACTER = '\u{10FFFF}';

interface Tier {
  /** Where the tier's matches come from when read whole: an index that finds only them. */
  from: RawBuilder<unknown>;
  /** The tier's test there (index condition and exact test). */
  indexed: RawBuilder<SqlBool>;
  /** The exact test alone, checked on each row of the rank index walk. */
  exact: RawBuilder<SqlBool>;
}

const ORDER = sql`order by length(e.name), e.name, e.mount_id, e.path`;
const COLUMNS = sql`e.mount_id, e.path, e.name, e.is_directory, e.size, e.modified_at`;

/** A quoted FTS5 string: `"`, `*`, NEAR, AND… inside it are text, not syntax. */
const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The three tiers of `folded` on SQLite; null for a tier that cannot match. */
async function sqliteTiers(db: Db, folded: string): Promise<(Tier | null)[]> {
  const length = sqlLength(folded);
  const head = sql`substr(e.name_folded, 1, cast(${length} as integer))`;
  const byName = sql`search_entries e indexed by search_entries_name_folded_idx`;
  const exact: Tier = {
    from: byName,
    indexed: sql<SqlBool>`e.name_folded = ${folded}`,
    exact: sql<SqlBool>`e.name_folded = ${folded}`,
  };
  const startsWith = sql<SqlBool>`${head} = ${folded} and e.name_folded <> ${folded}`;
  const prefix: Tier = {
    from: byName,
    indexed: sql<SqlBool>`e.name_folded > ${folded} and e.name_folded < ${folded + LAST_CHARACTER} and ${startsWith}`,
    exact: startsWith,
  };
  // Names are indexed with a trailing U+0001 (migration 0014), so any 2 chars start a trigram.
  let match: string | null = ftsString(folded);
  if (length < TRIGRAM_LENGTH) {
    const terms = await sql<{ term: string }>`select term from search_entries_fts_vocab
      where term >= ${folded} and term < ${folded + LAST_CHARACTER}`.execute(db);
    match =
      terms.rows.length === 0 ? null : terms.rows.map((row) => ftsString(row.term)).join(' OR ');
  }
  const contains = sql<SqlBool>`instr(e.name_folded, ${folded}) > 0 and ${head} <> ${folded}`;
  // CROSS JOIN makes SQLite start from the index's rows instead of scanning the table.
  const substring: Tier | null =
    match === null
      ? null
      : {
          from: sql`search_entries_fts f cross join search_entries e on e.id = f.rowid`,
          indexed: sql<SqlBool>`f.search_entries_fts match ${match} and ${contains}`,
          exact: contains,
        };
  return [exact, prefix, substring];
}

/** The three tiers of `folded` on PostgreSQL. */
function postgresTiers(folded: string): Tier[] {
  const length = sqlLength(folded);
  const head = sql`left(e.name_folded, ${length})`;
  const from = sql`search_entries e`;
  const equal = sql<SqlBool>`e.name_folded = ${folded}`;
  const startsWith = sql<SqlBool>`${head} = ${folded} and e.name_folded <> ${folded}`;
  const contains = sql<SqlBool>`strpos(e.name_folded, ${folded}) > 0 and ${head} <> ${folded}`;
  // `like 'q%'` uses search_entries_name_folded_idx (text_pattern_ops); `like '%q%'` the
  // pg_trgm index; two characters have no trigram, and use search_bigrams' index instead.
  const substringIndex =
    length < TRIGRAM_LENGTH
      ? sql<SqlBool>`search_bigrams(e.name_folded) @> array[${folded}::text]`
      : sql<SqlBool>`e.name_folded like ${`%${likeEscaped(folded)}%`} escape '\\'`;
  return [
    { from, indexed: equal, exact: equal },
    {
      from,
      indexed: sql<SqlBool>`e.name_folded like ${`${likeEscaped(folded)}%`} escape '\\' and ${startsWith}`,
      exact: startsWith,
    },
    { from, indexed: sql<SqlBool>`${substringIndex} and ${contains}`, exact: contains },
  ];
}

export interface RankedSearch {
  folded: string;
  /** Which rows may be seen (live generations, the caller's folders). */
  visible: RawBuilder<SqlBool>;
  limit: number;
  offset: number;
}

export async function rankedSearch(
  db: Db,
  engine: DatabaseEngine,
  { folded, visible, limit, offset }: RankedSearch,
) {
  const tiers = engine === 'sqlite' ? await sqliteTiers(db, folded) : postgresTiers(folded);
  const bound = Math.max(SEARCH_TOTAL_CAP, offset + limit);
  const pageEnd = offset + limit;
  const hits: HitRow[] = [];
  /** Matches of the tiers before the current one (each counted up to `bound + 1`). */
  let before = 0;
  for (const tier of tiers) {
    // The page is full and the total already past the bound: later tiers change neither.
    if (before > bound) break;
    if (!tier) continue;
    const skip = Math.max(0, offset - before);
    const take = pageEnd - Math.max(offset, before);
    const read =
      take > 0
        ? await readFew(db, tier, visible, bound + 1, take, skip)
        : { rows: [], matched: await boundedCount(db, tier, visible, bound + 1) };
    if (take > 0) {
      hits.push(
        ...(read.matched > bound
          ? await walkRankIndex(db, engine, tier, visible, take, skip)
          : read.rows),
      );
    }
    before += read.matched;
  }
  const totalCapped = before > bound;
  return { rows: hits, total: totalCapped ? bound : before, totalCapped };
}

async function boundedCount(
  db: Db,
  tier: Tier,
  visible: RawBuilder<SqlBool>,
  bound: number,
): Promise<number> {
  const result = await sql<{ total: number | string }>`select count(*) as total
    from (select 1 from ${tier.from} where ${tier.indexed} and ${visible}
      limit ${bound}) as bounded`.execute(db);
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * The slice is right only when the count stays below `bound`. A materialised CTE keeps
 * PostgreSQL from walking the rank index instead.
 */
async function readFew(
  db: Db,
  tier: Tier,
  visible: RawBuilder<SqlBool>,
  bound: number,
  take: number,
  skip: number,
) {
  const result = await sql<HitRow & { matched: number | string }>`with matches as materialized (
      select ${COLUMNS} from ${tier.from} where ${tier.indexed} and ${visible} limit ${bound})
    select e.*, (select count(*) from matches) as matched
    from matches e ${ORDER} limit ${take} offset ${skip}`.execute(db);
  const first = result.rows[0];
  // No row: nothing matched, or the page starts past the matches (then count them).
  const matched = first
    ? Number(first.matched)
    : skip === 0
      ? 0
      : await boundedCount(db, tier, visible, bound);
  return { rows: result.rows.map(({ matched: _, ...row }) => row), matched };
}

/**
 * PostgreSQL misestimates the name tests and would sort the table; the bounded count proved the
 * walk cheap, so the sort is ruled out for this statement.
 */
async function walkRankIndex(
  db: Db,
  engine: DatabaseEngine,
  tier: Tier,
  visible: RawBuilder<SqlBool>,
  take: number,
  skip: number,
) {
  const walk = (from: RawBuilder<unknown>) =>
    sql<HitRow>`select ${COLUMNS} from ${from}
      where ${tier.exact} and ${visible} ${ORDER} limit ${take} offset ${skip}`;
  if (engine === 'sqlite') {
    return (await walk(sql`search_entries e indexed by search_entries_rank_idx`).execute(db)).rows;
  }
  const walkWithoutSort = async (trx: Db) => {
    // `set local` of the three, in one round trip.
    await sql`select set_config('enable_sort', 'off', true),
      set_config('enable_seqscan', 'off', true),
      set_config('enable_bitmapscan', 'off', true)`.execute(trx);
    return (await walk(sql`search_entries e`).execute(trx)).rows;
  };
  // `set local` lasts until the transaction ends: one of its own, unless already inside one.
  return db.isTransaction ? walkWithoutSort(db) : db.transaction().execute(walkWithoutSort);
}
