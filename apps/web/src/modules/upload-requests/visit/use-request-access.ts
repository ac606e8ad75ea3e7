import type { PublicUploadRequest } from '@sharebin/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadRequestVisitApi } from '../upload-requests.api';

const infoKey = (slug: string, token: string | null) =>
  ['upload-requests', 'visit', slug, token] as const;

/**
 * A visitor's access to a request: what it accepts, its password check, and the token that
 * lets the files in. The look-up is taken once: what was sent since is counted by the page, and
 * a look-up again after the last file would only answer that the request is full.
 * The token lives as long as the page: a reload asks for the password again.
 */
export function useRequestAccess(slug: string) {
  const client = useQueryClient();
  const [token, setToken] = useState<string | null>(null);
  const info = useQuery({
    queryKey: infoKey(slug, token),
    queryFn: () => uploadRequestVisitApi.info(slug, token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const verify = useMutation({
    mutationFn: (password: string) => uploadRequestVisitApi.verify(slug, password),
    onSuccess: (answer: PublicUploadRequest) => {
      const next = answer.access_token ?? null;
      // The answer is what the request accepts: shown at once, not asked for again.
      client.setQueryData(infoKey(slug, next), answer);
      setToken(next);
    },
  });
  return { token, info, verify };
}
