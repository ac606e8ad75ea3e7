/**
 * A Content-Type value reduced to what we store and serve: the lower-cased `type/subtype` and a
 * charset when one is given. Other parameters are dropped, and a value holding a list (a comma)
 * is refused: browsers pick one type out of such a list by rules of their own, so a check on
 * the first type would not be a check on the one that runs (ARCHITECTURE.md §4).
 */
export function normalizeMediaType(value: string | null | undefined): string | undefined {
  if (!value || value.includes(',')) return undefined;
  const match = /^\s*([\w.+-]+\/[\w.+-]+)\s*(?:;(.*))?$/.exec(value);
  if (!match?.[1]) return undefined;
  const essence = match[1].toLowerCase();
  const charset = /(?:^|;)\s*charset\s*=\s*"?([\w.-]+)"?\s*(?:;|$)/i.exec(match[2] ?? '')?.[1];
  return charset ? `${essence}; charset=${charset.toLowerCase()}` : essence;
}

/**
 * Passive types, matched whole: a prefix match let `image/png+xml` and `video/x+xml` through, and
 * a browser renders any `+xml` type as XML, scripts included. Video and audio subtypes take no
 * `+` suffix for the same reason.
 */
const PASSIVE =
  /^(?:image\/(?:png|jpeg|gif|webp|avif|bmp)|(?:video|audio)\/[a-z0-9.-]+|application\/pdf|text\/plain|text\/markdown|text\/csv|application\/json)$/;

/** Types a browser could run: served inline only inside a CSP sandbox (ARCHITECTURE.md §4). */
export function isActiveContent(mimetype: string): boolean {
  const type = mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
  return !PASSIVE.test(type);
}

/**
 * A normalised type as served: text without a declared charset is sent as UTF-8. Browsers
 * would otherwise guess (windows-1252 for most locales), and UTF-8 text opened in a tab shows
 * `cafÃ©`. A charset that is known stays.
 */
export function servedMediaType(normalized: string): string {
  return normalized.startsWith('text/') && !normalized.includes(';')
    ? `${normalized}; charset=utf-8`
    : normalized;
}
