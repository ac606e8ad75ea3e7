const MIB = 1024 * 1024;

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * What recognises a file chosen again after a reload (issue 32, resumable uploads): a SHA-256 of
 * its name, size, last-modified time and its first and last MiB, so a file edited in between is
 * not taken for the one half sent. Reads at most 2 MiB, whatever the file's size. Null where the
 * browser has no Web Crypto (a page served over plain http to another host): no resume then.
 * `secret` makes the fingerprint this browser's own where strangers share the calls (an upload
 * request's visitors): one who sends the same file cannot pick up another's upload.
 */
export async function fileFingerprint(file: File, secret = ''): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const head = new TextEncoder().encode(
    `${secret}\n${file.name}\n${file.size}\n${file.lastModified}\n`,
  );
  const ends = file.size <= 2 * MIB ? [file] : [file.slice(0, MIB), file.slice(file.size - MIB)];
  const parts = await Promise.all(ends.map((blob) => blob.arrayBuffer()));
  const whole = new Uint8Array(head.length + parts.reduce((sum, part) => sum + part.byteLength, 0));
  whole.set(head, 0);
  let offset = head.length;
  for (const part of parts) {
    whole.set(new Uint8Array(part), offset);
    offset += part.byteLength;
  }
  try {
    return base64url(await subtle.digest('SHA-256', whole));
  } catch {
    return null;
  }
}
