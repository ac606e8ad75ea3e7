import type { Principal } from '@sharebin/shared';
import type { FsLocator } from '../fs-locator.usecases';
import { type ChecksumsRepository, ownCloudChecksums } from './fs-checksums.usecases';

/** An entry of a listing, as much of it as says which object it is. */
export interface ChecksumSubject {
  name: string;
  isDirectory: boolean;
  etag: string | null;
}

/**
 * The checksums of files in a folder, for WebDAV's `oc:checksums`: those recorded when the file
 * was written through Sharebin, while the object still has the ETag it got then (a file changed
 * by other means shows none rather than a wrong one). One indexed read per folder.
 */
export function createChecksumLookup({
  locator,
  checksums,
  indexed,
}: {
  locator: FsLocator;
  checksums: Pick<ChecksumsRepository, 'lookup'>;
  /** Answers once the files this instance wrote are recorded (they go in batches). */
  indexed: () => Promise<void>;
}) {
  /** By name, in the ownCloud form (`SHA1:… MD5:…`); files without one are left out. */
  async function inFolder(
    principal: Principal,
    folderPath: string,
    entries: ChecksumSubject[],
  ): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const files = entries.filter((entry) => !entry.isDirectory && entry.etag);
    if (files.length === 0) return found;
    const folder = await locator.read(principal, folderPath);
    if (folder.kind !== 'mount') return found;
    const keyOf = (name: string) => (folder.key === '' ? name : `${folder.key}/${name}`);
    await indexed();
    const recorded = await checksums.lookup(
      folder.mount.storage_config_id,
      files.map((file) => keyOf(file.name)),
    );
    for (const file of files) {
      const row = recorded.get(keyOf(file.name));
      if (row && row.etag === file.etag) found.set(file.name, ownCloudChecksums(row));
    }
    return found;
  }

  return { inFolder };
}

export type ChecksumLookup = ReturnType<typeof createChecksumLookup>;
