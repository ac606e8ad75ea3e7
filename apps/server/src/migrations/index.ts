import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { DatabaseHandle } from '../modules/shared/db';
import { foundation } from './0001_foundation';
import { pastes } from './0002_pastes';
import { storageAndFiles } from './0003_storage_and_files';
import { directDownloads } from './0004_direct_downloads';
import { instanceIdentity } from './0005_instance_identity';
import { pendingDeletions } from './0006_pending_deletions';
import { shareTombstones } from './0007_share_tombstones';
import { storageRootPath } from './0008_storage_root_path';
import { mounts } from './0009_mounts';
import { searchIndex } from './0010_search_index';
import { cacheGenerations } from './0011_cache_generations';
import { uploadActivity } from './0012_upload_activity';
import { apiKeyMountReadOnly } from './0013_api_key_mount_read_only';
import { searchRanking } from './0014_search_ranking';
import { fsUploads } from './0015_fs_uploads';
import { jobs } from './0016_jobs';
import { zipPlans } from './0017_zip_plans';
import { webdav } from './0018_webdav';
import { dashboardStats } from './0019_dashboard_stats';
import { zipPlanCrcs } from './0020_zip_plan_crcs';
import { jobItemDetails } from './0021_job_item_details';
import { fsUploadOwner } from './0022_fs_upload_owner';
import { fileShareOwner } from './0023_file_share_owner';
import { schemaVersion } from './0024_schema_version';
import { fileChecksums } from './0025_file_checksums';
import { fsShares } from './0026_fs_shares';
import { shortLinks } from './0027_short_links';
import { uploadRequests } from './0028_upload_requests';
import { mountReindex } from './0029_mount_reindex';
import { resumableUploads } from './0030_resumable_uploads';
import { jobErrorCodes } from './0031_job_error_codes';
import { recordSchemaVersion, refuseNewerDatabase } from './schema-version';

/** The one ordered registry of migrations; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_pastes': pastes,
  '0003_storage_and_files': storageAndFiles,
  '0004_direct_downloads': directDownloads,
  '0005_instance_identity': instanceIdentity,
  '0006_pending_deletions': pendingDeletions,
  '0007_share_tombstones': shareTombstones,
  '0008_storage_root_path': storageRootPath,
  '0009_mounts': mounts,
  '0010_search_index': searchIndex,
  '0011_cache_generations': cacheGenerations,
  '0012_upload_activity': uploadActivity,
  '0013_api_key_mount_read_only': apiKeyMountReadOnly,
  '0014_search_ranking': searchRanking,
  '0015_fs_uploads': fsUploads,
  '0016_jobs': jobs,
  '0017_zip_plans': zipPlans,
  '0018_webdav': webdav,
  '0019_dashboard_stats': dashboardStats,
  '0020_zip_plan_crcs': zipPlanCrcs,
  '0021_job_item_details': jobItemDetails,
  '0022_fs_upload_owner': fsUploadOwner,
  '0023_file_share_owner': fileShareOwner,
  '0024_schema_version': schemaVersion,
  '0025_file_checksums': fileChecksums,
  '0026_fs_shares': fsShares,
  '0027_short_links': shortLinks,
  '0028_upload_requests': uploadRequests,
  '0029_mount_reindex': mountReindex,
  '0030_resumable_uploads': resumableUploads,
  '0031_job_error_codes': jobErrorCodes,
};

/** invalid_schema_name, undefined_table, undefined_column. */
const CATALOGUE_RACE_STATES = new Set(['3F000', '42P01', '42703']);

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest({ db, engine }: DatabaseHandle): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema: another app's (or another test's)
  // tables in a schema of their own would pass for ours. Ours live in the current schema.
  const migrationTableSchema =
    engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({ db, provider, migrationTableSchema });
  // Kysely would call a database with migrations it does not know "corrupted".
  await refuseNewerDatabase({ db, engine }, Object.keys(migrations));
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((result) => result.status === 'Error');
    if (!error && !failed) {
      await recordSchemaVersion({ db, engine }, Object.keys(migrations).length);
      return;
    }
    // Kysely's look for its tables reads the catalogue of every schema, and fails when another
    // program drops a schema, table or column of its own meanwhile (a shared database). Nothing
    // ran yet; try again.
    const raised = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
    const code = raised?.code ?? raised?.cause?.code;
    // Nothing ran: Kysely answers no results, or none, when its look failed.
    const nothingRan = results === undefined || results.length === 0;
    const catalogueRace = nothingRan && CATALOGUE_RACE_STATES.has(String(code));
    if (catalogueRace && attempt < 10) continue;
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
}
