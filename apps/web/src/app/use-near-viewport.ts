import { type RefCallback, useCallback, useState } from 'react';

/**
 * Whether an element is on screen or within `marginPx` of it, followed as the page scrolls: for
 * work worth doing only for what can be seen (a long list that is not virtualised). Answers the
 * ref to put on the element, and the answer (false until the browser has told).
 */
export function useNearViewport<T extends Element>(marginPx = 300): [RefCallback<T>, boolean] {
  const [near, setNear] = useState(false);
  const ref = useCallback(
    (element: T | null) => {
      if (!element) return;
      const observer = new IntersectionObserver(
        // Several changes may come at once (in, then out, in a fast scroll): the last is now.
        (entries) => setNear(entries.at(-1)?.isIntersecting ?? false),
        { rootMargin: `${marginPx}px` },
      );
      observer.observe(element);
      // React 19 runs a ref callback's cleanup when the element goes.
      return () => observer.disconnect();
    },
    [marginPx],
  );
  return [ref, near];
}
