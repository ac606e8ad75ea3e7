import { useQuery } from '@tanstack/react-query';
import { FS_QUERY_ROOT } from './explorer.hooks';
import { fsApi } from './fs.api';

/** A time-limited address of the file: to show it inline, or to save it. */
export function useFileLink(path: string | null, forceDownload: boolean) {
  return useQuery({
    queryKey: [FS_QUERY_ROOT, 'file-link', path, forceDownload],
    queryFn: () => fsApi.fileLink(path ?? '/', forceDownload),
    enabled: path !== null,
    // Links last an hour; fetched again well before they expire.
    staleTime: 20 * 60_000,
    retry: false,
  });
}
