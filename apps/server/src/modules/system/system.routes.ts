import { healthSchema, versionSchema } from '@sharebin/shared';
import { type AnyRoute, route } from '../../app/route';

export interface SystemDeps {
  checkDatabase: () => Promise<void>;
  version: string;
}

export function createSystemRoutes({ checkDatabase, version }: SystemDeps): AnyRoute[] {
  return [
    route({
      method: 'get',
      path: '/health',
      tag: 'system',
      summary: 'Liveness and database check',
      auth: 'public',
      response: healthSchema,
      errors: [503],
      handler: async () => {
        await checkDatabase();
        return { status: 'ok' as const, database: 'ok' as const };
      },
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
