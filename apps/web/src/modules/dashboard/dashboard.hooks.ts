import { useQuery } from '@tanstack/react-query';
import { dashboardApi } from './dashboard.api';

/** The browser's time zone: the dashboard's days are the admin's days. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Refreshed while the dashboard is open, so that it shows the server as it is now. */
const REFRESH_MS = 30_000;

export function useDashboardStats() {
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: ['admin', 'dashboard', 'stats', timeZone],
    queryFn: () => dashboardApi.stats(timeZone),
    refetchInterval: REFRESH_MS,
  });
}
