import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_DEV_TARGET = process.env.SHAREBIN_API_TARGET ?? 'http://127.0.0.1:8787';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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
          ],
        },
      },
    },
  },
});
