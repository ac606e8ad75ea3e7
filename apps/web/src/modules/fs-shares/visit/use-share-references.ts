import type { PublicFsEntry } from '@sharebin/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { appPageUrl } from '../../../app/runtime-config';
import { type ReferenceResolver, referencePath } from '../../markdown';
import { parentOf, shareHref } from '../fs-share.paths';
import { fsShareVisitApi } from '../fs-shares.api';
import { visitKey } from './share-visit.hooks';

/**
 * Relative images and links of a Markdown file in a shared folder, resolved inside the share
 * (never above the shared folder): an image by the share's own content address, a link to a
 * folder by the share's page of it, a link to a file by opening it in the share's preview.
 * Null for a share with a download limit: each image read would use up one of its downloads.
 */
export function useShareReferences({
  slug,
  token,
  entry,
  limited,
  onOpenFile,
}: {
  slug: string;
  token: string | null;
  entry: PublicFsEntry | null;
  limited: boolean;
  onOpenFile: (entry: PublicFsEntry) => void;
}): ReferenceResolver | undefined {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const path = entry?.path ?? null;
  // The latest callback, without making a new resolver (and resolving again) on each render.
  const openFile = useRef(onOpenFile);
  useEffect(() => {
    openFile.current = onOpenFile;
  });

  return useMemo(() => {
    if (path === null || limited) return undefined;
    const resolver: ReferenceResolver = async (reference, use) => {
      const target = referencePath(path, reference);
      if (!target || target.path === '/') return null;
      // The listing of its folder (which counts no download) says what the path is.
      const folder = parentOf(target.path);
      const listing = await queryClient.fetchQuery({
        queryKey: [...visitKey(slug), 'list', folder, token],
        queryFn: ({ signal }) => fsShareVisitApi.list(slug, folder, token, signal),
        staleTime: 60_000,
        retry: false,
      });
      const found = listing.items.find((item) => item.path === target.path);
      if (!found) return null;
      if (use === 'image') {
        return found.is_directory
          ? null
          : { url: fsShareVisitApi.contentUrl(slug, { path: found.path, token }) };
      }
      if (found.is_directory) {
        const route = shareHref(slug, found.path);
        return { url: appPageUrl(route), open: () => navigate(route) };
      }
      // The address (for a new tab) is its folder's page: no access token in the link.
      return {
        url: appPageUrl(shareHref(slug, folder)),
        open: () => openFile.current(found),
      };
    };
    return resolver;
  }, [path, limited, slug, token, queryClient, navigate]);
}
