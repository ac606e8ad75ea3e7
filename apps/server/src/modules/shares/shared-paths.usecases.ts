import type { FsChange } from '../fs/fs-change.models';
import type { SharedPathsRepository } from './shared-paths.repository';

/**
 * Shares of mounted paths (shared files and folders, upload requests) follow their path through
 * every change made through Sharebin (API, explorer, WebDAV, jobs): a rename or move takes them
 * along, a delete ends them.
 */
export function createSharedPathFollower(repositories: SharedPathsRepository[]) {
  return {
    async follow(changes: FsChange[]): Promise<void> {
      for (const change of changes) {
        for (const repository of repositories) {
          if (change.kind === 'moved') {
            await repository.movePaths(change.from.path, change.location.path);
          } else if (change.kind === 'removed' && change.movedTo) {
            await repository.movePaths(change.location.path, change.movedTo.path);
          } else if (change.kind === 'removed') {
            await repository.removeAt(change.location.path, { subtree: change.subtree });
          }
        }
      }
    },
  };
}
