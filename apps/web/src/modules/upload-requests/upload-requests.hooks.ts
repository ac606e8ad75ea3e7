import {
  FILE_PAGE_SIZE,
  type UploadArrivalList,
  type UploadRequest,
  type UploadRequestCreateRequest,
  type UploadRequestUpdateRequest,
} from '@sharebin/shared';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useAuth } from '../auth';
import { useCollection } from '../management';
import { uploadRequestsApi } from './upload-requests.api';

/** Every query of the owner's requests and their arrivals starts with this key. */
const ownerKey = ['upload-requests', 'owner'] as const;

/** Whose requests: the admin sees all, a key its own; two sessions never share cached lists. */
function useSessionKey(): string {
  const auth = useAuth();
  return `${auth.authType}:${auth.apiKeyInfo?.id ?? ''}`;
}

const refresh = (client: QueryClient) => client.invalidateQueries({ queryKey: ownerKey });

const requestId = (request: UploadRequest) => request.id;

/** The owner's upload requests as a managed collection, newest first. */
export function useUploadRequestCollection(search: string | undefined, enabled = true) {
  const session = useSessionKey();
  return useCollection<UploadRequest>(
    {
      queryKey: [...ownerKey, session],
      fetchPage: ({ offset, limit, search }) => uploadRequestsApi.list({ offset, limit, search }),
      idOf: requestId,
      pageSize: FILE_PAGE_SIZE,
      invalidates: [ownerKey],
      enabled,
    },
    search,
  );
}

export function useCreateUploadRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UploadRequestCreateRequest) => uploadRequestsApi.create(body),
    onSuccess: () => refresh(client),
  });
}

export function useUpdateUploadRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UploadRequestUpdateRequest }) =>
      uploadRequestsApi.update(id, changes),
    onSuccess: () => refresh(client),
  });
}

export function useDeleteUploadRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: UploadRequest) => uploadRequestsApi.remove(request.id),
    onSuccess: () => refresh(client),
  });
}

/** Arrivals shown at a time in a request's own view; "Show more" asks for the next ones. */
const ARRIVALS_PAGE = 20;

const nextOffset = (last: UploadArrivalList, pages: UploadArrivalList[]) => {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded < last.total ? loaded : undefined;
};

/** What arrived through one request, newest first, a page at a time. */
export function useRequestArrivals(id: string | null) {
  const session = useSessionKey();
  return useInfiniteQuery({
    queryKey: [...ownerKey, session, 'arrivals', id],
    queryFn: ({ pageParam }) =>
      uploadRequestsApi.arrivals(id ?? '', { limit: ARRIVALS_PAGE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled: id !== null,
  });
}

/** The last few files that arrived through any of the caller's requests. */
export function useRecentArrivals(limit: number, enabled: boolean) {
  const session = useSessionKey();
  return useQuery({
    queryKey: [...ownerKey, session, 'recent', limit],
    queryFn: () => uploadRequestsApi.recentArrivals({ limit, offset: 0 }),
    enabled,
  });
}
