/** The encodings this server sends, best first: Brotli is smaller than gzip for text. */
export type ContentEncoding = 'br' | 'gzip';

/**
 * The best of `available` that an `Accept-Encoding` header allows (RFC 9110 §12.5.3): an
 * explicit q=0 refuses a coding, `*` stands for codings the header does not name. Ties go
 * to the order of `available`. Undefined means identity.
 */
export function pickEncoding(
  header: string | undefined,
  available: readonly ContentEncoding[],
): ContentEncoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  let best: { encoding: ContentEncoding; weight: number } | undefined;
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > 0 && (!best || weight > best.weight)) best = { encoding, weight };
  }
  return best?.encoding;
}

/** Adds Accept-Encoding to a Vary header value, once. */
export function varyOnAcceptEncoding(current: string | null): string {
  if (!current) return 'Accept-Encoding';
  if (current === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return `${current}, Accept-Encoding`;
}
