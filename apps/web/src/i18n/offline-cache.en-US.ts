/** The offline cache's English texts (SPEC §3, §7). */
export const offlineCacheEnUS = {
  notice: 'Offline: showing data saved {{time}}',
  notCached: 'You are offline, and this was not saved for offline use.',
  noticeHint: 'It refreshes when the connection is back.',
};
