import { createArrivals } from '../../modules/upload-requests/upload-request-arrivals';
import { createRequestMultipart } from '../../modules/upload-requests/upload-request-multipart.usecases';
import { createUploadRequestVisits } from '../../modules/upload-requests/upload-request-visits.usecases';
import { createUploadRequestsRoutes } from '../../modules/upload-requests/upload-requests.routes';
import { createUploadRequestsUseCases } from '../../modules/upload-requests/upload-requests.usecases';
import type { FsMultipart } from '../../modules/uploads/multipart/mount-multipart.usecases';
import type { Accounts } from './accounts';
import type { FileSystem } from './file-system';
import type { Platform } from './platform';
import type { ServerDeps } from './server-deps';

/** Upload requests: their owners' routes, and the ways visitors' files come in (form, parts). */
export function uploadRequestRoutes(
  { clock }: ServerDeps,
  { platform, accounts, fs }: { platform: Platform; accounts: Accounts; fs: FileSystem },
  multipart: FsMultipart,
) {
  const repository = fs.uploadRequestsRepository;
  const { maxUploadBytes } = accounts;
  const arrivals = createArrivals({
    repository,
    write: fs.write,
    apiKeyPrincipal: accounts.apiKeys.principalById,
    maxUploadBytes,
    clock,
  });
  const visits = createUploadRequestVisits({
    repository,
    arrivals,
    write: fs.write,
    maxUploadBytes,
    passwordGuard: platform.passwordGuard,
    accessTokens: platform.accessTokens,
    tombstones: platform.tombstones,
    clock,
    activity: platform.activity,
  });
  return createUploadRequestsRoutes({
    requests: createUploadRequestsUseCases({
      repository,
      read: fs.read,
      write: fs.write,
      passwords: platform.passwords,
      clock,
    }),
    visits,
    multipart: createRequestMultipart({ repository, arrivals, multipart, admit: visits.admit }),
  });
}
