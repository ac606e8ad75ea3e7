import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { rootPathInvalid } from './storage.errors';

/**
 * A host folder must exist and be a folder when the admin saves it: a typo would otherwise
 * only show when the first upload fails. Null (no host folder) passes.
 */
export async function assertHostFolder(rootPath: string | null | undefined): Promise<void> {
  if (rootPath === null || rootPath === undefined) return;
  if (!isAbsolute(rootPath)) throw rootPathInvalid(rootPath, 'not_absolute');
  const found = await stat(rootPath).catch(() => null);
  if (!found) throw rootPathInvalid(rootPath, 'missing');
  if (!found.isDirectory()) throw rootPathInvalid(rootPath, 'not_a_folder');
}
