import type { Dictionary } from './en-US';

/** 离线缓存的中文文本（SPEC §3、§7），属于 zh-CN 词典。 */
export const offlineCacheZhCN: Dictionary['offlineCache'] = {
  notice: '离线：显示保存于 {{time}} 的数据',
  notCached: '当前处于离线状态，且此内容未保存离线副本。',
  noticeHint: '网络恢复后会自动刷新。',
};
