import type { Principal } from '@sharebin/shared';
import type { FsReadUseCases } from '../fs/fs-read.usecases';
import type { FsSharesTable } from '../shared/db.schema';
import { createShareCreators } from '../shares/share-creator';
import { previewableType } from './fs-shares.models';

/**
 * The media type of a shared picture or video, read as the share's creator, for a link
 * preview: null for a folder, any other type, or a file that cannot be read now. A preview is
 * an extra: a storage that does not answer must not fail the page, so every failure is null.
 */
export function createFsShareMediaType({
  read,
  apiKeyPrincipal,
}: {
  read: Pick<FsReadUseCases, 'get'>;
  apiKeyPrincipal: (id: string) => Promise<Principal | null>;
}) {
  const creators = createShareCreators(apiKeyPrincipal);
  return async (row: FsSharesTable): Promise<string | null> => {
    if (row.kind !== 'file') return null;
    try {
      const principal = await creators.reader(row.created_by);
      if (!principal) return null;
      const { mimetype } = await read.get(principal, row.path);
      return previewableType(mimetype) ? mimetype : null;
    } catch {
      return null;
    }
  };
}
