/**
 * Keys of every cache are `/`-separated paths (a directory's virtual path, or `<config>/<key>`
 * for storage URLs): invalidations compare whole segments, as `basic_path` checks do, so
 * `/a` never touches `/ab`.
 *
 * Each invalidation bumps the generation of a few *scopes*; a cached entry is still good only
 * while none of the scopes it depends on moved past the generation it was loaded under.
 * - `k:<key>`  the key itself (a write in the folder, or below it: ancestors are listed too);
 * - `t:<path>` everything at or below `path` (subtree moves and deletes, prefixes, clear).
 */

export type Invalidation =
  | { kind: 'path'; path: string; subtree: boolean }
  | { kind: 'prefix'; prefix: string }
  | { kind: 'clear' };

/** `a/b`, `/a/b/` and `//a//b` are one key: `/a/b`. The root is `/`. */
export function canonicalKey(key: string): string {
  // Most keys come canonical already (the path normaliser's output): skip the split.
  if (key === '/' || (key.startsWith('/') && !key.endsWith('/') && !key.includes('//'))) return key;
  return `/${key.split('/').filter(Boolean).join('/')}`;
}

/** `/a/b` → `/`, `/a`, `/a/b` (a canonical key in, canonical keys out). */
export function selfAndAncestors(key: string): string[] {
  const segments = key.split('/').filter(Boolean);
  const paths = ['/'];
  for (let i = 1; i <= segments.length; i++) paths.push(`/${segments.slice(0, i).join('/')}`);
  return paths;
}

/** The scopes whose generations decide whether an entry under `key` is still current. */
export function scopesToValidate(key: string): string[] {
  return [`k:${key}`, ...selfAndAncestors(key).map((path) => `t:${path}`)];
}

/** The scopes an invalidation bumps (sorted, so concurrent bumps lock rows in one order). */
export function scopesToBump(invalidation: Invalidation): string[] {
  switch (invalidation.kind) {
    case 'clear':
      return ['t:/'];
    case 'prefix':
      return [`t:${canonicalKey(invalidation.prefix)}`];
    case 'path': {
      const path = canonicalKey(invalidation.path);
      const scopes = selfAndAncestors(path).map((folder) => `k:${folder}`);
      if (invalidation.subtree) scopes.push(`t:${path}`);
      return scopes.sort();
    }
  }
}

function isWithin(base: string, key: string): boolean {
  return base === '/' || key === base || key.startsWith(`${base}/`);
}

/** Whether an invalidation drops the entry under (canonical) `key`. */
export function invalidates(invalidation: Invalidation, key: string): boolean {
  switch (invalidation.kind) {
    case 'clear':
      return true;
    case 'prefix':
      return isWithin(canonicalKey(invalidation.prefix), key);
    case 'path': {
      const path = canonicalKey(invalidation.path);
      return isWithin(key, path) || (invalidation.subtree && isWithin(path, key));
    }
  }
}
