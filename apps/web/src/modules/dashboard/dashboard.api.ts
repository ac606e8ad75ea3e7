import { type DashboardStats, dashboardStatsSchema } from '@sharebin/shared';
import { api } from '../../app/api-client';

export const dashboardApi = {
  /** The stats with the days counted in `timeZone` (IANA), checked against the shared schema. */
  stats: async (timeZone: string): Promise<DashboardStats> =>
    dashboardStatsSchema.parse(
      await api.get<unknown>(`/admin/dashboard/stats?tz=${encodeURIComponent(timeZone)}`),
    ),
};
