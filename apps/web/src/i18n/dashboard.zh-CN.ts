import type { Dictionary } from './en-US';

/** 管理仪表盘的中文文本（SPEC §3 仪表盘统计），属于 zh-CN 词典。 */
export const dashboardZhCN: Dictionary['dashboard'] = {
  loadFailed: '仪表盘加载失败',
  updated: '更新于 {{time}}',
  counts: {
    pastes: '文本分享',
    fileShares: '文件分享',
    apiKeys: 'API 密钥',
    storageConfigs: '存储',
  },
  activity: {
    title: '最近 7 天',
    timeZone: '按 {{zone}} 时区计日',
    today: '今天',
    empty: '这 7 天里还没有活动。新的分享、访问和传输会显示在这里。',
    views: {
      shares: '分享',
      traffic: '访问与上传',
      bytes: '流量',
    },
    metrics: {
      pastes_created: '新建文本分享',
      files_created: '新建文件分享',
      views: '访问',
      uploads: '上传',
      bytes_in: '上传量',
      bytes_out: '下载量',
    },
  },
  storage: {
    title: '存储',
    files_one: '{{formatted}} 个文件',
    files_other: '{{formatted}} 个文件',
    empty: '尚未配置存储。',
    manage: '管理存储',
  },
  caches: {
    title: '缓存命中率',
    hint: '最近 7 天，所有实例合计',
    names: {
      directories: '目录列表',
      'storage-urls': '存储链接',
      search: '搜索',
    },
    lookups_one: '{{total}} 次查询命中 {{hits}} 次',
    lookups_other: '{{total}} 次查询命中 {{hits}} 次',
    noLookups: '暂无查询',
  },
  jobs: {
    title: '任务队列',
    pending: '等待中',
    running: '运行中',
    oldest: '最早的等待任务排队于 {{time}}',
    idle: '没有等待的任务。',
    open: '打开任务管理器',
  },
};
