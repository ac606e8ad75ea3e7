import { davBadRequest } from './dav.errors';

/** How deep a request reaches (RFC 4918 §10.2): the resource, its children, or its whole tree. */
export type Depth = '0' | '1' | 'infinity';

export function depthOf(header: string | undefined, fallback: Depth): Depth {
  if (header === undefined) return fallback;
  const value = header.trim().toLowerCase();
  if (value === '0' || value === '1' || value === 'infinity') return value;
  throw davBadRequest(`Depth must be 0, 1 or infinity, not "${header}"`);
}
