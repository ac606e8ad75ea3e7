import { createFileRecords } from '../../modules/files/file-records';
import { createFilesHousekeeping } from '../../modules/files/files.housekeeping';
import { createFilesRepository } from '../../modules/files/files.repository';
import { createFilesUseCases } from '../../modules/files/files.usecases';
import { createLinksRepository } from '../../modules/links/links.repository';
import { createLinksUseCases } from '../../modules/links/links.usecases';
import { createPastesRepository } from '../../modules/pastes/pastes.repository';
import { createPastesUseCases } from '../../modules/pastes/pastes.usecases';
import { createLocalTransfers } from '../../modules/storage/signed/storage-local.usecases';
import { createShareUploads } from '../../modules/uploads/share-target/share-uploads.usecases';
import type { Accounts } from './accounts';
import type { Platform } from './platform';
import type { ServerDeps } from './server-deps';
import type { Storage } from './storage';

/** Pastes, shared files and short links: their records, uploads and clean-up. */
export function wireShares(
  deps: ServerDeps,
  { passwords, passwordGuard, accessTokens, tombstones, activity }: Platform,
  { maxUploadBytes }: Accounts,
  { storage, drivers, objectDeletions }: Storage,
) {
  const { db, clock } = deps;
  const filesRepository = createFilesRepository({ db });
  const pastesRepository = createPastesRepository({ db });
  const records = createFileRecords({
    repository: filesRepository,
    storage,
    tombstones,
    objectDeletions,
  });
  return {
    filesRepository,
    pastesRepository,
    pastes: createPastesUseCases({
      repository: pastesRepository,
      passwordGuard,
      accessTokens,
      tombstones,
      clock,
      maxContentBytes: deps.maxPasteBytes,
      activity,
    }),
    files: createFilesUseCases({
      repository: filesRepository,
      records,
      storage,
      drivers,
      passwordGuard,
      accessTokens,
      tombstones,
      clock,
      activity,
    }),
    uploads: createShareUploads({
      repository: filesRepository,
      passwords,
      records,
      storage,
      drivers,
      clock,
      maxUploadBytes,
      activity,
    }),
    links: createLinksUseCases({
      repository: createLinksRepository({ db }),
      passwords,
      passwordGuard,
      accessTokens,
      tombstones,
      clock,
      activity,
    }),
    filesHousekeeping: createFilesHousekeeping({
      repository: filesRepository,
      records,
      storage,
      drivers,
      clock,
    }),
    localTransfers: createLocalTransfers({
      drivers,
      clock,
      publicUrl: deps.publicUrl,
      noteUploadActivity: (configId, key) =>
        filesRepository.noteUploadActivity(
          { storage_config_id: configId, storage_path: key },
          clock.now(),
        ),
    }),
  };
}

export type Shares = ReturnType<typeof wireShares>;
