import { DOMParser, type Element, XMLSerializer } from '@xmldom/xmldom';
import { readPlainTextBody } from '../../app/request-body';
import { DavError } from './dav.errors';

export const DAV_NS = 'DAV:';
export const xmlDeclaration = '<?xml version="1.0" encoding="utf-8"?>\n';

/** A property by its namespace and local name (`{DAV:}getetag`). */
export interface PropertyName {
  ns: string;
  name: string;
}

export const propertyKey = ({ ns, name }: PropertyName) => `{${ns}}${name}`;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/**
 * The root element of a request body, or null for an empty body. A body that is not
 * well-formed XML is a 400 (RFC 4918 §8.2), never a guess at what it meant.
 */
export function parseXmlBody(text: string): Element | null {
  if (text.trim() === '') return null;
  let root: Element | null = null;
  try {
    // Warnings too: a body we would have to guess at is refused (litmus: invalid namespaces).
    const document = new DOMParser({
      onError: (_level, message) => {
        throw new Error(message);
      },
    }).parseFromString(text, 'application/xml');
    root = document.documentElement as Element | null;
  } catch (error) {
    throw new DavError(400, `The XML body is not well-formed: ${(error as Error).message}`);
  }
  if (!root) throw new DavError(400, 'The XML body has no root element');
  return root;
}

/** The content of an element as XML; the serialiser declares the namespaces it uses. */
export function innerXml(element: Element): string {
  const serializer = new XMLSerializer();
  let xml = '';
  for (let node = element.firstChild; node; node = node.nextSibling) {
    xml += serializer.serializeToString(node);
  }
  return xml;
}

/** The element children of `element` (text and comments skipped). */
export function childElements(element: Element): Element[] {
  const children: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) children.push(node as Element);
  }
  return children;
}

export const isDav = (element: Element, localName: string) =>
  element.namespaceURI === DAV_NS && element.localName === localName;

export const nameOfElement = (element: Element): PropertyName => ({
  ns: element.namespaceURI ?? '',
  name: element.localName ?? element.nodeName,
});

/**
 * An element named `property` holding `innerXml`: `D:` for the DAV namespace, any other
 * namespace declared on the element itself, so no prefix table is needed across the answer.
 */
export function propertyElement(property: PropertyName, innerXml = ''): string {
  const tag = property.ns === DAV_NS ? `D:${property.name}` : property.name;
  const declaration = property.ns === DAV_NS ? '' : ` xmlns="${escapeXml(property.ns)}"`;
  return innerXml === '' ? `<${tag}${declaration}/>` : `<${tag}${declaration}>${innerXml}</${tag}>`;
}

/** One `D:response` of a multistatus: the properties found (200) and the missing ones, by status. */
export function responseElement(
  href: string,
  propstats: { status: number; properties: string[] }[],
): string {
  const stats = propstats
    .filter((stat) => stat.properties.length > 0)
    .map(
      (stat) =>
        `<D:propstat><D:prop>${stat.properties.join('')}</D:prop><D:status>HTTP/1.1 ${stat.status} ${reasonOf(stat.status)}</D:status></D:propstat>`,
    )
    .join('');
  return `<D:response><D:href>${escapeXml(href)}</D:href>${stats}</D:response>\n`;
}

/** A `D:response` that carries only a status (a member a COPY, MOVE or DELETE could not touch). */
export const statusResponseElement = (href: string, status: number) =>
  `<D:response><D:href>${escapeXml(href)}</D:href><D:status>HTTP/1.1 ${status} ${reasonOf(status)}</D:status></D:response>\n`;

const REASONS: Record<number, string> = {
  200: 'OK',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  423: 'Locked',
  424: 'Failed Dependency',
  507: 'Insufficient Storage',
};

export const reasonOf = (status: number) => REASONS[status] ?? 'Error';

/** A 207 whose body is written as `parts` yields it, element by element, never built whole. */
export function multistatusResponse(parts: AsyncIterable<string> | Iterable<string>): Response {
  const encoder = new TextEncoder();
  async function* document() {
    yield `${xmlDeclaration}<D:multistatus xmlns:D="DAV:">\n`;
    for await (const part of parts) yield part;
    yield '</D:multistatus>\n';
  }
  const iterator = document();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
  return new Response(body, {
    status: 207,
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
}

/**
 * The largest XML body (PROPFIND, PROPPATCH, LOCK) read; larger answers 413. Room for a
 * resource's whole 1 MiB of dead properties in one PROPPATCH, with its markup.
 */
export const DAV_XML_BODY_MAX_BYTES = 2 * 1024 * 1024;

/** A request's XML body as text, within DAV_XML_BODY_MAX_BYTES (never read whole past it). */
export const readXmlBody = (request: Request) => readPlainTextBody(request, DAV_XML_BODY_MAX_BYTES);
