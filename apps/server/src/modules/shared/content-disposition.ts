/**
 * RFC 6266 Content-Disposition. Non-ASCII names go in `filename*` (RFC 8187, UTF-8 percent
 * encoding) with an ASCII `filename` fallback for old clients. The result is pure ASCII, so it
 * is safe as an HTTP header value and as S3's `response-content-disposition`.
 */
export function contentDisposition({
  filename,
  inline = false,
}: {
  filename?: string;
  inline?: boolean;
}): string {
  const type = inline ? 'inline' : 'attachment';
  if (filename === undefined || filename === '') return type;
  // Quotes, backslashes and `%` are dropped from the fallback: some browsers unescape or
  // percent-decode it; control characters must never reach a header.
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const disposition = `${type}; filename="${fallback}"`;
  return fallback === filename
    ? disposition
    : `${disposition}; filename*=UTF-8''${encodeRfc8187(filename)}`;
}

/**
 * encodeURIComponent leaves `'()*` alone, but they are not `attr-char`s; it throws on lone
 * surrogates, which become U+FFFD first.
 */
const encodeRfc8187 = (value: string): string =>
  encodeURIComponent(
    value.replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    ),
  ).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
