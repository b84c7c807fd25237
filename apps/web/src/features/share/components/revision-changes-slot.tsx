import { useLingui } from '@lingui/react';
import { Suspense, useRef, type ComponentProps, type Ref } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useNearViewport } from '../hooks/use-near-viewport';
import { RevisionChanges } from './lazy-parts';

/** Holds the place of "What changed" (and its #changes anchor) until its code is needed. */
function ChangesPlaceholder({ ref }: { ref?: Ref<HTMLElement> }) {
  const { i18n } = useLingui();
  return (
    <section ref={ref} id="changes" aria-labelledby="changes-title" className="bg-card scroll-mt-6 rounded-lg border">
      <div className="p-5 sm:p-8">
        <h2 id="changes-title" className="text-xl font-semibold tracking-tight">
          {i18n._('What changed')}
        </h2>
        <div role="status" aria-label={i18n._('Loading the changes')} className="mt-5 space-y-3">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </div>
    </section>
  );
}

/**
 * "What changed", loaded as the reader scrolls towards it (or follows a link to it): the diff
 * and its formatting are a chunk of their own, which a first load does not fetch.
 */
export function RevisionChangesSlot(props: ComponentProps<typeof RevisionChanges>) {
  const placeholder = useRef<HTMLElement>(null);
  const near = useNearViewport(placeholder);
  if (!near) return <ChangesPlaceholder ref={placeholder} />;
  return (
    <Suspense fallback={<ChangesPlaceholder />}>
      <RevisionChanges {...props} />
    </Suspense>
  );
}
