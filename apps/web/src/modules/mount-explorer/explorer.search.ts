import {
  type FsSearchResponse,
  type FsSearchScope,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MIN_LENGTH,
} from '@sharebin/shared';

/** SPEC §5: a keyword of at least two characters (after trimming); null when it is fine. */
export function searchProblem(query: string): 'tooShort' | null {
  return [...query.trim()].length < SEARCH_MIN_LENGTH ? 'tooShort' : null;
}

export interface SearchRequest {
  q: string;
  scope: FsSearchScope;
  limit: number;
  offset: number;
  mount_id?: string;
  path?: string;
}

/**
 * The query of GET search (SPEC §7). "This mount" needs the mount the current folder lives in
 * and "this folder" the folder; where there is none (the virtual root) the search is global.
 */
export function searchRequest(input: {
  query: string;
  scope: FsSearchScope;
  folder: string;
  mountId: string | null;
  offset?: number;
}): SearchRequest {
  const base = {
    q: input.query.trim(),
    limit: SEARCH_DEFAULT_LIMIT,
    offset: input.offset ?? 0,
  };
  if (input.scope === 'mount' && input.mountId) {
    return { ...base, scope: 'mount', mount_id: input.mountId };
  }
  if (input.scope === 'directory' && input.mountId) {
    return { ...base, scope: 'directory', mount_id: input.mountId, path: input.folder };
  }
  return { ...base, scope: 'global' };
}

type SearchPage = Pick<FsSearchResponse, 'total' | 'total_capped'> & { items: readonly unknown[] };

/**
 * Where the next page of results starts, or undefined once every match is loaded. A capped
 * total is only a lower bound: more pages may follow it.
 */
export function nextSearchOffset(pages: SearchPage[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.items.length === 0) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return last.total_capped || loaded < last.total ? loaded : undefined;
}

/**
 * The number of results to show: the latest page's total, which counts furthest; `atLeast`
 * when it is a lower bound (shown as "1,000+").
 */
export function searchCount(pages: SearchPage[]): { count: number; atLeast: boolean } {
  const last = pages.at(-1);
  return { count: last?.total ?? 0, atLeast: last?.total_capped ?? false };
}
