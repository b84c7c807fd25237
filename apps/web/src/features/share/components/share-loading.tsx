import { Trans } from '@lingui/react';
import { Skeleton } from '@/components/ui/skeleton';

/** The page's shape while the proposal loads, so nothing jumps when it arrives. */
export function ShareLoading() {
  return (
    <div className="mx-auto w-full max-w-[52rem] px-4 py-6 sm:py-10">
      <p role="status" className="sr-only">
        <Trans id="Loading the proposal…" />
      </p>
      <Skeleton className="mb-6 h-16 w-full" />
      <div className="bg-card rounded-lg border p-6 sm:p-10">
        <Skeleton className="mb-10 h-8 w-32" />
        <Skeleton className="mb-3 h-4 w-24" />
        <Skeleton className="mb-8 h-10 w-3/4" />
        <div className="mb-10 grid gap-4 sm:grid-cols-3">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
        <div className="space-y-3">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="mt-8 h-40 w-full" />
        </div>
      </div>
    </div>
  );
}
