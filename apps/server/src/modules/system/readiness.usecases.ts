import type { Readiness } from '@sharebin/shared';
import type { Logger } from 'pino';
import type { Clock } from '../shared/clock';

/** A readiness check that has not answered by then has failed: probes come every few seconds. */
export const READINESS_CHECK_TIMEOUT_MS = 3_000;
/**
 * How long a storage check's result is reused: a probe every second must not turn into a
 * request per second to every S3 bucket. The database is checked at each call (one `select 1`).
 */
export const STORAGE_CHECK_TTL_MS = 5_000;

/** A configured storage, as readiness knows it. */
export interface ReadinessStorage {
  id: string;
  name: string;
  storage_type: 's3' | 'local';
  /** The storage new uploads go to: only it (with the database) decides readiness. */
  is_default: boolean;
}

export interface ReadinessDeps {
  /** One cheap query; throws when the database does not answer. */
  pingDatabase: () => Promise<void>;
  /** Every configured storage. */
  storages: () => Promise<ReadinessStorage[]>;
  /** One cheap call to the storage (a listing of at most one key); throws when it fails. */
  probeStorage: (configId: string) => Promise<void>;
  clock: Clock;
  /** Where the reasons of failed checks go (the public answer never carries them). */
  logger?: Pick<Logger, 'warn'>;
  timeoutMs?: number;
  storageTtlMs?: number;
}

type Check = { status: 'ok'; ms: number } | { status: 'failed'; ms: number; reason: string };
type StorageCheck = ReadinessStorage & Check;

/** Why a check failed, in one line: the error's code when it has one, and its message. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const inner = error.cause instanceof Error ? error.cause : undefined;
  const code = (error as { code?: unknown }).code ?? (inner as { code?: unknown })?.code;
  const message =
    inner && !error.message.includes(inner.message)
      ? `${error.message}: ${inner.message}`
      : error.message;
  return typeof code === 'string' ? `${code}: ${message}` : message;
}

/**
 * Whether the database and the default storage answer (`GET /api/ready`, `/readyz`). Other
 * storages that fail make the answer `degraded`, not `not_ready`: one broken secondary storage
 * must not take every instance out of its load balancer. The answer is public, so it only counts;
 * which check failed and why is logged at warn level, once per failing check per storage period.
 */
export function createReadiness({
  pingDatabase,
  storages,
  probeStorage,
  clock,
  logger,
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
  storageTtlMs = STORAGE_CHECK_TTL_MS,
}: ReadinessDeps) {
  async function timed(work: () => Promise<void>): Promise<Check> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([work(), deadline]);
      return { status: 'ok', ms: elapsed(started) };
    } catch (error) {
      return { status: 'failed', ms: elapsed(started), reason: reasonOf(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  // The database is checked at each call, but its failure is logged once per period.
  let databaseWarnedAt: number | undefined;
  function warnDatabase(ms: number, reason: string) {
    const now = clock.now();
    if (databaseWarnedAt !== undefined && now - databaseWarnedAt < storageTtlMs) return;
    databaseWarnedAt = now;
    logger?.warn({ check: 'database', ms, reason }, 'readiness: the database did not answer');
  }

  async function checkStorages(): Promise<StorageCheck[]> {
    const configs = await storages();
    const checks = await Promise.all(
      configs.map(async (config) => ({
        ...config,
        ...(await timed(() => probeStorage(config.id))),
      })),
    );
    // Once per check, so once per period: the result is reused until the period ends.
    for (const check of checks) {
      if (check.status !== 'failed') continue;
      logger?.warn(
        {
          check: 'storage',
          storage: { id: check.id, name: check.name, storage_type: check.storage_type },
          is_default: check.is_default,
          ms: check.ms,
          reason: check.reason,
        },
        `readiness: ${check.is_default ? 'the default' : 'a'} storage did not answer`,
      );
    }
    return checks;
  }

  // The last storage check (or the one under way), reused for `storageTtlMs`.
  let storageCheck: { at: number; result: Promise<StorageCheck[]> } | undefined;

  function storagesReport(): Promise<StorageCheck[]> {
    const now = clock.now();
    if (!storageCheck || now - storageCheck.at >= storageTtlMs) {
      const result = checkStorages();
      storageCheck = { at: now, result };
      // The list of configs comes from the database: a failure there is no storage verdict.
      result.catch(() => {
        if (storageCheck?.result === result) storageCheck = undefined;
      });
    }
    return storageCheck.result;
  }

  return {
    async check(): Promise<Readiness> {
      const database = await timed(pingDatabase);
      let databaseOk = database.status === 'ok';
      if (database.status === 'failed') warnDatabase(database.ms, database.reason);
      let checks: StorageCheck[] = [];
      // Without a database there is no list of storages to check.
      if (databaseOk) {
        try {
          checks = await storagesReport();
        } catch (error) {
          databaseOk = false;
          warnDatabase(database.ms, `listing the storages: ${reasonOf(error)}`);
        }
      }
      const failed = checks.filter((check) => check.status === 'failed').length;
      const defaultCheck = checks.find((check) => check.is_default);
      const storagesSummary: Readiness['storages'] = {
        ok: checks.length - failed,
        failed,
        default: defaultCheck ? defaultCheck.status : 'none',
      };
      const status =
        !databaseOk || storagesSummary.default === 'failed'
          ? 'not_ready'
          : failed > 0
            ? 'degraded'
            : 'ready';
      return { status, database: databaseOk ? 'ok' : 'failed', storages: storagesSummary };
    },
  };
}

export type ReadinessUseCases = ReturnType<typeof createReadiness>;

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;
