/**
 * The layer rules of ARCHITECTURE.md §3, checked by `npm run check` (`npm run lint:deps`).
 * Type-only imports count (`tsPreCompilationDeps`): a cycle of types is a type in the wrong file.
 */
const TESTS = '\\.(test|spec)\\.tsx?$|(^|/)test/|test-support|/e2e/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Each import cycle is a type or helper in the wrong file: move it to a leaf module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports and that imports nothing is dead code.',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          TESTS,
          '\\.d\\.ts$',
          '(^|/)(vite|vitest|playwright)[^/]*\\.config\\.ts$',
          '^apps/server/src/(main|lint-openapi)\\.ts$',
          '^bench/',
        ],
      },
      to: {},
    },
    {
      name: 'routes-not-to-storage-or-database',
      comment: 'Routes never touch the database or a storage SDK: they call use cases.',
      severity: 'error',
      from: { path: '^apps/server/src/.*\\.routes\\.ts$' },
      to: {
        path: [
          '\\.repository\\.ts$',
          '^apps/server/src/modules/storage/drivers/',
          '(^|/)node_modules/(kysely|pg|better-sqlite3|@aws-sdk)/',
        ],
      },
    },
    {
      name: 'use-cases-not-to-hono',
      comment: "Use cases never see Hono's context.",
      severity: 'error',
      from: { path: '^apps/server/src/.*\\.usecases\\.ts$' },
      to: { path: '(^|/)node_modules/hono/' },
    },
    {
      name: 'shared-package-not-to-apps',
      comment: 'packages/shared imports nothing from the apps.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-features-through-their-entry',
      comment:
        "A web feature imports another feature only through its public entry (modules/<feature>/index.ts, named re-exports of what other features use), never its inner files. Lazy import() of a page or a heavy component names the concrete file: the split point stays where it is. apps/web/package.json's sideEffects (CSS, main.tsx, zod-jitless.ts) lets the bundler skip an entry's unused re-exports, so an entry adds nothing to a chunk.",
      severity: 'error',
      from: { path: '^apps/web/src/modules/([^/]+)/' },
      to: {
        path: '^apps/web/src/modules/[^/]+/',
        pathNot: ['^apps/web/src/modules/$1/', '^apps/web/src/modules/[^/]+/index\\.tsx?$'],
        dynamic: false,
      },
    },
    {
      name: 'production-not-to-tests',
      comment: 'Production code never imports test kits.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { path: TESTS },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: '^(apps|packages)/[^/]+/dist/|(^|/)(coverage|test-results|playwright-report)/',
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
