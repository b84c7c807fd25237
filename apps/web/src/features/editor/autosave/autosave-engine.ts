import {
  deleteLocalChanges,
  getLocalChanges,
  localChangesKey,
  putLocalChanges,
  type TLocalChangesId,
  type TLocalDraftKind,
} from './local-drafts';
import { isConflict } from '@/lib/api-client';
import { appI18n } from '@/lib/app-language';
import { translated } from '@/lib/translated';
import { saveRefusal } from './save-refusal';

export type TAutosaveStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'conflict' | 'error';

/** A change: each field a value, or a thunk read only when the change is stored or sent. */
export type TChangeInput<TChanges> = { [K in keyof TChanges]?: TChanges[K] | (() => TChanges[K]) };

export type TAutosaveOptions<TRecord extends { version: number }, TChanges extends Record<string, unknown>> = {
  kind: TLocalDraftKind;
  recordId: string;
  userId: string;
  /** The record as loaded from the server. */
  record: TRecord;
  /** `key` identifies this save for the server, so a retry is never applied twice (see TSaveKey). */
  save: (changes: Partial<TChanges>, version: number, signal: AbortSignal, key: TSaveKey) => Promise<TRecord>;
  delayMs?: number;
  onSaved?: (record: TRecord) => void;
  onConflict?: (current: TRecord) => void;
  /**
   * Another tab saved a newer version while this one had nothing unsaved: the engine has taken it
   * as its own, and the screen shows it. Without this handler the engine keeps its version and
   * the next save here asks which one to keep.
   */
  onTakenFromOtherTab?: (record: TRecord) => void;
};

/** This editor session (a random id) and the number of the save in it, counting up from 1. */
export type TSaveKey = { writer: string; seq: number };

export type TAutosaveConflict<TRecord, TChanges> = { mine: Partial<TChanges>; theirs: TRecord };
export type TLocalCopy<TChanges> = { changes: Partial<TChanges>; savedAt: Date };

export type TAutosaveState<TRecord, TChanges> = {
  status: TAutosaveStatus;
  error: string | null;
  /** The server's message per field when it refused the save (400). */
  fieldErrors: Record<string, string> | null;
  lastSavedAt: Date | null;
  conflict: TAutosaveConflict<TRecord, TChanges> | null;
  /** Unsaved changes found on this device at open that differ from the server's record. */
  localCopy: TLocalCopy<TChanges> | null;
  hasUnsavedChanges: boolean;
  /** False when IndexedDB is unusable: changes are not kept on this device. */
  storageAvailable: boolean;
  /** Another tab of this user saved a newer version of this record; the next save here will conflict. */
  changedInOtherTab: boolean;
};

export const AUTOSAVE_CHANNEL = 'draftwell-autosave';
/** At most one local write per this many milliseconds while typing. */
export const LOCAL_WRITE_INTERVAL_MS = 500;
export const RETRY_MIN_MS = 1000;
export const RETRY_MAX_MS = 30_000;
/** A save that has not answered by then is abandoned and retried (its late answer is ignored). */
export const SAVE_TIMEOUT_MS = 30_000;

/** `record`: the version saved, so a tab with nothing unsaved can show it at once. */
type TBroadcast<TRecord> = { type: 'saved'; key: string; version: number; tabId: string; record: TRecord };

type TInflight = { seq: number; controller: AbortController };

function isThunk(value: unknown): value is () => unknown {
  return typeof value === 'function';
}

function sameJson(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/** True when every changed field already holds that value in the record. */
function containedIn(changes: Record<string, unknown>, record: unknown): boolean {
  if (typeof record !== 'object' || record === null) return false;
  return Object.entries(changes).every(([k, v]) => sameJson(v, (record as Record<string, unknown>)[k]));
}

/** The parts of an ApiError (lib/api-client) the engine reads; any save function's errors may carry them. */
type THttpError = {
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
  retryAfter?: number;
};

function httpError(error: unknown): THttpError | null {
  if (typeof error !== 'object' || error === null) return null;
  const e = error as Partial<THttpError>;
  return typeof e.status === 'number' && typeof e.code === 'string' ? (e as THttpError) : null;
}

// Status 0 reads as offline (the message is never shown): see onFailure.
const TIMED_OUT: THttpError = { status: 0, code: 'network', message: 'timeout' };

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The autosave state machine, free of React: debounced saves, one in flight, changes made
 * meanwhile merged into the next, per-field acknowledgement, a copy on this device, offline
 * retries and conflicts. `useAutosave` binds it to a component.
 */
export class AutosaveEngine<TRecord extends { version: number }, TChanges extends Record<string, unknown>> {
  readonly kind: TLocalDraftKind;
  readonly recordId: string;
  private options: TAutosaveOptions<TRecord, TChanges>;
  /** The newest record known (loaded, saved, or the other side of a conflict). */
  private record: TRecord;
  private recordProp: TRecord;
  private baseVersion: number;

  /** Every change not yet acknowledged by the server, with the revision it was made at. */
  private readonly pending = new Map<string, unknown>();
  private readonly revs = new Map<string, number>();
  private rev = 0;

  private inflight: TInflight | null = null;
  private seq = 0;
  /** The debounce fired (or a flush asked) while a save was in flight. */
  private queued = false;
  private attempts = 0;
  private offline = false;
  private failure: { message: string; fieldErrors: Record<string, string> | null; retrying: boolean } | null = null;
  private conflictState: TAutosaveConflict<TRecord, TChanges> | null = null;
  private localCopyState: (TLocalCopy<TChanges> & { baseVersion: number }) | null = null;
  private storageAvailable = true;
  private changedInOtherTab = false;
  private lastSavedAt: Date | null = null;

  private debounceTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private writeTimer: ReturnType<typeof setTimeout> | null = null;
  private timeoutTimer: ReturnType<typeof setTimeout> | null = null;
  private lastWriteAt = 0;
  private localDirty = false;
  /** Local writes wait for the look-up at open, so they never replace the copy before it is offered. */
  private ready: Promise<void> = Promise.resolve();
  private storageQueue: Promise<void> = Promise.resolve();

  private started = false;
  private lookedUpFor: string | null = null;
  private channel: BroadcastChannel | null = null;
  private readonly tabId = Math.random().toString(36).slice(2);
  /** Who sends this engine's saves, for their idempotency keys (`seq` numbers them). */
  private readonly writer = crypto.randomUUID();
  private readonly listeners = new Set<() => void>();
  private readonly waiters = new Set<() => void>();
  private snapshot: TAutosaveState<TRecord, TChanges>;

  constructor(options: TAutosaveOptions<TRecord, TChanges>) {
    this.options = options;
    this.kind = options.kind;
    this.recordId = options.recordId;
    this.record = options.record;
    this.recordProp = options.record;
    this.baseVersion = options.record.version;
    this.snapshot = this.build();
  }

  // ---- binding ----------------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): TAutosaveState<TRecord, TChanges> => this.snapshot;

  setOptions(options: TAutosaveOptions<TRecord, TChanges>): void {
    const previous = this.options;
    this.options = options;
    if (options.record !== this.recordProp) {
      this.recordProp = options.record;
      // A newer record handed in by the screen (a reload) becomes the base when nothing is unsaved.
      if (
        options.record.version > this.baseVersion &&
        this.pending.size === 0 &&
        !this.inflight &&
        !this.conflictState
      ) {
        this.baseVersion = options.record.version;
        this.record = options.record;
        this.changedInOtherTab = false;
        this.emit();
      }
    }
    if (options.userId !== previous.userId && this.started) {
      // The session arrived after the screen: keep the changes under the right user.
      const old = this.idFor(previous.userId);
      this.enqueue(() => deleteLocalChanges(old));
      if (this.pending.size > 0) {
        this.localDirty = true;
        this.scheduleWrite();
      }
      if (!this.localCopyState) this.lookUpLocalCopy();
    }
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline);
      window.addEventListener('offline', this.onOffline);
      window.addEventListener('pagehide', this.onPageHide);
      window.addEventListener('beforeunload', this.onBeforeUnload);
      document.addEventListener('visibilitychange', this.onVisibilityChange);
    }
    if (typeof BroadcastChannel !== 'undefined') {
      try {
        this.channel = new BroadcastChannel(AUTOSAVE_CHANNEL);
        this.channel.onmessage = this.onBroadcast;
      } catch {
        this.channel = null;
      }
    }
    if (this.lookedUpFor !== this.options.userId) this.lookUpLocalCopy();
    if (isOffline()) {
      this.offline = true;
      this.emit();
    }
    // Back after a StrictMode re-run or a remount: resume what was waiting.
    if (this.pending.size > 0 && !this.conflictState && !this.inflight) this.scheduleSave(this.delay());
  }

  /** Unmount: the unsaved changes go to this device and to the server; no more timers. */
  dispose(): void {
    if (!this.started) return;
    this.started = false;
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onOnline);
      window.removeEventListener('offline', this.onOffline);
      window.removeEventListener('pagehide', this.onPageHide);
      window.removeEventListener('beforeunload', this.onBeforeUnload);
      document.removeEventListener('visibilitychange', this.onVisibilityChange);
    }
    this.channel?.close();
    this.channel = null;
    this.clearTimer('debounceTimer');
    this.clearTimer('retryTimer');
    this.writeLocalNow();
    // Leaving the screen inside the app: send what is pending. The app also unmounts on
    // `pagehide`; a page being closed never runs this timer, so a closed tab does not race a
    // half-sent save against the copy on this device (which is offered again at reopen).
    if (this.pending.size > 0 && !this.conflictState && !this.failure) {
      setTimeout(() => {
        if (!this.started) this.saveNow();
      }, 0);
    }
  }

  // ---- the API the screen uses ----------------------------------------------------------------

  change = (input: TChangeInput<TChanges> | ((prev: TChangeInput<TChanges>) => TChangeInput<TChanges>)): void => {
    const partial =
      typeof input === 'function' ? input(Object.fromEntries(this.pending) as TChangeInput<TChanges>) : input;
    for (const key of Object.keys(partial)) {
      this.pending.set(key, (partial as Record<string, unknown>)[key]);
      this.revs.set(key, ++this.rev);
    }
    // A new edit after a refusal (400) is a new attempt.
    if (this.failure && !this.failure.retrying) this.failure = null;
    if (isOffline()) this.offline = true;
    this.localDirty = true;
    this.scheduleWrite();
    if (!this.conflictState && !this.retryTimer) this.scheduleSave(this.delay());
    this.emit();
  };

  /** Saves now (and whatever is queued behind); resolves once saved, offline, refused or in conflict. */
  flush = (): Promise<void> => {
    this.clearTimer('debounceTimer');
    if (this.failure) this.failure = null;
    if (this.offline && !isOffline()) this.offline = false;
    this.attempts = 0;
    this.clearTimer('retryTimer');
    const settled = this.whenSettled();
    this.saveNow();
    this.emit();
    return settled;
  };

  resolveConflict = (choice: 'mine' | 'theirs'): Promise<void> => {
    const conflict = this.conflictState;
    if (!conflict) return Promise.resolve();
    this.conflictState = null;
    this.changedInOtherTab = false;
    this.failure = null;
    this.baseVersion = conflict.theirs.version;
    this.record = conflict.theirs;
    if (choice === 'mine') {
      this.localDirty = true;
      this.writeLocalNow();
      return this.flush();
    }
    this.pending.clear();
    this.revs.clear();
    this.localCopyState = null;
    this.localDirty = false;
    this.clearTimer('debounceTimer');
    this.clearTimer('writeTimer');
    this.clearTimer('retryTimer');
    this.enqueue(() => deleteLocalChanges(this.id()));
    this.emit();
    this.options.onSaved?.(conflict.theirs);
    return Promise.resolve();
  };

  /** Re-applies the copy found on this device, exactly, and schedules its save. */
  restoreLocalCopy = (): Partial<TChanges> => {
    const copy = this.localCopyState;
    if (!copy) return {};
    this.localCopyState = null;
    for (const [key, value] of Object.entries(copy.changes)) {
      this.pending.set(key, value);
      this.revs.set(key, ++this.rev);
    }
    // Against the version it was made on: if the server moved on since, that is a conflict.
    if (!this.lastSavedAt) this.baseVersion = copy.baseVersion;
    this.localDirty = true;
    this.writeLocalNow();
    if (!this.conflictState) this.scheduleSave(this.delay());
    this.emit();
    return copy.changes;
  };

  discardLocalCopy = (): void => {
    if (!this.localCopyState) return;
    this.localCopyState = null;
    if (this.pending.size > 0) {
      this.localDirty = true;
      this.writeLocalNow();
    } else {
      this.enqueue(() => deleteLocalChanges(this.id()));
    }
    this.emit();
  };

  // ---- saving ---------------------------------------------------------------------------------

  private delay(): number {
    return this.options.delayMs ?? 1000;
  }

  private scheduleSave(delay: number): void {
    this.clearTimer('debounceTimer');
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = null;
      this.saveNow();
    }, delay);
  }

  private saveNow(): void {
    if (this.conflictState || this.pending.size === 0) {
      this.emit();
      return;
    }
    if (this.inflight) {
      this.queued = true;
      return;
    }
    this.queued = false;
    if (isOffline()) {
      this.offline = true;
      this.writeLocalNow();
      this.scheduleRetry();
      this.emit();
      return;
    }
    this.clearTimer('retryTimer');
    let changes: Partial<TChanges>;
    try {
      changes = this.resolvePending();
    } catch {
      const i18n = appI18n();
      this.failure = {
        message: i18n._('Your changes could not be read. Copy your text and reload.'),
        fieldErrors: null,
        retrying: false,
      };
      this.emit();
      return;
    }
    const seq = ++this.seq;
    const taken = new Map(this.revs);
    const controller = new AbortController();
    const version = this.baseVersion;
    this.inflight = { seq, controller };
    this.timeoutTimer = setTimeout(() => {
      if (this.inflight?.seq !== seq) return;
      controller.abort();
      this.onFailure(seq, TIMED_OUT);
    }, SAVE_TIMEOUT_MS);
    this.emit();
    let call: Promise<TRecord>;
    try {
      call = this.options.save(changes, version, controller.signal, { writer: this.writer, seq });
    } catch (error) {
      call = Promise.reject(error);
    }
    call.then(
      (saved) => this.onSaved(seq, taken, saved),
      (error: unknown) => this.onFailure(seq, error),
    );
  }

  private onSaved(seq: number, taken: Map<string, number>, saved: TRecord): void {
    // A stale answer (R6): a newer request owns the state now.
    if (seq !== this.seq || !this.inflight) return;
    this.endFlight();
    this.acknowledge(taken, saved);
  }

  private acknowledge(taken: Map<string, number>, saved: TRecord): void {
    this.attempts = 0;
    this.offline = false;
    this.failure = null;
    this.changedInOtherTab = false;
    this.baseVersion = saved.version;
    this.record = saved;
    this.lastSavedAt = new Date();
    // Acknowledged: the fields sent that have not changed since.
    for (const [key, rev] of taken) {
      if (this.revs.get(key) === rev) {
        this.pending.delete(key);
        this.revs.delete(key);
      }
    }
    this.broadcast(saved);
    if (this.pending.size === 0) {
      this.localDirty = false;
      this.clearTimer('writeTimer');
      this.enqueue(() => deleteLocalChanges(this.id()));
    } else {
      // The rest now stands on the new version.
      this.localDirty = true;
      this.scheduleWrite();
      if (this.queued || this.waiters.size > 0 || !this.debounceTimer) this.saveNow();
    }
    this.emit();
    this.options.onSaved?.(saved);
  }

  private onFailure(seq: number, error: unknown): void {
    if (seq !== this.seq || !this.inflight) return;
    const { controller } = this.inflight;
    this.endFlight();
    const http = httpError(error);
    // Our own abort (a timeout reports itself before aborting).
    if (controller.signal.aborted && error !== TIMED_OUT) return this.emit();
    const queued = this.queued;
    this.queued = false;

    if (http?.status === 0 || (!http && (error instanceof TypeError || isOffline()))) {
      this.offline = true;
      this.writeLocalNow();
      this.scheduleRetry();
    } else if (isConflict<TRecord>(error)) {
      const current = error.current;
      const mine = this.resolvePending();
      if (containedIn(mine, current)) {
        // The server already holds exactly these changes (an earlier save that answered too late).
        this.queued = queued;
        return this.acknowledge(new Map(this.revs), current);
      }
      this.offline = false;
      this.conflictState = { mine, theirs: current };
      this.clearTimer('debounceTimer');
      this.clearTimer('retryTimer');
      this.localDirty = true;
      this.writeLocalNow();
      this.emit();
      this.options.onConflict?.(current);
      return;
    } else if (http && (http.status >= 500 || http.status === 429 || http.status === 408)) {
      this.offline = false;
      this.failure = { message: translated(appI18n(), http.message), fieldErrors: null, retrying: true };
      this.scheduleRetry(http.retryAfter);
    } else {
      this.offline = false;
      const i18n = appI18n();
      this.failure = {
        message: http ? saveRefusal(i18n, http.message, http.fields) : i18n._('Something went wrong. Try again.'),
        fieldErrors: http?.fields && Object.keys(http.fields).length > 0 ? http.fields : null,
        retrying: false,
      };
      this.localDirty = true;
      this.writeLocalNow();
    }
    this.emit();
  }

  private endFlight(): void {
    this.inflight = null;
    this.clearTimer('timeoutTimer');
  }

  private scheduleRetry(retryAfterSeconds?: number): void {
    if (!this.started) return;
    this.clearTimer('retryTimer');
    const base = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** this.attempts);
    this.attempts++;
    const jittered = Math.min(RETRY_MAX_MS, base * (0.8 + Math.random() * 0.4));
    const delay = retryAfterSeconds ? Math.max(jittered, retryAfterSeconds * 1000) : jittered;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.saveNow();
    }, delay);
  }

  /** The pending changes with every thunk read (and replaced by its value: it is current). */
  private resolvePending(): Partial<TChanges> {
    const out: Record<string, unknown> = {};
    for (const [key, value] of this.pending) {
      const resolved = isThunk(value) ? value() : value;
      if (resolved !== value) this.pending.set(key, resolved);
      out[key] = resolved;
    }
    return out as Partial<TChanges>;
  }

  // ---- this device ----------------------------------------------------------------------------

  private idFor(userId: string): TLocalChangesId {
    return { userId, kind: this.kind, recordId: this.recordId };
  }

  private id(): TLocalChangesId {
    return this.idFor(this.options.userId);
  }

  private lookUpLocalCopy(): void {
    const id = this.id();
    this.lookedUpFor = id.userId;
    this.ready = getLocalChanges<Partial<TChanges>>(id).then(({ available, entry }) => {
      this.setStorageAvailable(available);
      if (!entry) return;
      if (containedIn(entry.changes, this.record)) {
        // Saved already (the tab closed between the answer and the clean-up).
        this.enqueue(() => deleteLocalChanges(id));
        return;
      }
      this.localCopyState = {
        changes: entry.changes,
        savedAt: new Date(entry.savedAt),
        baseVersion: entry.baseVersion,
      };
      this.emit();
    });
  }

  private scheduleWrite(): void {
    if (this.writeTimer) return;
    const wait = Math.max(0, this.lastWriteAt + LOCAL_WRITE_INTERVAL_MS - Date.now());
    this.writeTimer = setTimeout(() => {
      this.writeTimer = null;
      this.writeLocalNow();
    }, wait);
  }

  /** Reads the thunks now and queues the write: called on hide, unload, offline and errors. */
  private writeLocalNow(): void {
    this.clearTimer('writeTimer');
    if (!this.localDirty) return;
    this.localDirty = false;
    this.lastWriteAt = Date.now();
    if (this.pending.size === 0) {
      this.enqueue(() => deleteLocalChanges(this.id()));
      return;
    }
    let changes: Partial<TChanges>;
    try {
      changes = this.resolvePending();
    } catch {
      return;
    }
    const entry = { ...this.id(), baseVersion: this.baseVersion, changes };
    this.enqueue(() => putLocalChanges(entry));
  }

  private enqueue(op: () => Promise<{ available: boolean }>): void {
    this.storageQueue = this.storageQueue
      .then(() => this.ready)
      .then(op)
      .then(({ available }) => this.setStorageAvailable(available));
  }

  private setStorageAvailable(available: boolean): void {
    if (available === this.storageAvailable) return;
    this.storageAvailable = available;
    this.emit();
  }

  // ---- events ---------------------------------------------------------------------------------

  private onOnline = (): void => {
    this.offline = false;
    this.attempts = 0;
    this.clearTimer('retryTimer');
    if (this.pending.size > 0 && !this.conflictState && !this.inflight) this.saveNow();
    this.emit();
  };

  private onOffline = (): void => {
    this.offline = true;
    this.writeLocalNow();
    this.emit();
  };

  private onPageHide = (): void => this.writeLocalNow();

  private onVisibilityChange = (): void => {
    if (document.visibilityState === 'hidden') this.writeLocalNow();
  };

  private onBeforeUnload = (event: BeforeUnloadEvent): void => {
    this.writeLocalNow();
    if (this.pending.size > 0 || this.inflight) {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    }
  };

  private broadcast(saved: TRecord): void {
    const message: TBroadcast<TRecord> = {
      type: 'saved',
      key: localChangesKey(this.id()),
      version: saved.version,
      tabId: this.tabId,
      record: saved,
    };
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel: the other tabs learn at their next save.
    }
  }

  private onBroadcast = (event: MessageEvent): void => {
    const m = event.data as Partial<TBroadcast<TRecord>> | null;
    if (!m || m.type !== 'saved' || m.tabId === this.tabId || m.key !== localChangesKey(this.id())) return;
    if (typeof m.version !== 'number' || m.version <= this.baseVersion) return;
    const take = this.options.onTakenFromOtherTab;
    if (take && m.record && m.record.version === m.version && this.isUntouched()) {
      // Nothing here to lose: the newer version simply replaces this one, with no question asked.
      this.baseVersion = m.version;
      this.record = m.record;
      this.changedInOtherTab = false;
      this.emit();
      take(m.record);
      return;
    }
    this.changedInOtherTab = true;
    this.emit();
  };

  // ---- state ----------------------------------------------------------------------------------

  private clearTimer(name: 'debounceTimer' | 'retryTimer' | 'writeTimer' | 'timeoutTimer'): void {
    const timer = this[name];
    if (timer) clearTimeout(timer);
    this[name] = null;
  }

  private status(): TAutosaveStatus {
    if (this.conflictState) return 'conflict';
    if (this.offline) return 'offline';
    if (this.inflight) return 'saving';
    if (this.failure) return 'error';
    if (this.pending.size > 0) return 'pending';
    return 'saved';
  }

  private build(): TAutosaveState<TRecord, TChanges> {
    const localCopy = this.localCopyState;
    const previous = this.snapshot as TAutosaveState<TRecord, TChanges> | undefined;
    return {
      status: this.status(),
      error: this.failure?.message ?? null,
      fieldErrors: this.failure?.fieldErrors ?? null,
      lastSavedAt: this.lastSavedAt,
      conflict: this.conflictState,
      // The same object while the copy is the same, so the snapshot stays equal.
      localCopy:
        localCopy && previous?.localCopy?.savedAt === localCopy.savedAt
          ? previous.localCopy
          : localCopy
            ? { changes: localCopy.changes, savedAt: localCopy.savedAt }
            : null,
      hasUnsavedChanges: this.pending.size > 0 || this.inflight !== null,
      storageAvailable: this.storageAvailable,
      changedInOtherTab: this.changedInOtherTab,
    };
  }

  private emit(): void {
    const next = this.build();
    const prev = this.snapshot;
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== prev[k]);
    if (changed) {
      this.snapshot = next;
      for (const listener of this.listeners) listener();
    }
    if (this.waiters.size > 0 && this.isSettled()) {
      const waiters = [...this.waiters];
      this.waiters.clear();
      for (const resolve of waiters) resolve();
    }
  }

  /** Nothing typed here that the server has not acknowledged, and no save or choice under way. */
  private isUntouched(): boolean {
    return this.pending.size === 0 && !this.inflight && !this.conflictState;
  }

  private isSettled(): boolean {
    if (this.inflight) return false;
    return this.pending.size === 0 || !!this.conflictState || this.offline || !!this.failure;
  }

  private whenSettled(): Promise<void> {
    return new Promise((resolve) => this.waiters.add(resolve));
  }
}
