// Bundles the server into one ESM file. Packages from node_modules stay external (they are
// installed beside it); the workspace's own TypeScript packages are bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
);

const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@sharebin/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [
    new URL('./src/main.ts', import.meta.url).pathname,
    // `npm run reset-admin-password`
    new URL('./src/reset-admin-password.ts', import.meta.url).pathname,
    // `npm run backup`, `npm run restore`
    new URL('./src/backup.ts', import.meta.url).pathname,
    new URL('./src/restore.ts', import.meta.url).pathname,
  ],
  // Code splitting keeps dynamically imported modules (the S3 driver and the AWS SDK it
  // imports) out of start-up.
  outdir: new URL('./dist', import.meta.url).pathname,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  define: { __SHAREBIN_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});
