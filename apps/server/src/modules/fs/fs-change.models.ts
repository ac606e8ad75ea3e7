import type { Checksums } from './checksums/checksum-worker';
import type { MountLocation } from './fs-locator.usecases';

/**
 * What a write changed, so the directory cache and the search index can follow. `subtree`:
 * a folder with what is in it (deleted, copied or moved), not just the entry itself.
 */
export type FsChange =
  | {
      kind: 'written';
      location: MountLocation;
      isDirectory: boolean;
      size: number | null;
      /** A file streamed in: the stored object's ETag and the checksums of its bytes. */
      stored?: { etag: string; checksums: Checksums };
    }
  | {
      kind: 'removed';
      location: MountLocation;
      subtree: boolean;
      /** The second half of a move across mounts: what follows paths (shares) goes there. */
      movedTo?: MountLocation;
    }
  /** Within one mount: the storage moved `from` to `location`, and its subtree with it. */
  | { kind: 'moved'; from: MountLocation; location: MountLocation; isDirectory: boolean };
