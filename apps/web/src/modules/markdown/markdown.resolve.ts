import { isRelativeReference, type ReferenceResolver } from './markdown.references';

/**
 * Gives the relative images and links that `renderMarkdown(…, { holdRelative: true })` held
 * back their resolved addresses, once the HTML is in the page; returns the clean-up that stops
 * answers arriving after it from landing. A reference that does not resolve stays as written.
 */
export function resolveReferences(root: HTMLElement, resolve: ReferenceResolver): () => void {
  let cancelled = false;
  const opens = new WeakMap<Element, () => void>();

  for (const image of root.querySelectorAll<HTMLImageElement>('img[data-sb-src]')) {
    const reference = image.dataset.sbSrc ?? '';
    if (!isRelativeReference(reference)) continue;
    image.dataset.sbResolved = 'pending';
    void resolve(reference, 'image')
      .catch(() => null)
      .then((resolved) => {
        if (cancelled) return;
        image.dataset.sbResolved = resolved ? 'yes' : 'no';
        if (resolved) image.src = resolved.url;
      });
  }
  for (const anchor of root.querySelectorAll<HTMLAnchorElement>('a[data-sb-href]')) {
    const reference = anchor.dataset.sbHref ?? '';
    if (!isRelativeReference(reference)) continue;
    void resolve(reference, 'link')
      .catch(() => null)
      .then((resolved) => {
        if (cancelled || !resolved) return;
        anchor.href = resolved.url;
        if (resolved.open) {
          // Followed inside the app, in this tab.
          anchor.removeAttribute('target');
          opens.set(anchor, resolved.open);
        }
      });
  }

  const onClick = (event: MouseEvent) => {
    const anchor = (event.target as Element | null)?.closest?.('a[data-sb-href]');
    const open = anchor && opens.get(anchor);
    // A modified click (new tab, new window) goes to the address instead.
    if (!open || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    open();
  };
  root.addEventListener('click', onClick);
  return () => {
    cancelled = true;
    root.removeEventListener('click', onClick);
  };
}
