import { useSearchParams } from 'react-router';

/**
 * A page's tab kept in the address (`?tab=…`), so a reload or a shared link opens the same
 * tab; the first of `tabs` is the default and leaves the query out. Switching replaces the
 * history entry and keeps the rest of the query.
 */
export function useQueryTab<T extends string>(tabs: readonly [T, ...T[]]) {
  const [params, setParams] = useSearchParams();
  const [first] = tabs;
  const asked = params.get('tab');
  const tab = tabs.find((candidate) => candidate === asked) ?? first;
  const setTab = (next: string | null) =>
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        const known = tabs.find((candidate) => candidate === next);
        if (known && known !== first) query.set('tab', known);
        else query.delete('tab');
        return query;
      },
      { replace: true },
    );
  return [tab, setTab] as const;
}
