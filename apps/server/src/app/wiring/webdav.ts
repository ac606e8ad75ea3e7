import { createChecksumLookup } from '../../modules/fs/checksums/fs-checksum-lookup.usecases';
import { createFsCopyNowUseCases } from '../../modules/fs/transfers/fs-copy-now.usecases';
import { localStorageRoot } from '../../modules/storage/storage.drivers';
import { createDavApp, DAV_PROPFIND_MAX_ENTRIES_DEFAULT } from '../../modules/webdav/dav.app';
import { createDavAuthenticator } from '../../modules/webdav/dav-auth';
import { createDavLocks } from '../../modules/webdav/dav-locks';
import type { DavPaths } from '../../modules/webdav/dav-paths';
import { createDavQuota } from '../../modules/webdav/dav-quota';
import { createDavWrites } from '../../modules/webdav/dav-write';
import type { Accounts } from './accounts';
import type { FileSystem } from './file-system';
import type { Platform } from './platform';
import type { ServerDeps } from './server-deps';
import type { Storage } from './storage';

/** The WebDAV server over the mounted file system, at `paths` (under PUBLIC_URL's path). */
export function wireWebDav(
  deps: ServerDeps,
  { activity }: Platform,
  { auth, apiKeys, settings }: Accounts,
  { storage, drivers, mountResolver }: Storage,
  fs: FileSystem,
  paths: DavPaths,
) {
  const { clock } = deps;
  return createDavApp({
    properties: fs.davProperties,
    locks: createDavLocks({
      repository: fs.davLocks,
      read: fs.read,
      write: fs.write,
      clock,
      paths,
    }),
    authenticate: createDavAuthenticator({
      verifyAdmin: auth.verifyCredentials,
      verifyApiKey: apiKeys.authenticate,
      clock,
    }),
    read: fs.read,
    quota: createDavQuota({
      storageAt: async (at) => {
        const found = await mountResolver.resolve(at);
        return found.kind === 'mount' ? found.mount.storage_config_id : null;
      },
      configOf: (id) => storage.get(id),
      localFolderOf: async (id) =>
        localStorageRoot((await drivers.resolve(id)).config, deps.dataDir),
    }),
    checksums: createChecksumLookup({
      locator: fs.locator,
      checksums: fs.checksums,
      indexed: fs.changes.drain,
    }),
    writes: createDavWrites({
      read: fs.read,
      write: fs.write,
      copyNow: createFsCopyNowUseCases({
        locator: fs.locator,
        quota: fs.quota,
        onChange: fs.onChange,
      }),
      properties: fs.davProperties,
      uploadRules: settings.webdavUploadRules,
      paths,
    }),
    maxInfinityEntries: deps.davPropfindMaxEntries ?? DAV_PROPFIND_MAX_ENTRIES_DEFAULT,
    activity,
    paths,
  });
}
