import { Suspense, useRef, type ReactNode } from 'react';
import { useNearViewport } from '../hooks/use-near-viewport';

/**
 * Shows `fallback` (which holds the part's place, anchor and title) until the reader comes near
 * it, then the lazy part itself: the sign form and the comment form are chunks a first load does
 * not fetch (QUALITY P8).
 */
export function NearSlot({
  fallback,
  margin,
  children,
}: {
  fallback: ReactNode;
  /** How near (a CSS margin around the screen); by default, as near as "What changed". */
  margin?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, margin);
  return (
    <div ref={ref} className="grid gap-6 sm:gap-8">
      {near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}
    </div>
  );
}
