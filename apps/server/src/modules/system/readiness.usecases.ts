import type { Readiness } from '@sharebin/shared';
import type { Clock } from '../shared/clock';

/** A readiness check that has not answered by then has failed: probes come every few seconds. */
export const READINESS_CHECK_TIMEOUT_MS = 3_000;
/**
 * How long a storage check's result is reused: a probe every second must not turn into a
 * request per second to every S3 bucket. The database is checked at each call (one `select 1`).
 */
export const STORAGE_CHECK_TTL_MS = 5_000;

export interface ReadinessDeps {
  /** One cheap query; throws when the database does not answer. */
  pingDatabase: () => Promise<void>;
  /** Every configured storage. */
  storages: () => Promise<{ id: string; name: string; storage_type: 's3' | 'local' }[]>;
  /** One cheap call to the storage (a listing of at most one key); throws when it fails. */
  probeStorage: (configId: string) => Promise<void>;
  clock: Clock;
  timeoutMs?: number;
  storageTtlMs?: number;
}

type Check = Readiness['database'];

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

/** Whether the database and the storages answer (`GET /api/ready`, `/readyz`). */
export function createReadiness({
  pingDatabase,
  storages,
  probeStorage,
  clock,
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
      return { status: 'failed', ms: elapsed(started), error: reasonOf(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  async function checkStorages(): Promise<Readiness['storages']> {
    const configs = await storages();
    return Promise.all(
      configs.map(async (config) => ({
        id: config.id,
        name: config.name,
        storage_type: config.storage_type,
        ...(await timed(() => probeStorage(config.id))),
      })),
    );
  }

  // The last storage check (or the one under way), reused for `storageTtlMs`.
  let storageCheck: { at: number; result: Promise<Readiness['storages']> } | undefined;

  function storagesReport(): Promise<Readiness['storages']> {
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
      let database = await timed(pingDatabase);
      let storages: Readiness['storages'] = [];
      // Without a database there is no list of storages to check.
      if (database.status === 'ok') {
        try {
          storages = await storagesReport();
        } catch (error) {
          database = { status: 'failed', ms: database.ms, error: reasonOf(error) };
        }
      }
      const ready = database.status === 'ok' && storages.every((s) => s.status === 'ok');
      return { status: ready ? 'ready' : 'not_ready', database, storages };
    },
  };
}

export type ReadinessUseCases = ReturnType<typeof createReadiness>;

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;
