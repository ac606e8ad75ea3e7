// What the home route loads at first, read from a build: the entry script of index.html with
// everything it imports statically, its stylesheets, and the home route's chunk (HomePage-*)
// with its static imports and stylesheet, and the reader's dictionary (the heavier one is
// weighed; both are precached). The service worker precaches exactly this app shell
// (vite.config.ts) and bench/suites/home-first-load-js.mjs weighs it. Other dynamic imports (the
// editor, Mermaid, KaTeX, docx…) are left out: they load on demand and are cached once used.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const HOME_CHUNK = /^HomePage-[\w-]+\.js$/;
/**
 * What the home page loads right after its first paint: the editor and the preview. Not in the
 * first-load budget, but precached, so that the installed app opened offline can write.
 */
const HOME_AFTER_PAINT = /^(?:CodeEditor|PasteContent)-[\w-]+\.js$/;
/** The dictionaries (src/i18n/index.ts): one, the reader's, loads before the first render. */
const LANGUAGE_CHUNK = /^(?:en-US|zh-CN)-[\w-]+\.js$/;
/** `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`; never `import(…)`. */
const STATIC_IMPORT =
  /(?:^|[;\n}])\s*(?:import|export)\s*(?:[^'"`()]*?from\s*)?["'`](\.\/[^"'`]+\.js)["'`]/g;

function withStaticImports(dist, start, into) {
  const pending = [start];
  while (pending.length > 0) {
    const file = pending.pop();
    if (into.has(file)) continue;
    into.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      pending.push(path.posix.join(path.posix.dirname(file), match[1]));
    }
  }
  return into;
}

/** Script files (relative to dist, `assets/…`) the home route runs before its first paint. */
export function homeFirstLoadScripts(dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = html.match(/<script type="module"[^>]*src="(?:\.)?\/([^"]+)"/)?.[1];
  if (!entry) throw new Error('no module entry script in index.html');
  const scripts = withStaticImports(dist, entry, new Set());
  const home = [...scripts]
    .flatMap((file) => [
      ...readFileSync(path.join(dist, file), 'utf8').matchAll(
        /["'`]\.\/(HomePage-[\w-]+\.js)["'`]/g,
      ),
    ])
    .map((match) => match[1])
    .find((name) => HOME_CHUNK.test(name));
  if (!home) throw new Error('the entry does not import a HomePage chunk');
  withStaticImports(dist, path.posix.join(path.posix.dirname(entry), home), scripts);
  // Counted as the heavier of the two dictionaries, whichever language the reader has.
  const gzipped = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const [heaviest] = languageChunks(dist).sort((a, b) => gzipped(b) - gzipped(a));
  if (!heaviest) throw new Error('no dictionary chunk in the build');
  return [...withStaticImports(dist, heaviest, scripts)];
}

function languageChunks(dist) {
  return readdirSync(path.join(dist, 'assets'))
    .filter((name) => LANGUAGE_CHUNK.test(name))
    .map((name) => `assets/${name}`);
}

/** The app shell's files under assets/: the first-load scripts and their stylesheets. */
export function appShellAssets(dist) {
  const assets = readdirSync(path.join(dist, 'assets'));
  // Every language, so that the installed app opens offline in either, and the editor.
  const onDemand = [
    ...languageChunks(dist),
    ...assets.filter((name) => HOME_AFTER_PAINT.test(name)).map((name) => `assets/${name}`),
  ];
  const scripts = new Set(homeFirstLoadScripts(dist));
  for (const file of onDemand) withStaticImports(dist, file, scripts);
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const linked = [...html.matchAll(/<link rel="stylesheet"[^>]*href="(?:\.)?\/([^"]+)"/g)].map(
    (m) => m[1],
  );
  // A chunk's stylesheet carries the chunk's name with a hash of its own (HomePage-*.css).
  const chunkNames = new Set(
    [...scripts].map((file) => path.basename(file).replace(/-[\w-]{8}\.js$/, '')),
  );
  const chunkStyles = assets
    .filter((name) => name.endsWith('.css') && chunkNames.has(name.replace(/-[\w-]{8}\.css$/, '')))
    .map((name) => `assets/${name}`);
  return new Set([...scripts, ...linked, ...chunkStyles]);
}
