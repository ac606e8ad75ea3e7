import { sql } from 'kysely';
import { sha256Hex } from '../shared/crypto';
import type { Db } from '../shared/db';
import { pathOrBelow } from '../shared/sql-search';
import type { PropertyName } from './dav-xml';

export interface DeadProperty extends PropertyName {
  /** The element's content as XML. */
  value: string;
}

/** One change of a PROPPATCH: set a value, or remove the property (null). */
export interface PropertyChange extends PropertyName {
  value: string | null;
}

/** What one resource may keep; past it a PROPPATCH stores nothing (RFC 4918 §9.2: 507). */
export interface DeadPropertyLimits {
  /** Properties on one resource. */
  count: number;
  /** Bytes of their names, namespaces and values together. */
  totalBytes: number;
}

/** Rolls a PROPPATCH back when the resource would keep more than its limits allow. */
class OverLimits extends Error {}

/** Moves `path` from below `from` to below `to`. */
const rebased = (path: string, from: string, to: string) => to + path.slice(from.length);

/**
 * Dead properties (RFC 4918 §4) by virtual path, in the database so that every instance and
 * every restart sees them. COPY, MOVE and DELETE carry them along with the resources.
 */
export function createDavPropertiesRepository({ db }: { db: Db }) {
  async function subtree(path: string) {
    return db.selectFrom('dav_properties').selectAll().where(pathOrBelow('path', path)).execute();
  }

  async function remove(path: string): Promise<void> {
    await db.deleteFrom('dav_properties').where(pathOrBelow('path', path)).execute();
  }

  /** The properties of `from` and below, copied to `to` (replacing what was there). */
  async function copy(from: string, to: string): Promise<void> {
    const rows = await subtree(from);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('dav_properties').where(pathOrBelow('path', to)).execute();
      for (const row of rows) {
        const path = rebased(row.path, from, to);
        await trx
          .insertInto('dav_properties')
          .values({ ...row, path, path_hash: sha256Hex(path) })
          .execute();
      }
    });
  }

  return {
    /** The namespaces of the dead properties of `path` and below: none, most often. */
    async namespacesAtOrBelow(path: string): Promise<string[]> {
      const rows = await db
        .selectFrom('dav_properties')
        .select('ns')
        .distinct()
        .where(pathOrBelow('path', path))
        .execute();
      return rows.map((row) => row.ns);
    },

    /** The dead properties of each of `paths` (a PROPFIND's page of entries), in one query. */
    async ofPaths(paths: string[]): Promise<Map<string, DeadProperty[]>> {
      const found = new Map<string, DeadProperty[]>();
      if (paths.length === 0) return found;
      const rows = await db
        .selectFrom('dav_properties')
        .select(['path', 'ns', 'name', 'value'])
        .where('path_hash', 'in', paths.map(sha256Hex))
        .orderBy('ns')
        .orderBy('name')
        .execute();
      for (const { path, ...property } of rows) {
        const list = found.get(path) ?? [];
        list.push(property);
        found.set(path, list);
      }
      return found;
    },

    /**
     * All changes in order, in one transaction: a PROPPATCH is all or nothing (§9.2). Answers
     * false, with nothing changed, when the resource would then keep more than `limits`.
     */
    async apply(
      path: string,
      changes: PropertyChange[],
      limits: DeadPropertyLimits,
    ): Promise<boolean> {
      const pathHash = sha256Hex(path);
      try {
        await db.transaction().execute(async (trx) => {
          for (const { ns, name, value } of changes) {
            await trx
              .deleteFrom('dav_properties')
              .where('path_hash', '=', pathHash)
              .where('ns', '=', ns)
              .where('name', '=', name)
              .execute();
            if (value !== null) {
              await trx
                .insertInto('dav_properties')
                .values({ path_hash: pathHash, path, ns, name, value })
                .execute();
            }
          }
          const kept = await trx
            .selectFrom('dav_properties')
            .select([
              sql<string | number>`count(*)`.as('count'),
              sql<
                string | number | null
              >`sum(octet_length(value) + octet_length(name) + octet_length(ns))`.as('bytes'),
            ])
            .where('path_hash', '=', pathHash)
            .executeTakeFirstOrThrow();
          if (Number(kept.count) > limits.count || Number(kept.bytes ?? 0) > limits.totalBytes) {
            throw new OverLimits();
          }
        });
        return true;
      } catch (error) {
        if (error instanceof OverLimits) return false;
        throw error;
      }
    },

    copy,
    remove,

    async move(from: string, to: string): Promise<void> {
      await copy(from, to);
      await remove(from);
    },
  };
}

export type DavPropertiesRepository = ReturnType<typeof createDavPropertiesRepository>;
