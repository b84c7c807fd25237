import { useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  AutosaveEngine,
  type TAutosaveOptions,
  type TAutosaveState,
  type TAutosaveStatus,
  type TChangeInput,
} from './autosave-engine';

export type { TAutosaveStatus, TChangeInput } from './autosave-engine';

export type TUseAutosave<TRecord, TChanges> = TAutosaveState<TRecord, TChanges> & {
  /** Cheap: records the change; values may be thunks, read only when stored or sent. */
  change: (input: TChangeInput<TChanges> | ((prev: TChangeInput<TChanges>) => TChangeInput<TChanges>)) => void;
  /** Saves now; resolves once saved, offline, refused or in conflict. */
  flush: () => Promise<void>;
  resolveConflict: (choice: 'mine' | 'theirs') => Promise<void>;
  /** Re-applies the copy found on this device (the screen shows what it returns) and saves it. */
  restoreLocalCopy: () => Partial<TChanges>;
  discardLocalCopy: () => void;
  /** The state right now, not as of the last render (after awaiting `flush`, say). */
  getState: () => TAutosaveState<TRecord, TChanges>;
};

/**
 * Autosave for one record (a proposal or a template): saved `delayMs` after typing stops,
 * unsaved changes kept in IndexedDB until acknowledged, offline retries, conflicts shown
 * instead of overwritten. See AutosaveEngine for the rules.
 */
export function useAutosave<TRecord extends { version: number }, TChanges extends Record<string, unknown>>(
  options: TAutosaveOptions<TRecord, TChanges>,
): TUseAutosave<TRecord, TChanges> & { status: TAutosaveStatus } {
  const [held, setHeld] = useState(() => ({ engine: new AutosaveEngine<TRecord, TChanges>(options) }));
  let engine = held.engine;
  if (engine.kind !== options.kind || engine.recordId !== options.recordId) {
    // Another record: a fresh engine (the old one saves what it holds as it is disposed).
    engine = new AutosaveEngine<TRecord, TChanges>(options);
    setHeld({ engine });
  }

  useLayoutEffect(() => {
    engine.setOptions(options);
  });

  useEffect(() => {
    engine.start();
    return () => engine.dispose();
  }, [engine]);

  const state = useSyncExternalStore(engine.subscribe, engine.getSnapshot, engine.getSnapshot);

  return useMemo(
    () => ({
      ...state,
      change: engine.change,
      flush: engine.flush,
      resolveConflict: engine.resolveConflict,
      restoreLocalCopy: engine.restoreLocalCopy,
      discardLocalCopy: engine.discardLocalCopy,
      getState: engine.getSnapshot,
    }),
    [state, engine],
  );
}
