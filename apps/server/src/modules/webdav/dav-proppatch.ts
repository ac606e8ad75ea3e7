import { davBadRequest } from './dav.errors';
import { isReservedProperty } from './dav-mtime';
import { hrefOf } from './dav-paths';
import { isLiveProperty } from './dav-properties';
import type { DavPropertiesRepository, PropertyChange } from './dav-properties.repository';
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

/** Computed from the storage, or kept by Sharebin itself (the X-OC-Mtime time). */
const isProtected = (property: PropertyName) =>
  isLiveProperty(property) || isReservedProperty(property);

/**
 * PROPPATCH: every change or none. Live properties are computed from the storage and cannot be
 * set (403, and 424 for the rest, which are then not applied either).
 */
export async function proppatch(
  properties: Pick<DavPropertiesRepository, 'apply'>,
  path: string,
  isDirectory: boolean,
  body: string,
): Promise<Response> {
  const changes = parsePropertyUpdate(body);
  const refused = changes.filter(isProtected);
  const names = (list: PropertyChange[]) => list.map((change) => propertyElement(change));
  if (refused.length > 0) {
    const rest = changes.filter((change) => !isProtected(change));
    return multistatusResponse([
      responseElement(hrefOf(path, isDirectory), [
        { status: 403, properties: names(refused) },
        { status: 424, properties: names(rest) },
      ]),
    ]);
  }
  await properties.apply(path, changes);
  return multistatusResponse([
    responseElement(hrefOf(path, isDirectory), [{ status: 200, properties: names(changes) }]),
  ]);
}
