import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appShellAssets } from './scripts/app-shell.mjs';

const API_DEV_TARGET = process.env.SHAREBIN_API_TARGET ?? 'http://127.0.0.1:8787';

/** The brand's indigo (the theme's primary colour, shade 6) and the light page background. */
const THEME_COLOR = '#4c6ef5';
const BACKGROUND_COLOR = '#ffffff';

/**
 * The installable app (SPEC §2, §4): a manifest and a Workbox service worker that precaches
 * the app shell only; the lazily loaded chunks (editor, Mermaid, KaTeX, docx…) are cached at
 * runtime once used. `prompt`: a new worker waits until the user chooses to reload
 * (src/pwa/service-worker.ts), so an upload or an edit in progress is never cut off.
 */
function pwa() {
  const dist = fileURLToPath(new URL('./dist', import.meta.url));
  return VitePWA({
    registerType: 'prompt',
    // Registered by the app (src/pwa/service-worker.ts): the CSP forbids an inline script.
    injectRegister: false,
    manifest: {
      // Relative to the manifest's own address, so that the app installs under any base path.
      id: './',
      name: 'Sharebin',
      short_name: 'Sharebin',
      description: 'Self-hosted online clipboard and file sharing',
      start_url: './',
      scope: './',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      icons: [
        { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
        {
          src: 'pwa-maskable-512x512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
      // runtime-config.js is edited by self-hosters after the build: fetched fresh (below).
      globIgnores: ['**/*.br', '**/*.gz', '.vite/**', 'runtime-config.js'],
      manifestTransforms: [
        async (entries) => {
          const shell = appShellAssets(dist);
          const manifest = entries.filter(
            (entry) => !entry.url.startsWith('assets/') || shell.has(entry.url),
          );
          return { manifest, warnings: [] };
        },
      ],
      // Relative to the worker's address: the app may run under a base path (PUBLIC_URL's).
      navigateFallback: 'index.html',
      // Addresses the server answers itself, never the app: the API (raw texts, downloads,
      // signed transfers, docs), WebDAV, and the files at the app's root (sw.js, the manifest,
      // icons), whatever the base path the app runs under (`/sb/api/…`). A page below a folder
      // named `api` is then left to the network: it still loads online.
      navigateFallbackDenylist: [
        /^(?:\/[^/]+)*?\/api(?:\/|$)/,
        /^(?:\/[^/]+)*?\/dav(?:\/|$)/,
        // A short link is the server's redirect: the app's page would only ask to continue.
        /^(?:\/[^/]+)*?\/l\/[^/]+$/,
        /\/(?:sw\.js|manifest\.webmanifest|runtime-config\.js|theme-init\.js|favicon\.svg|(?:pwa|apple-touch-icon)[\w-]*\.png|workbox-[\w-]+\.js)$/,
      ],
      inlineWorkboxRuntime: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          // Hashed file names never change content: once fetched, a chunk is served from here.
          urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.includes('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'sharebin-assets',
            expiration: { maxEntries: 400, maxAgeSeconds: 60 * 86_400 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          urlPattern: ({ sameOrigin, url }) =>
            sameOrigin && url.pathname.endsWith('/runtime-config.js'),
          handler: 'NetworkFirst',
          options: { cacheName: 'sharebin-config', cacheableResponse: { statuses: [200] } },
        },
      ],
    },
  });
}

/**
 * The service worker's address and scope, resolved at run time against `<base href>` (the base
 * path the server names) as absolute URLs. The registration module writes them relative
 * (`./sw.js`), and workbox-window compares them with the worker's URL resolved against the
 * page's own address, which at `/sb/admin/x` is not the base: the worker would count as
 * another app's, and its updates would go unannounced.
 */
function serviceWorkerUnderBase(): Plugin {
  const relative = 'new Workbox("./sw.js", { scope: "./", type: "classic" })';
  const absolute =
    'new Workbox(new URL("sw.js", document.baseURI).href, { scope: new URL("./", document.baseURI).href, type: "classic" })';
  return {
    name: 'sharebin:service-worker-under-base',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('virtual:pwa-register')) return undefined;
      if (!code.includes(relative)) {
        throw new Error(`${id}: the service worker registration changed; update vite.config.ts`);
      }
      return code.replace(relative, absolute);
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // One build for every base path: addresses in the build are relative, and the server names
  // the base in index.html (`<base href="/sb/">`, the path of PUBLIC_URL).
  base: './',
  plugins: [react(), pwa(), serviceWorkerUnderBase()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_DEV_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_DEV_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server's CSP allows scripts from 'self' only: no inlined module preload polyfill.
    modulePreload: { polyfill: false },
    // Mermaid's core and layout engines are large; they load only on pages showing a diagram.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // Charts (and recharts) are the dashboard's: they load with it, not with every page.
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](?!charts[\\/])/ },
            // Only what the first page needs: libraries used by lazily loaded screens (the
            // editor, Mermaid, KaTeX, docx…) stay in their own chunks, loaded on demand.
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            // The app's small shared helpers the first page uses, in one chunk rather than a
            // chunk each: every chunk costs its own request and wrapper on the first load.
            { name: 'shared', test: /src[\\/](shared|app)[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
