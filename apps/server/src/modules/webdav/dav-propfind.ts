import type { FsEntry, Principal } from '@sharebin/shared';
import type { ChecksumLookup } from '../fs/checksums/fs-checksum-lookup.usecases';
import { parentPath } from '../fs/fs-entries.models';
import type { FsReadUseCases } from '../fs/fs-read.usecases';
import { davBadRequest, davFiniteDepth } from './dav.errors';
import type { Depth } from './dav-depth';
import type { DavLocks } from './dav-locks';
import { isReservedProperty, withKeptMtime } from './dav-mtime';
import type { DavPaths } from './dav-paths';
import {
  ALLPROP_LIVE_NAMES,
  isQuotaProperty,
  type LiveContext,
  liveRenderer,
} from './dav-properties';
import type { DavPropertiesRepository, DeadProperty } from './dav-properties.repository';
import type { DavQuota, StorageSpace } from './dav-quota';
import {
  childElements,
  DAV_NS,
  isDav,
  multistatusResponse,
  NamespacePrefixes,
  nameOfElement,
  PROPSTAT_OPEN,
  type PropertyName,
  parseXmlBody,
  propertyElement,
  propertyKey,
  propstatClose,
} from './dav-xml';

/** What a PROPFIND asks for (RFC 4918 §9.1); an empty body means `allprop`. */
type PropfindRequest =
  | { kind: 'allprop' }
  | { kind: 'propname' }
  | { kind: 'prop'; properties: PropertyName[] };

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

/** Entries written, and whose dead properties are read with one query, per chunk of the answer. */
const PAGE = 500;
const NO_DEAD = new Map<string, DeadProperty[]>();
const NOTHING: DeadProperty[] = [];
const LOCK_DISCOVERY: PropertyName = { ns: DAV_NS, name: 'lockdiscovery' };
const LOCK_DISCOVERY_KEY = propertyKey(LOCK_DISCOVERY);
const NO_LOCK_DISCOVERY = '<D:lockdiscovery/>';
const CLOSE_200 = propstatClose(200);
const CLOSE_404 = propstatClose(404);

/** The lockdiscovery of an entry: the active locks that cover it, an empty element for none. */
const lockDiscoveryElement = (activeLocks: string) =>
  activeLocks === '' ? NO_LOCK_DISCOVERY : `<D:lockdiscovery>${activeLocks}</D:lockdiscovery>`;

/** `oc:checksums`, read by rclone and ownCloud/Nextcloud clients; not in `allprop`, as ownCloud. */
const OWNCLOUD_NS = 'http://owncloud.org/ns';
const CHECKSUMS: PropertyName = { ns: OWNCLOUD_NS, name: 'checksums' };
const CHECKSUMS_KEY = propertyKey(CHECKSUMS);

/** What one entry's properties are written from. */
interface EntryState {
  entry: FsEntry;
  dead: DeadProperty[];
  lockDiscovery: string;
  /** `SHA1:… MD5:…` when recorded for the file's current bytes (and asked for). */
  checksums: string | undefined;
}

/** One property of a `prop` request: its element for an entry, or undefined (a 404). */
interface AskedProperty {
  render: (state: EntryState) => string | undefined;
  /** Its empty element, for the 404 propstat. */
  missing: string;
}

/** Settled once per request, so an entry costs string concatenation only. */
function responseWriter(
  request: PropfindRequest,
  prefixes: NamespacePrefixes,
  context: LiveContext,
): (state: EntryState) => string {
  if (request.kind !== 'prop') {
    const namesOnly = request.kind === 'propname';
    const live = ALLPROP_LIVE_NAMES.map((property) => ({
      render: liveRenderer(property),
      name: propertyElement(property, '', prefixes),
    }));
    return ({ entry, dead, lockDiscovery }) => {
      let found = '';
      for (const property of live) {
        const element = property.render?.(entry, context);
        if (element !== undefined) found += namesOnly ? property.name : element;
      }
      found += namesOnly ? NO_LOCK_DISCOVERY : lockDiscoveryElement(lockDiscovery);
      for (const property of dead) {
        found += propertyElement(property, namesOnly ? '' : property.value, prefixes);
      }
      return PROPSTAT_OPEN + found + CLOSE_200;
    };
  }
  const asked: AskedProperty[] = request.properties.map((property) => {
    const missing = propertyElement(property, '', prefixes);
    if (propertyKey(property) === LOCK_DISCOVERY_KEY) {
      return { missing, render: ({ lockDiscovery }) => lockDiscoveryElement(lockDiscovery) };
    }
    if (propertyKey(property) === CHECKSUMS_KEY) {
      const { tag } = prefixes.tagOf({ ns: OWNCLOUD_NS, name: 'checksum' });
      return {
        missing,
        render: ({ checksums }) =>
          checksums && propertyElement(property, `<${tag}>${checksums}</${tag}>`, prefixes),
      };
    }
    const live = liveRenderer(property);
    // A live property is never a dead one (PROPPATCH refuses to set it).
    if (live) return { missing, render: ({ entry }) => live(entry, context) };
    return {
      missing,
      render: ({ dead }) => {
        const kept = dead.find((one) => one.name === property.name && one.ns === property.ns);
        return kept && propertyElement(property, kept.value, prefixes);
      },
    };
  });
  return (state) => {
    let found = '';
    let missing = '';
    for (const property of asked) {
      const element = property.render(state);
      if (element === undefined) missing += property.missing;
      else found += element;
    }
    return (
      (found === '' ? '' : PROPSTAT_OPEN + found + CLOSE_200) +
      (missing === '' ? '' : PROPSTAT_OPEN + missing + CLOSE_404)
    );
  };
}

/** Depth infinity walks first, so a too-large tree is refused before the 207 (RFC 4918 §9.1). */
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

/** One look per mount, and only when a quota property is asked for. */
async function spacesFor(
  request: PropfindRequest,
  entries: FsEntry[],
  quota: DavQuota | undefined,
): Promise<LiveContext> {
  const asked = request.kind === 'prop' && request.properties.some(isQuotaProperty);
  if (!asked || !quota) return { spaceOf: () => undefined };
  const spaces = new Map<string, StorageSpace | null>();
  for (const entry of entries) {
    if (!entry.is_directory || entry.mount_id === null || spaces.has(entry.mount_id)) continue;
    spaces.set(entry.mount_id, await quota(entry.path));
  }
  return { spaceOf: (entry) => (entry.mount_id && spaces.get(entry.mount_id)) || undefined };
}

/** The listed folder's href is encoded once for all its members. */
function hrefWriter(paths: DavPaths, path: string): (entry: FsEntry) => string {
  const folderHref = paths.hrefOf(path, true);
  const base = path === '/' ? '/' : `${path}/`;
  return (entry) => {
    const name = entry.path.slice(base.length);
    if (!entry.path.startsWith(base) || name.includes('/') || name === '') {
      return paths.hrefOf(entry.path, entry.is_directory);
    }
    return folderHref + encodeURIComponent(name) + (entry.is_directory ? '/' : '');
  };
}

export interface PropfindDeps {
  read: FsReadUseCases;
  locks: Pick<DavLocks, 'discovery'>;
  properties: Pick<DavPropertiesRepository, 'ofPaths' | 'namespacesAtOrBelow'>;
  /** The space of the storage at a path, for RFC 4331's quota properties; without it, none. */
  quota?: DavQuota;
  /** Recorded checksums of files, for `oc:checksums`; without it, none. */
  checksums?: ChecksumLookup;
  /** How this server's WebDAV hrefs read (its prefix). */
  paths: DavPaths;
  maxInfinityEntries: number;
}

/** One query per folder; none unless `oc:checksums` is asked for. */
async function checksumsFor(
  request: PropfindRequest,
  lookup: ChecksumLookup | undefined,
  principal: Principal,
  slice: FsEntry[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const asked =
    request.kind === 'prop' &&
    request.properties.some((property) => propertyKey(property) === CHECKSUMS_KEY);
  if (!asked || !lookup) return found;
  const byFolder = new Map<string, FsEntry[]>();
  for (const entry of slice) {
    if (entry.is_directory || entry.is_virtual) continue;
    const folder = parentPath(entry.path);
    const files = byFolder.get(folder);
    if (files) files.push(entry);
    else byFolder.set(folder, [entry]);
  }
  for (const [folder, files] of byFolder) {
    const subjects = files.map((file) => ({
      name: file.name,
      isDirectory: false,
      etag: file.etag,
    }));
    const byName = await lookup.inFolder(principal, folder, subjects);
    for (const file of files) {
      const checksums = byName.get(file.name);
      if (checksums) found.set(file.path, checksums);
    }
  }
  return found;
}

export async function propfind(
  { read, properties, locks, quota, checksums, paths, maxInfinityEntries }: PropfindDeps,
  principal: Principal,
  path: string,
  depth: Depth,
  body: string,
): Promise<Response> {
  const request = parsePropfind(body);
  const entries = await entriesFor(read, principal, path, depth, maxInfinityEntries);
  const discoveryOf = await locks.discovery();
  // One query tells which namespaces the dead properties below use; most folders have none.
  const namespaces = await properties.namespacesAtOrBelow(path);
  // The kept client times (reserved) are dead properties too, but never shown.
  const anyDead = namespaces.length > 0;
  const deadNamespaces = namespaces.filter((ns) => !isReservedProperty({ ns, name: '' }));
  const asked = request.kind === 'prop' ? request.properties.map((property) => property.ns) : [];
  const prefixes = new NamespacePrefixes([
    ...asked,
    ...(request.kind === 'prop' ? [] : deadNamespaces),
  ]);
  const writeResponse = responseWriter(request, prefixes, await spacesFor(request, entries, quota));
  const hrefOfEntry = hrefWriter(paths, path);

  async function page(start: number): Promise<string> {
    const slice = entries.slice(start, start + PAGE);
    const dead = anyDead ? await properties.ofPaths(slice.map((entry) => entry.path)) : NO_DEAD;
    const recorded = await checksumsFor(request, checksums, principal, slice);
    let xml = '';
    for (const listed of slice) {
      const { entry, dead: visible } = withKeptMtime(listed, dead.get(listed.path) ?? NOTHING);
      xml += `<D:response><D:href>${hrefOfEntry(entry)}</D:href>${writeResponse({
        entry,
        dead: visible,
        lockDiscovery: discoveryOf(entry.path),
        checksums: recorded.get(entry.path),
      })}</D:response>`;
    }
    return xml;
  }

  // One page or less: one string. More: each page is written as the client reads the one before.
  if (entries.length <= PAGE) return multistatusResponse([await page(0)], prefixes);
  async function* pages() {
    for (let start = 0; start < entries.length; start += PAGE) yield await page(start);
  }
  return multistatusResponse(pages(), prefixes);
}
