import { lazy, Suspense } from 'react';
import type { TConflictDialogProps } from './conflict-dialog';

const ConflictDialog = lazy(() => import('./conflict-dialog').then((m) => ({ default: m.ConflictDialog })));

/**
 * The conflict dialog in a chunk of its own, fetched the first time two saves collide: it brings
 * the revision diff and its view, which no other screen of the app shell needs (QUALITY P8).
 */
export function LazyConflictDialog(props: TConflictDialogProps) {
  return (
    <Suspense fallback={null}>
      <ConflictDialog {...props} />
    </Suspense>
  );
}
