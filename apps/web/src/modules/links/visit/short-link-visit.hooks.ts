import { ERROR_CODES, type PublicShortLink } from '@sharebin/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../app/api-client';
import { shortLinkVisitApi } from '../links.api';

/** Leaves for the link's address; the page is replaced, so Back skips the short link. */
function leaveFor(answer: PublicShortLink): void {
  if (answer.url) window.location.replace(answer.url);
}

/**
 * A visitor at /l/{slug}, which the server shows only when it did not send them on: what the
 * link needs (counting nothing), then the one call that counts the visit and answers the
 * address, with the password (`unlock`) or without (`follow`, a link that needs none by now).
 * Never back to /l/{slug}: the page would come again (the app's cache answers that address
 * too), and again.
 */
export function useShortLinkVisit(slug: string) {
  const info = useQuery({
    queryKey: ['links', 'visit', slug],
    queryFn: () => shortLinkVisitApi.info(slug),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const unlock = useMutation({
    mutationFn: (password: string) => shortLinkVisitApi.follow(slug, password),
    onSuccess: leaveFor,
  });
  const follow = useMutation({
    mutationFn: () => shortLinkVisitApi.follow(slug, ''),
    onSuccess: leaveFor,
    // It was given a password meanwhile: ask again, the prompt follows.
    onError: (error) => {
      if (isApiError(error) && error.code === ERROR_CODES.linkWrongPassword) void info.refetch();
    },
  });
  /** Where the visitor is being sent, once a call answered it. */
  const target = unlock.data?.url ?? follow.data?.url ?? null;
  return { info, unlock, follow, target };
}
