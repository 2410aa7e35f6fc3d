import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether an element is within `margin` of its scrolling container's visible part: pages and
 * thumbnails render only then, so a 500-page document draws a handful of pages at a time.
 */
export function useNearViewport(ref: RefObject<Element | null>, root: Element | null, margin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || !root) return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), { root, rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, root, margin]);
  return near;
}
