import type { FsEntry } from '@sharebin/shared';
import { DAV_NS, escapeXml, type PropertyName, propertyElement } from './dav-xml';

/** What a live property shows for an entry; undefined where the entry has none (a folder's size). */
type LiveProperty = (entry: FsEntry) => string | undefined;

const httpDate = (iso: string | null) => (iso ? new Date(iso).toUTCString() : undefined);

const SUPPORTED_LOCKS = ['exclusive', 'shared']
  .map(
    (scope) =>
      `<D:lockentry><D:lockscope><D:${scope}/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>`,
  )
  .join('');

/** The live properties of RFC 4918 §15 that Sharebin computes from the file system. */
const LIVE: Record<string, LiveProperty> = {
  resourcetype: (entry) => (entry.is_directory ? '<D:collection/>' : ''),
  displayname: (entry) => escapeXml(entry.name || '/'),
  getcontentlength: (entry) => (entry.is_directory ? undefined : String(entry.size ?? 0)),
  getcontenttype: (entry) =>
    entry.is_directory ? undefined : escapeXml(entry.mimetype ?? 'application/octet-stream'),
  getetag: (entry) => (entry.etag ? escapeXml(`"${entry.etag}"`) : undefined),
  getlastmodified: (entry) => httpDate(entry.modified),
  // Storages keep no creation time: the last change is the closest true answer.
  creationdate: (entry) => entry.modified ?? undefined,
  supportedlock: () => SUPPORTED_LOCKS,
};

export const LIVE_PROPERTY_NAMES: PropertyName[] = Object.keys(LIVE).map((name) => ({
  ns: DAV_NS,
  name,
}));

export const isLiveProperty = (property: PropertyName) =>
  property.ns === DAV_NS && property.name in LIVE;

/** The live property as an element, or undefined when the entry does not have it. */
export function liveProperty(entry: FsEntry, property: PropertyName): string | undefined {
  if (property.ns !== DAV_NS) return undefined;
  const value = LIVE[property.name]?.(entry);
  return value === undefined ? undefined : propertyElement(property, value);
}

/** Every live property the entry has (for `allprop`), or only their names (for `propname`). */
export function allLiveProperties(entry: FsEntry, namesOnly: boolean): string[] {
  return LIVE_PROPERTY_NAMES.flatMap((property) => {
    const element = liveProperty(entry, property);
    if (element === undefined) return [];
    return [namesOnly ? propertyElement(property) : element];
  });
}
