/** Every job type this server runs (each has a handler, and its queue gauges in the metrics). */
export const JOB_TYPES = ['copy', 'move', 'delete', 'zip', 'extract', 'housekeeping'] as const;

export type JobType = (typeof JOB_TYPES)[number];
