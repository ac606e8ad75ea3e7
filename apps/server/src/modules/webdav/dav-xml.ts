import { DOMParser, type Element, XMLSerializer } from '@xmldom/xmldom';
import { readPlainTextBody } from '../../app/request-body';
import { DavError } from './dav.errors';
import { xmlDeclaration } from './dav-xml-declaration';

export const DAV_NS = 'DAV:';

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

const TEXT_SPECIALS = /[&<>]/;

/** Quotes need no escape outside attributes, so an ETag's `"` costs no `&quot;`. */
export const escapeText = (text: string) =>
  TEXT_SPECIALS.test(text) ? text.replace(/[&<>]/g, (c) => ESCAPES[c] as string) : text;

/** Malformed XML is a 400 (RFC 4918 §8.2), never a guess; null for an empty body. */
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

/** Prefixes after `D` (DAV:), in the order namespaces are met: a, b, …, z, then n26, n27, … */
const prefixName = (index: number) => (index < 26 ? String.fromCharCode(97 + index) : `n${index}`);

/**
 * No default namespace: Windows reads DAV: only with a prefix (golang/go#11177), and a dead
 * property without a namespace must not fall into one.
 */
export class NamespacePrefixes {
  private readonly prefixes = new Map<string, string>([[DAV_NS, 'D']]);

  constructor(namespaces: Iterable<string> = []) {
    for (const ns of namespaces) {
      if (ns !== '' && !this.prefixes.has(ns)) {
        this.prefixes.set(ns, prefixName(this.prefixes.size - 1));
      }
    }
  }

  /** ` xmlns:D="DAV:" xmlns:a="…"`, for the root element. */
  get declarations(): string {
    let declared = '';
    for (const [ns, prefix] of this.prefixes) declared += ` xmlns:${prefix}="${escapeXml(ns)}"`;
    return declared;
  }

  /** A local declaration only for a namespace met after the root was written. */
  tagOf({ ns, name }: PropertyName): { tag: string; declaration: string } {
    if (ns === '') return { tag: name, declaration: '' };
    const prefix = this.prefixes.get(ns);
    if (prefix !== undefined) return { tag: `${prefix}:${name}`, declaration: '' };
    return { tag: `x:${name}`, declaration: ` xmlns:x="${escapeXml(ns)}"` };
  }
}

/** An answer that declares DAV: alone (PROPPATCH, errors). */
const DAV_ONLY = new NamespacePrefixes();

/** An element named `property` holding `innerXml`, under the root's namespace prefixes. */
export function propertyElement(
  property: PropertyName,
  innerXml = '',
  prefixes: NamespacePrefixes = DAV_ONLY,
): string {
  const { tag, declaration } = prefixes.tagOf(property);
  return innerXml === '' ? `<${tag}${declaration}/>` : `<${tag}${declaration}>${innerXml}</${tag}>`;
}

/** The opening of a propstat, and its close for each status. */
export const PROPSTAT_OPEN = '<D:propstat><D:prop>';
export const propstatClose = (status: number) =>
  `</D:prop><D:status>HTTP/1.1 ${status} ${reasonOf(status)}</D:status></D:propstat>`;

/** One `D:response` of a multistatus: the properties found (200) and the missing ones, by status. */
export function responseElement(
  href: string,
  propstats: { status: number; properties: string[] }[],
): string {
  let stats = '';
  for (const { status, properties } of propstats) {
    if (properties.length > 0) stats += PROPSTAT_OPEN + properties.join('') + propstatClose(status);
  }
  return `<D:response><D:href>${escapeText(href)}</D:href>${stats}</D:response>`;
}

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

const MULTISTATUS_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8' };

/** Streamed part by part, never built whole; an array of parts skips the stream machinery. */
export function multistatusResponse(
  parts: AsyncIterable<string> | Iterable<string>,
  prefixes: NamespacePrefixes = DAV_ONLY,
): Response {
  const open = `${xmlDeclaration}<D:multistatus${prefixes.declarations}>`;
  const close = '</D:multistatus>';
  if (Array.isArray(parts)) {
    return new Response(open + parts.join('') + close, {
      status: 207,
      headers: MULTISTATUS_HEADERS,
    });
  }
  const encoder = new TextEncoder();
  async function* document() {
    yield open;
    for await (const part of parts) yield part;
    yield close;
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
  return new Response(body, { status: 207, headers: MULTISTATUS_HEADERS });
}

/** Larger answers 413; room for a resource's whole 1 MiB of dead properties plus markup. */
export const DAV_XML_BODY_MAX_BYTES = 2 * 1024 * 1024;

/** A request's XML body as text, within DAV_XML_BODY_MAX_BYTES (never read whole past it). */
export const readXmlBody = (request: Request) => readPlainTextBody(request, DAV_XML_BODY_MAX_BYTES);
