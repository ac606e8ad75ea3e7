/** The installable app's English texts (SPEC §2): prompts, offline badge and page, env switcher. */
export const pwaEnUS = {
  pwa: {
    install: {
      title: 'Install Sharebin',
      text: 'Add Sharebin to your device: it opens in its own window and starts faster.',
      install: 'Install',
      notNow: 'Not now',
    },
    update: {
      title: 'A new version is ready',
      text: 'Reload to use it. Nothing reloads until you choose to.',
      later: 'Later',
      confirmTitle: 'Reload now?',
      confirmText: 'Reloading now would lose work in progress:',
      transfers_one: '{{count}} upload or download still running',
      transfers_other: '{{count}} uploads or downloads still running',
      editorText: 'text in the editor that has not been shared yet',
      reloadAnyway: 'Reload anyway',
      keepWorking: 'Keep working',
    },
    envSwitcher: {
      open: 'Backend address',
      title: 'Backend address',
      text: 'Where this app sends its API calls. Empty: this server ({{origin}}).',
      current: 'In use: {{url}}',
      runtimeConfig:
        'runtime-config.js sets apiBaseUrl, which comes before the address saved here.',
      label: 'Backend address',
      placeholder: 'https://share.example.com',
      invalid: 'Enter an http:// or https:// address',
      save: 'Save and reload data',
      reset: 'Use this server',
      saved: 'Backend address saved: {{url}}',
      resetDone: 'Using this server again',
    },
  },
  offline: {
    badge: 'Offline mode',
    badgeHint: 'You are offline: pages and data seen before still open from the cache.',
    page: {
      title: 'Page temporarily unavailable',
      text: 'You are offline, and this page has not been cached on this device yet. Reconnect, then retry.',
      home: 'Back to home',
      back: 'Go back',
    },
    toast: '{{page}} temporarily unavailable, please check network',
    pages: {
      home: 'Home',
      upload: 'File upload page',
      admin: 'Admin panel',
      paste: 'Text share page',
      file: 'File preview page',
      mountExplorer: 'Mount browser',
      other: 'This page',
    },
  },
};
