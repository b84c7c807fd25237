import type { ApiError } from './api-client';

type TListener = (error: ApiError) => void;
const listeners = new Set<TListener>();

/**
 * A 402 met outside a mutation (a streamed draft): the app-wide billing listener offers the
 * upgrade, as it does for every mutation refused by the plan.
 */
export function announcePlanLimit(error: ApiError): void {
  for (const listener of listeners) listener(error);
}

export function onPlanLimit(listener: TListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
