import { FILE_PAGE_SIZE, type ShortLink, type ShortLinkCreateRequest } from '@sharebin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { useCollection } from '../management';
import { type LinkScope, type ShortLinkUpdateRequest, shortLinksApi } from './links.api';

/** Every query of the owner's short links starts with this key. */
const shortLinksQueryKey = ['links', 'owner'] as const;

/** The admin manages every short link, an API key with text permission its own. */
export function useLinkScope(): LinkScope {
  return useAuth().authType === 'admin' ? 'admin' : 'user';
}

/** Whose list it is: two sessions never share cached pages. */
function useSessionKey(): string {
  const auth = useAuth();
  return `${auth.authType}:${auth.apiKeyInfo?.id ?? ''}`;
}

function useRefreshShortLinks() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: shortLinksQueryKey });
}

const linkId = (link: ShortLink) => link.id;

/** The owner's short links as a managed collection, newest first. */
export function useShortLinkCollection(search: string | undefined, enabled = true) {
  const scope = useLinkScope();
  const session = useSessionKey();
  return useCollection<ShortLink>(
    {
      queryKey: [...shortLinksQueryKey, session],
      fetchPage: ({ offset, limit, search }) =>
        shortLinksApi.list(scope, { offset, limit, search }),
      idOf: linkId,
      pageSize: FILE_PAGE_SIZE,
      invalidates: [shortLinksQueryKey],
      enabled,
    },
    search,
  );
}

export function useCreateShortLink() {
  const refresh = useRefreshShortLinks();
  return useMutation({
    mutationFn: (body: ShortLinkCreateRequest) => shortLinksApi.create(body),
    onSuccess: refresh,
  });
}

export function useUpdateShortLink() {
  const scope = useLinkScope();
  const refresh = useRefreshShortLinks();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ShortLinkUpdateRequest }) =>
      shortLinksApi.update(scope, id, changes),
    onSuccess: refresh,
  });
}

export function useDeleteShortLink() {
  const scope = useLinkScope();
  const refresh = useRefreshShortLinks();
  return useMutation({
    mutationFn: (link: ShortLink) => shortLinksApi.remove(scope, link.id),
    onSuccess: refresh,
  });
}
