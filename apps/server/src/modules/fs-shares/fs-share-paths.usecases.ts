import type { FsChange } from '../fs/fs-change.models';
import type { FsSharesRepository } from './fs-shares.repository';

/**
 * Shares follow their path through every change made through Sharebin (API, explorer, WebDAV,
 * jobs): a rename or move takes them along, a delete ends them.
 */
export function createFsSharePaths(repository: Pick<FsSharesRepository, 'movePaths' | 'removeAt'>) {
  return {
    async follow(changes: FsChange[]): Promise<void> {
      for (const change of changes) {
        if (change.kind === 'moved') {
          await repository.movePaths(change.from.path, change.location.path);
        } else if (change.kind === 'removed' && change.movedTo) {
          await repository.movePaths(change.location.path, change.movedTo.path);
        } else if (change.kind === 'removed') {
          await repository.removeAt(change.location.path, { subtree: change.subtree });
        }
      }
    },
  };
}
