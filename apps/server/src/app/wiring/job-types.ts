/** Every job type this server runs (each has a handler, and its queue gauges in the metrics). */
export const JOB_TYPES = [
  'copy',
  'move',
  'delete',
  'zip',
  'extract',
  'reindex',
  'housekeeping',
  'search-reindex',
] as const;

export type JobType = (typeof JOB_TYPES)[number];
