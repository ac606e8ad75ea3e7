import type { pwaEnUS } from './pwa.en-US';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export const pwaZhCN: Widen<typeof pwaEnUS> = {
  pwa: {
    install: {
      title: '安装 Sharebin',
      text: '将 Sharebin 添加到设备：在独立窗口中打开，启动更快。',
      install: '安装',
      notNow: '暂不',
    },
    update: {
      title: '新版本已就绪',
      text: '重新加载即可使用。在你选择之前不会自动重新加载。',
      later: '稍后',
      confirmTitle: '现在重新加载？',
      confirmText: '现在重新加载会丢失进行中的工作：',
      transfers_one: '{{count}} 个上传或下载仍在进行',
      transfers_other: '{{count}} 个上传或下载仍在进行',
      editorText: '编辑器中尚未分享的文本',
      reloadAnyway: '仍然重新加载',
      keepWorking: '继续工作',
    },
    envSwitcher: {
      open: '后端地址',
      title: '后端地址',
      text: '本应用发送 API 请求的地址。留空：使用本服务器（{{origin}}）。',
      current: '当前使用：{{url}}',
      runtimeConfig: 'runtime-config.js 设置了 apiBaseUrl，它优先于此处保存的地址。',
      label: '后端地址',
      placeholder: 'https://share.example.com',
      invalid: '请输入 http:// 或 https:// 开头的地址',
      save: '保存并重新加载数据',
      reset: '使用本服务器',
      saved: '已保存后端地址：{{url}}',
      resetDone: '已恢复使用本服务器',
    },
  },
  offline: {
    badge: '离线模式',
    badgeHint: '你已离线：之前访问过的页面和数据仍可从缓存打开。',
    page: {
      title: '页面暂时不可用',
      text: '你当前处于离线状态，且此页面尚未缓存到本设备。请恢复网络连接后重试。',
      home: '返回首页',
      back: '返回上一页',
    },
    toast: '{{page}}暂时不可用，请检查网络',
    pages: {
      home: '首页',
      upload: '文件上传页面',
      admin: '管理面板',
      paste: '文本分享页面',
      file: '文件预览页面',
      mountExplorer: '挂载浏览器',
      other: '此页面',
    },
  },
};
