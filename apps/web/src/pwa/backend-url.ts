/**
 * A backend address typed in the environment switcher: an http(s) URL without credentials,
 * query or fragment, kept without its trailing slash (the API client appends `/api`).
 * Empty means this server. Answers null for anything else.
 */
export function parseBackendUrl(input: string): { url: string | null } | null {
  const trimmed = input.trim();
  if (trimmed === '') return { url: null };
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password || parsed.search || parsed.hash) return null;
  return { url: `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '') };
}
