import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_MIN_LENGTH } from '@sharebin/shared';
import {
  keepPreviousData,
  type QueryKey,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import {
  type CollectionPage,
  collectionReducer,
  initialCollectionState,
  type PageRequest,
  pageCountOf,
  pageRequest,
  rangeOf,
  selectionSummary,
} from './collection-state';

const SEARCH_DEBOUNCE_MS = 350;

export interface CollectionOptions<T> {
  /** The list's own key; the page and search are added to it. */
  queryKey: QueryKey;
  /** Fetches one page (the request carries both page/limit and offset/limit). */
  fetchPage: (request: PageRequest) => Promise<CollectionPage<T>>;
  idOf: (item: T) => string;
  /** Rows per page; without it the whole collection is one page. */
  pageSize?: number;
  /** Keys refreshed after a mutation: the list's family and what it changes elsewhere. */
  invalidates: readonly QueryKey[];
  enabled?: boolean;
}

/** A search box's text, debounced; keywords shorter than SPEC §5's minimum are not sent. */
export function useSearchInput() {
  const [input, setInput] = useState('');
  const [debounced] = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const tooShort = debounced.length > 0 && debounced.length < SEARCH_MIN_LENGTH;
  return {
    input,
    setInput,
    clear: () => setInput(''),
    tooShort,
    search: debounced.length >= SEARCH_MIN_LENGTH ? debounced : undefined,
  };
}

export type SearchInput = ReturnType<typeof useSearchInput>;

/** A whole collection as one page, for lists the server answers unpaged. */
export const wholeList =
  <T>(list: () => Promise<readonly T[]>) =>
  async (): Promise<CollectionPage<T>> => {
    const items = await list();
    return { items, total: items.length };
  };

/**
 * A managed list: the query of the page on screen, paging, the selection of rows and the
 * refresh after a change. Pages, tables and batch actions of every management module use it.
 */
export function useCollection<T>(options: CollectionOptions<T>, search?: string) {
  const { queryKey, fetchPage, idOf, pageSize, invalidates, enabled = true } = options;
  const [state, dispatch] = useReducer(collectionReducer, initialCollectionState);
  // The page belongs to its search: a new search starts on its first page.
  useEffect(() => dispatch({ type: 'search', search }), [search]);
  const page = state.search === search ? state.page : 1;
  const size = pageSize ?? Number.MAX_SAFE_INTEGER;

  const query: UseQueryResult<CollectionPage<T>> = useQuery({
    queryKey: [...queryKey, 'list', { page, search, pageSize }],
    queryFn: () => fetchPage(pageRequest(page, size, search)),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
    enabled,
  });

  const items = query.data?.items;
  const ids = useMemo(() => (items ?? []).map(idOf), [items, idOf]);
  const total = query.data?.total ?? 0;
  useEffect(() => {
    if (query.data && !query.isPlaceholderData) {
      dispatch({ type: 'loaded', ids, total, pageSize: size });
    }
  }, [query.data, query.isPlaceholderData, ids, total, size]);

  const queryClient = useQueryClient();
  const invalidate = useCallback(
    () => Promise.all(invalidates.map((key) => queryClient.invalidateQueries({ queryKey: key }))),
    [queryClient, invalidates],
  );

  const summary = selectionSummary(state.selected, ids);
  return {
    query,
    items,
    total,
    page,
    pageSize: size,
    pageCount: pageCountOf(total, size),
    range: rangeOf(page, size, ids.length, total),
    setPage: (next: number) => dispatch({ type: 'page', page: next }),
    invalidate,
    selection: {
      ids: state.selected,
      ...summary,
      has: (id: string) => state.selected.has(id),
      toggle: (id: string, checked: boolean) => dispatch({ type: 'toggle', id, checked }),
      toggleAll: (checked: boolean) => dispatch({ type: 'toggleAll', ids, checked }),
      clear: () => dispatch({ type: 'clearSelection' }),
    },
  };
}

export type Collection<T> = ReturnType<typeof useCollection<T>>;
export type CollectionSelection = Collection<unknown>['selection'];
