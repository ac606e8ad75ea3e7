/** The admin dashboard's English texts (SPEC §3 dashboard stats), part of en-US. */
export const dashboardEnUS = {
  loadFailed: 'The dashboard could not be loaded',
  updated: 'Updated {{time}}',
  counts: {
    pastes: 'Text shares',
    fileShares: 'File shares',
    apiKeys: 'API keys',
    storageConfigs: 'Storages',
  },
  activity: {
    title: 'Last 7 days',
    timeZone: 'Days in {{zone}}',
    today: 'Today',
    empty: 'Nothing happened in these seven days yet. New shares, views and transfers show here.',
    views: {
      shares: 'Shares',
      traffic: 'Views and uploads',
      bytes: 'Data',
    },
    metrics: {
      pastes_created: 'Text shares created',
      files_created: 'File shares created',
      views: 'Views',
      uploads: 'Uploads',
      bytes_in: 'Uploaded',
      bytes_out: 'Downloaded',
    },
  },
  storage: {
    title: 'Storage',
    files_one: '{{formatted}} file',
    files_other: '{{formatted}} files',
    empty: 'No storage configured yet.',
    manage: 'Manage storage',
  },
  caches: {
    title: 'Cache hit rates',
    hint: 'Over the last 7 days, across every instance',
    names: {
      directories: 'Directory listings',
      'storage-urls': 'Storage URLs',
      search: 'Search',
    },
    lookups_one: '{{hits}} of {{total}} lookup hit',
    lookups_other: '{{hits}} of {{total}} lookups hit',
    noLookups: 'No lookups yet',
  },
  jobs: {
    title: 'Job queue',
    pending: 'Waiting',
    running: 'Running',
    oldest: 'Oldest waiting since {{time}}',
    idle: 'Nothing is waiting.',
    open: 'Open the task manager',
  },
};
