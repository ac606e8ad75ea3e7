import type { FsEntry, Principal } from '@sharebin/shared';
import type { FsReadUseCases } from '../fs/fs-read.usecases';
import { davBadRequest, davFiniteDepth } from './dav.errors';
import type { DavLocks } from './dav-locks';
import { withKeptMtime } from './dav-mtime';
import { davPrefix, hrefOf, withDavPrefix } from './dav-paths';
import { allLiveProperties, liveProperty } from './dav-properties';
import type { DavPropertiesRepository, DeadProperty } from './dav-properties.repository';
import {
  childElements,
  DAV_NS,
  isDav,
  multistatusResponse,
  nameOfElement,
  type PropertyName,
  parseXmlBody,
  propertyElement,
  propertyKey,
  responseElement,
} from './dav-xml';

/** What a PROPFIND asks for (RFC 4918 §9.1); an empty body means `allprop`. */
type PropfindRequest =
  | { kind: 'allprop' }
  | { kind: 'propname' }
  | { kind: 'prop'; properties: PropertyName[] };

export type Depth = '0' | '1' | 'infinity';

export function depthOf(header: string | undefined, fallback: Depth): Depth {
  if (header === undefined) return fallback;
  const value = header.trim().toLowerCase();
  if (value === '0' || value === '1' || value === 'infinity') return value;
  throw davBadRequest(`Depth must be 0, 1 or infinity, not "${header}"`);
}

export function parsePropfind(body: string): PropfindRequest {
  const root = parseXmlBody(body);
  if (!root) return { kind: 'allprop' };
  if (!isDav(root, 'propfind')) throw davBadRequest('The body must be a DAV:propfind');
  for (const child of childElements(root)) {
    if (isDav(child, 'allprop')) return { kind: 'allprop' };
    if (isDav(child, 'propname')) return { kind: 'propname' };
    if (isDav(child, 'prop')) {
      return { kind: 'prop', properties: childElements(child).map(nameOfElement) };
    }
  }
  throw davBadRequest('A DAV:propfind holds allprop, propname or prop');
}

/** Entries whose dead properties are read with one query. */
const PAGE = 500;
const NO_DEAD = new Map<string, DeadProperty[]>();

/** The `D:response` of one entry for the request. */
function responseOf(
  entry: FsEntry,
  request: PropfindRequest,
  dead: DeadProperty[],
  lockDiscovery: string,
): string {
  const href = hrefOf(entry.path, entry.is_directory);
  if (request.kind !== 'prop') {
    const namesOnly = request.kind === 'propname';
    const deadElements = dead.map((property) =>
      propertyElement(property, namesOnly ? '' : property.value),
    );
    const discovery = propertyElement(LOCK_DISCOVERY, namesOnly ? '' : lockDiscovery);
    return responseElement(href, [
      {
        status: 200,
        properties: [...allLiveProperties(entry, namesOnly), discovery, ...deadElements],
      },
    ]);
  }
  const found: string[] = [];
  const missing: string[] = [];
  const deadByKey = new Map(dead.map((property) => [propertyKey(property), property]));
  for (const property of request.properties) {
    const deadProperty = deadByKey.get(propertyKey(property));
    const element = deadProperty
      ? propertyElement(property, deadProperty.value)
      : propertyKey(property) === propertyKey(LOCK_DISCOVERY)
        ? propertyElement(property, lockDiscovery)
        : liveProperty(entry, property);
    if (element === undefined) missing.push(propertyElement(property));
    else found.push(element);
  }
  return responseElement(href, [
    { status: 200, properties: found },
    { status: 404, properties: missing },
  ]);
}

/**
 * The entries a Depth asks for. Depth infinity walks the tree first, up to `maxEntries`, so
 * that a tree too large is refused before the 207 starts (RFC 4918 §9.1 finite depth).
 */
async function entriesFor(
  read: FsReadUseCases,
  principal: Principal,
  path: string,
  depth: Depth,
  maxEntries: number,
): Promise<FsEntry[]> {
  const self = await read.get(principal, path);
  if (depth === '0' || !self.is_directory) return [self];
  if (depth === '1') {
    const listing = await read.list(principal, path);
    return [self, ...listing.items];
  }
  const entries: FsEntry[] = [self];
  const folders = [path];
  for (let folder = folders.shift(); folder !== undefined; folder = folders.shift()) {
    const listing = await read.list(principal, folder);
    for (const item of listing.items) {
      entries.push(item);
      if (entries.length > maxEntries) throw davFiniteDepth(maxEntries);
      if (item.is_directory) folders.push(item.path);
    }
  }
  return entries;
}

const LOCK_DISCOVERY: PropertyName = { ns: DAV_NS, name: 'lockdiscovery' };

export interface PropfindDeps {
  read: FsReadUseCases;
  locks: Pick<DavLocks, 'discovery'>;
  properties: Pick<DavPropertiesRepository, 'ofPaths' | 'anyAtOrBelow'>;
  maxInfinityEntries: number;
}

export async function propfind(
  { read, properties, locks, maxInfinityEntries }: PropfindDeps,
  principal: Principal,
  path: string,
  depth: Depth,
  body: string,
): Promise<Response> {
  const request = parsePropfind(body);
  const entries = await entriesFor(read, principal, path, depth, maxInfinityEntries);
  const discoveryOf = await locks.discovery();
  // One query tells whether any entry below has dead properties; most folders have none.
  const anyDead = await properties.anyAtOrBelow(path);
  // The pages are written as the client reads them, outside this request's async context:
  // each is written under the request's WebDAV prefix explicitly.
  const prefix = davPrefix();
  async function* responses() {
    // A page of entries becomes one chunk of the answer: 10,000 small chunks cost more than
    // the XML itself.
    for (let start = 0; start < entries.length; start += PAGE) {
      const page = entries.slice(start, start + PAGE);
      const dead = anyDead ? await properties.ofPaths(page.map((entry) => entry.path)) : NO_DEAD;
      yield withDavPrefix(prefix, () =>
        page
          .map((listed) => {
            const { entry, dead: visible } = withKeptMtime(listed, dead.get(listed.path) ?? []);
            return responseOf(entry, request, visible, discoveryOf(entry.path));
          })
          .join(''),
      );
    }
  }
  return multistatusResponse(responses());
}
