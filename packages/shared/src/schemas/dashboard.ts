import { z } from 'zod';
import { CACHE_NAMES } from './cache';
import { STORAGE_TYPES } from './storage';

/** The activity the dashboard charts, summed per day in the admin's time zone. */
export const ACTIVITY_METRICS = [
  'pastes_created',
  'files_created',
  'views',
  'uploads',
  'bytes_in',
  'bytes_out',
] as const;
export type ActivityMetric = (typeof ACTIVITY_METRICS)[number];

/** Days of activity the dashboard shows, today included. */
export const DASHBOARD_DAYS = 7;

/** Whether this runtime knows `name` as an IANA time zone. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const dashboardStatsQuerySchema = z.object({
  /** IANA time zone the days are counted in (the browser's); UTC when left out. */
  tz: z
    .string()
    .max(64)
    .refine(isTimeZone, { message: 'Unknown time zone; give an IANA name such as Europe/Berlin' })
    .default('UTC'),
});

export const dashboardDaySchema = z.object({
  /** The local date, `YYYY-MM-DD`. */
  date: z.string(),
  pastes_created: z.number().int(),
  files_created: z.number().int(),
  views: z.number().int(),
  uploads: z.number().int(),
  bytes_in: z.number().int(),
  bytes_out: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardStorageSchema = z.object({
  id: z.string(),
  name: z.string(),
  storage_type: z.enum(STORAGE_TYPES),
  is_default: z.boolean(),
  /** Live file shares on it. */
  files: z.number().int(),
  /** Bytes held by file shares and by file-system uploads under way. */
  used_bytes: z.number().int(),
  /** Null: no limit. */
  capacity_bytes: z.number().int().nullable(),
});
export type DashboardStorage = z.infer<typeof dashboardStorageSchema>;

export const dashboardCacheSchema = z.object({
  name: z.enum(CACHE_NAMES),
  /** Over the days shown, summed across every instance. */
  hits: z.number().int(),
  misses: z.number().int(),
  /** hits / (hits + misses); null before the first lookup. */
  hit_rate: z.number().nullable(),
});
export type DashboardCache = z.infer<typeof dashboardCacheSchema>;

export const dashboardStatsSchema = z.object({
  time_zone: z.string(),
  generated_at: z.string(),
  counts: z.object({
    pastes: z.number().int(),
    file_shares: z.number().int(),
    api_keys: z.number().int(),
    storage_configs: z.number().int(),
  }),
  storage: z.array(dashboardStorageSchema),
  /** Oldest day first; the last one is today. */
  activity: z.array(dashboardDaySchema),
  caches: z.array(dashboardCacheSchema),
  jobs: z.object({
    pending: z.number().int(),
    running: z.number().int(),
    /** When the oldest job still waiting was queued; null when none waits. */
    oldest_pending_at: z.string().nullable(),
  }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
