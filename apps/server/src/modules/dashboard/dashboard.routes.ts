import { dashboardStatsQuerySchema, dashboardStatsSchema } from '@sharebin/shared';
import { type AnyRoute, route } from '../../app/route';
import type { DashboardUseCases } from './dashboard.usecases';

export function createDashboardRoutes({ dashboard }: { dashboard: DashboardUseCases }): AnyRoute[] {
  return [
    route({
      method: 'get',
      path: '/admin/dashboard/stats',
      tag: 'dashboard',
      summary:
        'Counts, storage use, 7 days of activity in the time zone `tz` (IANA; UTC by default), cache hit rates and the job queue',
      auth: 'admin',
      query: dashboardStatsQuerySchema,
      response: dashboardStatsSchema,
      handler: ({ query }) => dashboard.stats(query.tz),
    }),
  ];
}
