import {
  ACTIVITY_METRICS,
  CACHE_NAMES,
  DASHBOARD_DAYS,
  type DashboardDay,
  type DashboardStats,
  type DashboardStorage,
} from '@sharebin/shared';
import { cacheLookupMetrics } from '../cache/cache.usecases';
import { type Clock, toIso } from '../shared/clock';
import type { ActivityRepository } from './activity.repository';
import { hitRate, localDays } from './dashboard.models';

/** What each domain offers the dashboard; none of them scans a big table. */
export interface DashboardSources {
  pastes: { stats(): Promise<{ count: number }> };
  files: { stats(): Promise<{ count: number }> };
  apiKeys: { stats(): Promise<{ count: number }> };
  storage: { stats(): Promise<DashboardStorage[]> };
  jobs: { stats(): Promise<DashboardStats['jobs']> };
}

/** The admin dashboard (SPEC §3 "Dashboard stats"): the domains' stats, combined. */
export function createDashboardUseCases({
  sources,
  activity,
  flushActivity,
  clock,
}: {
  sources: DashboardSources;
  activity: ActivityRepository;
  /** Adds what this instance has counted but not yet written, so the answer includes it. */
  flushActivity: () => Promise<void>;
  clock: Clock;
}) {
  return {
    async stats(timeZone: string): Promise<DashboardStats> {
      const now = clock.now();
      const days = localDays(now, timeZone, DASHBOARD_DAYS);
      await flushActivity();
      const [pastes, files, apiKeys, storage, jobs, sums] = await Promise.all([
        sources.pastes.stats(),
        sources.files.stats(),
        sources.apiKeys.stats(),
        sources.storage.stats(),
        sources.jobs.stats(),
        activity.sumsByPeriod(days.starts, days.end),
      ]);
      const activityDays: DashboardDay[] = days.dates.map((date) => ({
        date,
        ...(Object.fromEntries(ACTIVITY_METRICS.map((metric) => [metric, 0])) as Omit<
          DashboardDay,
          'date'
        >),
      }));
      const totals = new Map<string, number>();
      for (const { period, metric, total } of sums) {
        const day = activityDays[period] as Record<string, number | string>;
        if (metric in day && metric !== 'date') day[metric] = total;
        totals.set(metric, (totals.get(metric) ?? 0) + total);
      }
      return {
        time_zone: timeZone,
        generated_at: toIso(now),
        counts: {
          pastes: pastes.count,
          file_shares: files.count,
          api_keys: apiKeys.count,
          storage_configs: storage.length,
        },
        storage,
        activity: activityDays,
        caches: CACHE_NAMES.map((name) => {
          const metrics = cacheLookupMetrics(name);
          const hits = totals.get(metrics.hits) ?? 0;
          const misses = totals.get(metrics.misses) ?? 0;
          return { name, hits, misses, hit_rate: hitRate(hits, misses) };
        }),
        jobs,
      };
    },
  };
}

export type DashboardUseCases = ReturnType<typeof createDashboardUseCases>;
