import { useEffect, useState, type RefObject } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * True once the element comes within `margin` of the viewport (and from then on): what only a
 * reader scrolling down needs is loaded then, not with the page (QUALITY P8). Without
 * IntersectionObserver it is true at once, except on the server and while hydrating: the page the
 * server rendered holds what a browser shows first, which hydration must find.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '600px'): boolean {
  const hydrated = useHydrated();
  const [near, setNear] = useState(false);
  const observable = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const element = ref.current;
    if (near || !element || !observable) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near, observable]);
  return near || (hydrated && !observable);
}
