import { ERROR_CODES, healthSchema, readinessSchema, versionSchema } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import { type AnyRoute, route } from '../../app/route';
import type { ReadinessUseCases } from './readiness.usecases';

export interface SystemDeps {
  readiness: ReadinessUseCases;
  version: string;
}

/** Liveness: the process answers; no outside call (the database and storages are readiness). */
export const health = () => ({ status: 'ok' as const });

/**
 * Readiness as an answer: the report (200, `ready` or `degraded`), or 503 `system.not_ready`
 * naming which kind of check failed. Public: no storage names, ids or error text (those are logged).
 */
export async function ready(readiness: ReadinessUseCases) {
  const report = await readiness.check();
  if (report.status !== 'not_ready') return report;
  const failures = [
    ...(report.database === 'failed' ? ['the database'] : []),
    ...(report.storages.default === 'failed' ? ['the default storage'] : []),
  ];
  throw new AppError(
    503,
    ERROR_CODES.notReady,
    `Not ready: ${failures.join(' and ')} did not answer`,
    report,
    { 'Retry-After': '5' },
  );
}

export function createSystemRoutes({ readiness, version }: SystemDeps): AnyRoute[] {
  return [
    route({
      method: 'get',
      path: '/health',
      tag: 'system',
      summary: 'Liveness: the process answers (no database or storage call; also at /healthz)',
      auth: 'public',
      response: healthSchema,
      handler: health,
    }),
    route({
      method: 'get',
      path: '/ready',
      tag: 'system',
      summary:
        'Readiness: the database and the default storage answer (degraded, still 200, when ' +
        'only other storages fail; else 503 system.not_ready naming which kind of check ' +
        'failed, the counts in details; storage checks reused for 5 s; also at /readyz)',
      auth: 'public',
      response: readinessSchema,
      errors: [503],
      handler: () => ready(readiness),
    }),
    route({
      method: 'get',
      path: '/version',
      tag: 'system',
      summary: 'Name and version of this server',
      auth: 'public',
      response: versionSchema,
      handler: () => ({ name: 'sharebin', version }),
    }),
  ];
}
