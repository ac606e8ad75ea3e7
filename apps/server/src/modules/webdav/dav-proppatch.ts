import { davBadRequest } from './dav.errors';
import { isReservedProperty } from './dav-mtime';
import type { DavPaths } from './dav-paths';
import { isLiveProperty } from './dav-properties';
import type {
  DavPropertiesRepository,
  DeadPropertyLimits,
  PropertyChange,
} from './dav-properties.repository';
import {
  childElements,
  innerXml,
  isDav,
  multistatusResponse,
  nameOfElement,
  type PropertyName,
  parseXmlBody,
  propertyElement,
  responseElement,
} from './dav-xml';

/** The set and remove instructions of a DAV:propertyupdate, in document order (§9.2). */
export function parsePropertyUpdate(body: string): PropertyChange[] {
  const root = parseXmlBody(body);
  if (!root || !isDav(root, 'propertyupdate')) {
    throw davBadRequest('The body must be a DAV:propertyupdate');
  }
  const changes: PropertyChange[] = [];
  for (const instruction of childElements(root)) {
    const setting = isDav(instruction, 'set');
    if (!setting && !isDav(instruction, 'remove')) continue;
    for (const prop of childElements(instruction).filter((child) => isDav(child, 'prop'))) {
      for (const property of childElements(prop)) {
        changes.push({ ...nameOfElement(property), value: setting ? innerXml(property) : null });
      }
    }
  }
  if (changes.length === 0) throw davBadRequest('The propertyupdate changes nothing');
  return changes;
}

/**
 * What dead properties one resource may keep (README, WebDAV): a key with a writable mount
 * must not be able to fill the database through PROPPATCH.
 */
export const DEAD_PROPERTY_LIMITS: DeadPropertyLimits & { valueBytes: number } = {
  /** One property's value (its XML). */
  valueBytes: 64 * 1024,
  count: 256,
  totalBytes: 1024 * 1024,
};

/** Computed from the storage, or kept by Sharebin itself (the X-OC-Mtime time). */
const isProtected = (property: PropertyName) =>
  isLiveProperty(property) || isReservedProperty(property);

/**
 * PROPPATCH: every change or none. Live properties are computed from the storage and cannot be
 * set (403); a value or a resource past DEAD_PROPERTY_LIMITS cannot be stored (507). The other
 * changes then answer 424 and are not applied either.
 */
export async function proppatch(
  properties: Pick<DavPropertiesRepository, 'apply'>,
  paths: DavPaths,
  path: string,
  isDirectory: boolean,
  body: string,
): Promise<Response> {
  const changes = parsePropertyUpdate(body);
  const names = (list: PropertyChange[]) => list.map((change) => propertyElement(change));
  const refusedFor = (status: number, refused: PropertyChange[]) =>
    multistatusResponse([
      responseElement(paths.hrefOf(path, isDirectory), [
        { status, properties: names(refused) },
        { status: 424, properties: names(changes.filter((change) => !refused.includes(change))) },
      ]),
    ]);
  const protectedOnes = changes.filter(isProtected);
  if (protectedOnes.length > 0) return refusedFor(403, protectedOnes);
  const oversized = changes.filter(
    (change) =>
      change.value !== null &&
      Buffer.byteLength(change.value, 'utf8') > DEAD_PROPERTY_LIMITS.valueBytes,
  );
  if (oversized.length > 0) return refusedFor(507, oversized);
  if (!(await properties.apply(path, changes, DEAD_PROPERTY_LIMITS))) {
    return refusedFor(
      507,
      changes.filter((change) => change.value !== null),
    );
  }
  return multistatusResponse([
    responseElement(paths.hrefOf(path, isDirectory), [{ status: 200, properties: names(changes) }]),
  ]);
}
