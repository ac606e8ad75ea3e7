import type { Dictionary } from './en-US';

/** 任务管理器的中文文本（SPEC §1、§3 任务、§4 任务状态），属于 zh-CN 词典。 */
export const tasksZhCN: Dictionary['tasks'] = {
  title: '任务',
  open: '打开任务管理器',
  running_one: '{{count}} 个任务进行中',
  running_other: '{{count}} 个任务进行中',
  empty: '还没有任务。复制、移动、解压、删除、上传和下载会显示在这里。',
  loadFailed: '无法加载服务器任务：{{reason}}',
  type: {
    copy: '复制',
    move: '移动',
    delete: '删除',
    zip: '打包',
    extract: '解压',
    reindex: '搜索索引',
    upload: '上传',
    download: '下载',
  },
  status: {
    pending: '等待中',
    running: '进行中',
    completed: '已完成',
    partial: '部分完成',
    failed: '失败',
    cancelled: '已取消',
    cancelling: '正在取消…',
    interrupted: '已中断',
    started: '已开始',
  },
  summary: {
    andMore_one: '{{name}} 等 {{count}} 项',
    andMore_other: '{{name}} 等 {{count}} 项',
    jobItems: '{{done}} / {{total}} 项',
    entries_one: '已索引 {{count}} 项',
    entries_other: '已索引 {{count}} 项',
    bytes: '{{done}} / {{total}}',
    counts: '成功 {{success}} · 跳过 {{skipped}} · 失败 {{failed}}',
  },
  detail: {
    share: '文件分享',
  },
  interrupted:
    '上传进行时页面被关闭或刷新，上传已停止。请重新上传同一文件：大文件会从已上传的分片继续。',
  downloadStarted: '浏览器正在下载，请查看浏览器的下载列表。',
  downloadAgain: '重新下载',
  downloadExpired: '下载链接已过期。',
  failedItems: '失败的项目',
  moreFailed_one: '另有 {{count}} 项',
  moreFailed_other: '另有 {{count}} 项',
  actions: {
    retry: '重试失败的项目',
    remove: '从列表中移除',
  },
};
