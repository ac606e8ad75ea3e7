/// <reference types="vite-plugin-pwa/vanillajs" />

/** Set by /runtime-config.js, which self-hosters may edit after the build. */
interface SharebinRuntimeConfig {
  /** Backend address, for example https://paste.example.com; `/api` is appended. */
  apiBaseUrl?: string;
}

interface Window {
  __SHAREBIN_CONFIG__?: SharebinRuntimeConfig;
}
