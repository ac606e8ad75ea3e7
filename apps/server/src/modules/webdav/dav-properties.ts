import type { FsEntry } from '@sharebin/shared';
import type { StorageSpace } from './dav-quota';
import { DAV_NS, escapeText, type PropertyName } from './dav-xml';

/** What a live property needs besides the entry: the space of its storage, for the quota. */
export interface LiveContext {
  spaceOf: (entry: FsEntry) => StorageSpace | undefined;
}

/** What a live property shows for an entry (its XML content); undefined where it has none. */
type LiveValue = (entry: FsEntry, context: LiveContext) => string | undefined;

/** A date the entry really has: none, or the Unix epoch a storage answers for "unknown", is none. */
const dateOf = (entry: FsEntry) =>
  entry.modified && !entry.modified.startsWith('1970-01-01T00:00:00') ? entry.modified : undefined;

/**
 * HTTP-dates by ISO time, to the second: the entries of a folder often share their times, and
 * parsing and formatting a date costs more than the rest of an entry. Emptied when full, so it
 * keeps the times of the folders being listed now.
 */
const httpDates = new Map<string, string>();
const HTTP_DATES_KEPT = 4096;

function httpDate(iso: string): string {
  const second = iso.slice(0, 19);
  let formatted = httpDates.get(second);
  if (formatted === undefined) {
    formatted = new Date(iso).toUTCString();
    if (httpDates.size >= HTTP_DATES_KEPT) httpDates.clear();
    httpDates.set(second, formatted);
  }
  return formatted;
}

/** RFC 3339 to the second, as getlastmodified: `2026-12-06T08:05:22Z`. */
const toSecond = (iso: string) =>
  iso[19] === '.' && iso.endsWith('Z') ? `${iso.slice(0, 19)}Z` : iso;

const SUPPORTED_LOCKS = ['exclusive', 'shared']
  .map(
    (scope) =>
      `<D:lockentry><D:lockscope><D:${scope}/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>`,
  )
  .join('');

const spaceValue =
  (pick: (space: StorageSpace) => number): LiveValue =>
  (entry, context) => {
    if (!entry.is_directory) return undefined;
    const space = context.spaceOf(entry);
    return space === undefined ? undefined : String(Math.max(0, Math.floor(pick(space))));
  };

/**
 * The live properties Sharebin computes from the file system: RFC 4918 §15 (all answered by
 * `allprop`, lockdiscovery aside, which the locks answer) and RFC 4331's quota, which `allprop`
 * leaves out (RFC 4331 §3): it costs a look at the storage, and only clients that ask use it.
 */
const LIVE: Record<string, { value: LiveValue; inAllprop: boolean }> = {
  resourcetype: {
    value: (entry) => (entry.is_directory ? '<D:collection/>' : ''),
    inAllprop: true,
  },
  displayname: { value: (entry) => escapeText(entry.name || '/'), inAllprop: true },
  getcontentlength: {
    value: (entry) => (entry.is_directory ? undefined : String(entry.size ?? 0)),
    inAllprop: true,
  },
  getcontenttype: {
    value: (entry) =>
      entry.is_directory ? undefined : escapeText(entry.mimetype ?? 'application/octet-stream'),
    inAllprop: true,
  },
  getetag: {
    value: (entry) => (entry.etag ? escapeText(`"${entry.etag}"`) : undefined),
    inAllprop: true,
  },
  getlastmodified: {
    value: (entry) => {
      const date = dateOf(entry);
      return date === undefined ? undefined : httpDate(date);
    },
    inAllprop: true,
  },
  // Storages keep no creation time: the last change is the closest true answer.
  creationdate: {
    value: (entry) => {
      const date = dateOf(entry);
      return date === undefined ? undefined : toSecond(date);
    },
    inAllprop: true,
  },
  supportedlock: { value: () => SUPPORTED_LOCKS, inAllprop: true },
  'quota-available-bytes': { value: spaceValue((space) => space.availableBytes), inAllprop: false },
  'quota-used-bytes': { value: spaceValue((space) => space.usedBytes), inAllprop: false },
};

export const isLiveProperty = (property: PropertyName) =>
  property.ns === DAV_NS && Object.hasOwn(LIVE, property.name);

export const isQuotaProperty = (property: PropertyName) =>
  property.ns === DAV_NS && property.name.startsWith('quota-') && isLiveProperty(property);

/**
 * A live property as a function of the entry: its whole element, or undefined when the entry
 * does not have it. Tags are made once per request, not once per entry.
 */
export type LiveRenderer = (entry: FsEntry, context: LiveContext) => string | undefined;

export function liveRenderer(property: PropertyName): LiveRenderer | undefined {
  if (!isLiveProperty(property)) return undefined;
  const { value } = LIVE[property.name] as (typeof LIVE)[string];
  const open = `<D:${property.name}>`;
  const close = `</D:${property.name}>`;
  const empty = `<D:${property.name}/>`;
  return (entry, context) => {
    const content = value(entry, context);
    if (content === undefined) return undefined;
    return content === '' ? empty : open + content + close;
  };
}

/** The live properties `allprop` answers (RFC 4918 §9.1), lockdiscovery aside. */
export const ALLPROP_LIVE_NAMES: PropertyName[] = Object.entries(LIVE)
  .filter(([, live]) => live.inAllprop)
  .map(([name]) => ({ ns: DAV_NS, name }));
