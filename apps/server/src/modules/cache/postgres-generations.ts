import { sql } from 'kysely';
import type { Clock } from '../shared/clock';
import type { Db } from '../shared/db';
import type { GenerationStore } from './cache-coordination';

/**
 * Generations in `cache_generations`, numbered by one sequence. A bump takes its numbers after
 * the write it follows has happened, so whoever reads a generation at least as high loads
 * after that write (a sequence hands numbers out in time order, committed or not).
 */
export function createPostgresGenerations({
  db,
  clock,
}: {
  db: Db;
  clock: Clock;
}): GenerationStore {
  return {
    async current(cache, scopes) {
      // Raw SQL with one array parameter: the same text for every key, no query builder.
      const { rows } = await sql<{ generation: number | null }>`
        select max(generation) as generation from cache_generations
        where cache = ${cache} and scope = any(${scopes}::text[])
      `.execute(db);
      return Number(rows[0]?.generation ?? 0);
    },
    async bump(cache, scopes) {
      await sql`
        insert into cache_generations (cache, scope, generation, updated_at)
        select ${cache}, scope, nextval('cache_generation_seq'), ${clock.now()}
        from unnest(${scopes}::text[]) as scope
        on conflict (cache, scope) do update
          set generation = greatest(cache_generations.generation, excluded.generation),
              updated_at = excluded.updated_at
      `.execute(db);
    },
    async prune(before) {
      const result = await db
        .deleteFrom('cache_generations')
        .where('updated_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
