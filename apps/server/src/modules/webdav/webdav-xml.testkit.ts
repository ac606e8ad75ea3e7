import { DOMParser } from '@xmldom/xmldom';

/** A multistatus answer parsed as namespace-aware clients read it, whatever its prefixes. */
const parsed = (xml: string) => new DOMParser().parseFromString(xml, 'application/xml');

/** The text of each `{ns}name` element of the answer, in order. */
export function propertyTexts(xml: string, ns: string, name: string): string[] {
  return Array.from(parsed(xml).getElementsByTagNameNS(ns, name)).map(
    (element) => element.textContent ?? '',
  );
}

/** The local names of the answer's elements in namespace `ns`, in order. */
export function namesIn(xml: string, ns: string): string[] {
  return Array.from(parsed(xml).getElementsByTagNameNS(ns, '*')).map(
    (element) => element.localName ?? '',
  );
}

/** One property of an answer's response: the status of its propstat, and its text. */
export interface AnsweredProperty {
  status: number;
  text: string;
}

/** Each response of a multistatus by href, its properties by `{ns}name`. */
export function responsesOf(xml: string): Map<string, Map<string, AnsweredProperty>> {
  const found = new Map<string, Map<string, AnsweredProperty>>();
  for (const response of Array.from(parsed(xml).getElementsByTagNameNS('DAV:', 'response'))) {
    const href = response.getElementsByTagNameNS('DAV:', 'href')[0]?.textContent ?? '';
    const properties = new Map<string, AnsweredProperty>();
    for (const propstat of Array.from(response.getElementsByTagNameNS('DAV:', 'propstat'))) {
      const statusLine = propstat.getElementsByTagNameNS('DAV:', 'status')[0]?.textContent ?? '';
      const status = Number(statusLine.split(' ')[1]);
      const prop = propstat.getElementsByTagNameNS('DAV:', 'prop')[0];
      for (let node = prop?.firstChild; node; node = node.nextSibling) {
        if (node.nodeType !== 1) continue;
        const element = node as unknown as { namespaceURI: string | null; localName: string };
        properties.set(`{${element.namespaceURI ?? ''}}${element.localName}`, {
          status,
          text: node.textContent ?? '',
        });
      }
    }
    found.set(href, properties);
  }
  return found;
}
