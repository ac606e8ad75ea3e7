import type { FsEntry } from '@sharebin/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { appPageUrl } from '../../app/runtime-config';
import { resolveBackendUrl } from '../../shared/backend';
import { type ReferenceResolver, referencePath } from '../markdown';
import { FS_QUERY_ROOT } from './explorer.hooks';
import { explorerHref, parentPath } from './explorer.paths';
import { fsApi } from './fs.api';

/** How long an entry looked up for a reference is trusted (a preview is read, then closed). */
const LOOKUP_STALE_MS = 60_000;
/** As the preview's own links: they last an hour and are fetched again well before. */
const LINK_STALE_MS = 20 * 60_000;

/**
 * Relative images and links of a Markdown file in the explorer, resolved against its folder and
 * only inside its own mount (a path that leaves it stays as written). An image loads through a
 * time-limited file link fetched with the session's credentials; a link opens the file in the
 * explorer's preview, or the folder, without leaving the app.
 */
export function useMountReferences(entry: FsEntry | null): ReferenceResolver | undefined {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const path = entry?.path ?? null;
  const mountId = entry?.mount_id ?? null;

  return useMemo(() => {
    if (path === null || mountId === null) return undefined;
    const resolver: ReferenceResolver = async (reference, use) => {
      const target = referencePath(path, reference);
      if (!target) return null;
      const found = await queryClient
        .fetchQuery({
          queryKey: [FS_QUERY_ROOT, 'reference', target.path],
          queryFn: () => fsApi.get(target.path),
          staleTime: LOOKUP_STALE_MS,
          retry: false,
        })
        .catch(() => null);
      if (!found || found.mount_id !== mountId || found.is_virtual) return null;
      if (use === 'image') {
        if (found.is_directory) return null;
        const link = await queryClient.fetchQuery({
          // The key of the preview's own inline link (useFileLink): one link per file.
          queryKey: [FS_QUERY_ROOT, 'file-link', found.path, false],
          queryFn: () => fsApi.fileLink(found.path, false),
          staleTime: LINK_STALE_MS,
          retry: false,
        });
        return { url: resolveBackendUrl(link.url) };
      }
      const route = found.is_directory
        ? explorerHref(found.path)
        : explorerHref(parentPath(found.path), found.name);
      return { url: appPageUrl(route), open: () => navigate(route) };
    };
    return resolver;
  }, [path, mountId, queryClient, navigate]);
}
