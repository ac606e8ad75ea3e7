import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from '../modules/shared/db';
import { foundation } from './0001_foundation';
import { pastes } from './0002_pastes';
import { storageAndFiles } from './0003_storage_and_files';

/** The one ordered registry of migrations; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_pastes': pastes,
  '0003_storage_and_files': storageAndFiles,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
}
