/** What a chat app or a search engine shows of a share page (OpenGraph, Twitter cards). */
export interface PageMeta {
  title: string;
  description: string;
  /** The page's own address, absolute. */
  url: string;
  /** An image or video share's bytes, at an address that counts no view. */
  media?: { kind: 'image' | 'video'; url: string; type: string };
}

/** A share page's preview for a path under the base path (`/paste/abc`); null: none. */
export type PageMetaOf = (pagePath: string, base: string) => Promise<PageMeta | null>;

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tags for `<head>`; every value escaped (titles and descriptions are user text). */
export function metaTags(meta: PageMeta): string {
  const tags: [string, string][] = [
    ['og:site_name', 'Sharebin'],
    ['og:type', 'website'],
    ['og:title', meta.title],
    ['og:description', meta.description],
    ['og:url', meta.url],
    ['twitter:card', meta.media?.kind === 'image' ? 'summary_large_image' : 'summary'],
    ['twitter:title', meta.title],
    ['twitter:description', meta.description],
  ];
  if (meta.media) {
    const prefix = `og:${meta.media.kind}`;
    tags.push([prefix, meta.media.url], [`${prefix}:type`, meta.media.type]);
    if (meta.media.kind === 'image') tags.push(['twitter:image', meta.media.url]);
  }
  return tags
    .map(([name, content]) => {
      const attribute = name.startsWith('twitter:') ? 'name' : 'property';
      return `<meta ${attribute}="${name}" content="${escapeHtml(content)}">`;
    })
    .join('');
}
