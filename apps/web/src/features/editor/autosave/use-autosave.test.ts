import 'fake-indexeddb/auto';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { RETRY_MAX_MS, SAVE_TIMEOUT_MS, type TSaveKey } from './autosave-engine';
import { getLocalChanges, putLocalChanges, type TLocalChangesEntry } from './local-drafts';
import { useAutosave } from './use-autosave';

type TRecord = { id: string; version: number; title: string; body: string };
type TChanges = { title?: string; body?: string };

type TCall = {
  changes: TChanges;
  version: number;
  signal: AbortSignal;
  key: TSaveKey;
  resolve: (record: TRecord) => void;
  reject: (error: unknown) => void;
};

/** A save function the test answers by hand, one call at a time. */
function controlledSave() {
  const calls: TCall[] = [];
  const save = vi.fn(
    (changes: TChanges, version: number, signal: AbortSignal, key: TSaveKey) =>
      new Promise<TRecord>((resolve, reject) => calls.push({ changes, version, signal, key, resolve, reject })),
  );
  return { save, calls };
}

const USER = 'user-1';
let recordId: string;

function record(version: number, fields: Partial<TRecord> = {}): TRecord {
  return { id: recordId, version, title: 'Start', body: '', ...fields };
}

function setup(
  overrides: Partial<Parameters<typeof useAutosave<TRecord, TChanges>>[0]> = {},
  initial: TRecord = record(1),
) {
  const { save, calls } = controlledSave();
  const onSaved = vi.fn();
  const onConflict = vi.fn();
  const hook = renderHook(
    (props: { record: TRecord }) =>
      useAutosave<TRecord, TChanges>({
        kind: 'proposal',
        recordId,
        userId: USER,
        record: props.record,
        save,
        onSaved,
        onConflict,
        ...overrides,
      }),
    { initialProps: { record: initial } },
  );
  return { ...hook, save, calls, onSaved, onConflict };
}

const realImmediate = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Waits (in real time: IndexedDB and BroadcastChannel are not on the fake clock) until `check` holds. */
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 500; i++) {
    if (check()) return;
    await act(realImmediate);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function localEntry(
  predicate: (entry: TLocalChangesEntry<TChanges> | null) => boolean,
): Promise<TLocalChangesEntry<TChanges> | null> {
  let last: TLocalChangesEntry<TChanges> | null = null;
  for (let i = 0; i < 500; i++) {
    last = (await getLocalChanges<TChanges>({ userId: USER, kind: 'proposal', recordId })).entry;
    if (predicate(last)) return last;
    await act(realImmediate);
  }
  throw new Error(`the local entry never matched; last seen: ${JSON.stringify(last)}`);
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const answer = (call: TCall | undefined, saved: TRecord) => act(async () => call!.resolve(saved));
const fail = (call: TCall | undefined, error: unknown) => act(async () => call!.reject(error));

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

const conflictError = (current: TRecord) =>
  new ApiError(409, 'This proposal was changed elsewhere.', 'conflict', {}, undefined, current);

beforeEach(() => {
  recordId = crypto.randomUUID();
  // IndexedDB (fake-indexeddb) runs on setImmediate, which stays real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useAutosave', () => {
  it('saves once, delayMs after the last change, with the changes merged', async () => {
    const { result, save, calls, onSaved } = setup();
    expect(result.current.status).toBe('saved');

    act(() => result.current.change({ title: 'A' }));
    expect(result.current.status).toBe('pending');
    expect(result.current.hasUnsavedChanges).toBe(true);
    await advance(600);
    act(() => result.current.change({ body: 'hello' }));
    await advance(600);
    act(() => result.current.change((prev) => ({ title: `${String(prev.title)}B` })));
    await advance(999);
    expect(save).not.toHaveBeenCalled();

    await advance(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(calls[0]!.changes).toEqual({ title: 'AB', body: 'hello' });
    expect(calls[0]!.version).toBe(1);
    expect(result.current.status).toBe('saving');

    await answer(calls[0], record(2, { title: 'AB', body: 'hello' }));
    expect(result.current.status).toBe('saved');
    expect(result.current.hasUnsavedChanges).toBe(false);
    expect(result.current.lastSavedAt).toBeInstanceOf(Date);
    expect(onSaved).toHaveBeenCalledWith(record(2, { title: 'AB', body: 'hello' }));
  });

  it('keeps one save in flight; edits made meanwhile go in the next save, against the new version', async () => {
    const { result, save, calls } = setup({ delayMs: 500 });
    act(() => result.current.change({ title: 'one', body: 'b1' }));
    await advance(500);
    expect(save).toHaveBeenCalledTimes(1);

    act(() => result.current.change({ title: 'two' }));
    await advance(5_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('saving');

    await answer(calls[0], record(2, { title: 'one', body: 'b1' }));
    // body was acknowledged; title changed after the save was taken, so it goes again.
    expect(save).toHaveBeenCalledTimes(2);
    expect(calls[1]!.changes).toEqual({ title: 'two' });
    expect(calls[1]!.version).toBe(2);
    expect(result.current.hasUnsavedChanges).toBe(true);

    await answer(calls[1], record(3, { title: 'two', body: 'b1' }));
    expect(result.current.status).toBe('saved');
    expect(result.current.hasUnsavedChanges).toBe(false);

    act(() => result.current.change({ body: 'b2' }));
    await advance(500);
    expect(calls[2]!.version).toBe(3);
    expect(calls[2]!.changes).toEqual({ body: 'b2' });
  });

  it('ignores a stale answer: an abandoned save that answers after the newer one (R6)', async () => {
    const { result, save, calls, onSaved } = setup({ delayMs: 100 });
    act(() => result.current.change({ title: 'first' }));
    await advance(100);
    expect(save).toHaveBeenCalledTimes(1);

    // The first save hangs: abandoned after the timeout, then retried.
    await advance(SAVE_TIMEOUT_MS);
    expect(calls[0]!.signal.aborted).toBe(true);
    act(() => result.current.change({ title: 'second' }));
    await advance(1_200);
    expect(save).toHaveBeenCalledTimes(2);
    expect(calls[1]!.changes).toEqual({ title: 'second' });

    await answer(calls[1], record(2, { title: 'second' }));
    expect(result.current.status).toBe('saved');

    // The first answer arrives late: it changes nothing.
    await answer(calls[0], record(7, { title: 'first' }));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenLastCalledWith(record(2, { title: 'second' }));
    expect(result.current.status).toBe('saved');

    act(() => result.current.change({ title: 'third' }));
    await advance(100);
    expect(calls[2]!.version).toBe(2);
  });

  it('goes offline at once on a network failure, keeps the edits on the device and flushes them on `online`', async () => {
    const { result, save, calls } = setup({ delayMs: 200 });
    act(() => result.current.change({ title: 'T1' }));
    await advance(200);
    await fail(calls[0], new ApiError(0, 'You appear to be offline.', 'network'));
    expect(result.current.status).toBe('offline');
    expect(result.current.error).toBeNull();
    expect(await localEntry((e) => e?.changes.title === 'T1')).toMatchObject({ baseVersion: 1 });

    // The browser says it is offline: typing goes on, nothing is sent.
    act(() => setOnline(false));
    act(() => result.current.change({ title: 'T1 T2' }));
    act(() => result.current.change({ body: 'more' }));
    expect(result.current.status).toBe('offline');
    await advance(RETRY_MAX_MS);
    expect(save).toHaveBeenCalledTimes(1);
    expect(await localEntry((e) => e?.changes.title === 'T1 T2')).toMatchObject({
      changes: { title: 'T1 T2', body: 'more' },
    });

    act(() => setOnline(true));
    expect(save).toHaveBeenCalledTimes(2);
    expect(calls[1]!.changes).toEqual({ title: 'T1 T2', body: 'more' });
    expect(calls[1]!.version).toBe(1);
    expect(result.current.status).toBe('saving');
    await answer(calls[1], record(2, { title: 'T1 T2', body: 'more' }));
    expect(result.current.status).toBe('saved');
    expect(await localEntry((e) => e === null)).toBeNull();
  });

  it('retries a network failure with backoff (1 s, doubling) without an online event', async () => {
    const { result, save, calls } = setup({ delayMs: 100 });
    act(() => result.current.change({ title: 'x' }));
    await advance(100);
    await fail(calls[0], new ApiError(0, 'offline', 'network'));
    await advance(1_200);
    expect(save).toHaveBeenCalledTimes(2);
    await fail(calls[1], new ApiError(0, 'offline', 'network'));
    await advance(1_500);
    expect(save).toHaveBeenCalledTimes(2);
    await advance(1_000);
    expect(save).toHaveBeenCalledTimes(3);
    await answer(calls[2], record(2, { title: 'x' }));
    expect(result.current.status).toBe('saved');
  });

  it('shows a conflict on 409 and stops saving; keeping mine saves against their version', async () => {
    const { result, save, calls, onConflict, onSaved } = setup({ delayMs: 100 });
    act(() => result.current.change({ title: 'Mine' }));
    await advance(100);
    const theirs = record(5, { title: 'Theirs' });
    await fail(calls[0], conflictError(theirs));

    expect(result.current.status).toBe('conflict');
    expect(result.current.conflict).toEqual({ mine: { title: 'Mine' }, theirs });
    expect(onConflict).toHaveBeenCalledWith(theirs);

    // Edits during the conflict wait; nothing is sent on its own.
    act(() => result.current.change({ body: 'added later' }));
    await advance(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.hasUnsavedChanges).toBe(true);

    let resolved = false;
    act(() => void result.current.resolveConflict('mine').then(() => (resolved = true)));
    expect(save).toHaveBeenCalledTimes(2);
    expect(calls[1]!.version).toBe(5);
    expect(calls[1]!.changes).toEqual({ title: 'Mine', body: 'added later' });
    expect(result.current.conflict).toBeNull();
    await answer(calls[1], record(6, { title: 'Mine', body: 'added later' }));
    expect(resolved).toBe(true);
    expect(result.current.status).toBe('saved');
    expect(onSaved).toHaveBeenLastCalledWith(record(6, { title: 'Mine', body: 'added later' }));
  });

  it('keeping theirs drops my pending changes and the device copy, and hands their record to the screen', async () => {
    const { result, save, calls, onSaved } = setup({ delayMs: 100 });
    act(() => result.current.change({ title: 'Mine' }));
    await advance(100);
    await localEntry((e) => e?.changes.title === 'Mine');
    const theirs = record(5, { title: 'Theirs' });
    await fail(calls[0], conflictError(theirs));

    await act(() => result.current.resolveConflict('theirs'));
    expect(result.current.status).toBe('saved');
    expect(result.current.conflict).toBeNull();
    expect(result.current.hasUnsavedChanges).toBe(false);
    expect(onSaved).toHaveBeenCalledWith(theirs);
    expect(await localEntry((e) => e === null)).toBeNull();

    act(() => result.current.change({ body: 'next' }));
    await advance(100);
    expect(save).toHaveBeenCalledTimes(2);
    expect(calls[1]!.version).toBe(5);
    expect(calls[1]!.changes).toEqual({ body: 'next' });
  });

  it('on 400 shows the server message and field errors and does not retry; the next edit tries again', async () => {
    const { result, save, calls } = setup({ delayMs: 100 });
    act(() => result.current.change({ title: ' ' }));
    await advance(100);
    await fail(calls[0], new ApiError(400, 'Check the highlighted fields.', 'invalid', { title: 'Enter a title.' }));
    expect(result.current.status).toBe('error');
    expect(result.current.error).toBe('Check the highlighted fields.');
    expect(result.current.fieldErrors).toEqual({ title: 'Enter a title.' });
    await advance(120_000);
    expect(save).toHaveBeenCalledTimes(1);
    // Still kept on the device.
    await localEntry((e) => e?.changes.title === ' ');

    act(() => result.current.change({ title: 'Fixed' }));
    expect(result.current.status).toBe('pending');
    await advance(100);
    expect(save).toHaveBeenCalledTimes(2);
    await answer(calls[1], record(2, { title: 'Fixed' }));
    expect(result.current.status).toBe('saved');
    expect(result.current.error).toBeNull();
  });

  it('on 423 (locked) shows the message without retrying; Retry (flush) tries once more', async () => {
    const { result, save, calls } = setup({ delayMs: 100 });
    act(() => result.current.change({ title: 'Late' }));
    await advance(100);
    await fail(calls[0], new ApiError(423, 'This proposal was accepted and can no longer change.', 'locked'));
    expect(result.current.status).toBe('error');
    expect(result.current.error).toBe('This proposal was accepted and can no longer change.');
    await advance(120_000);
    expect(save).toHaveBeenCalledTimes(1);
    act(() => void result.current.flush());
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('retries a 503 with backoff', async () => {
    const { result, save, calls } = setup({ delayMs: 100 });
    act(() => result.current.change({ title: 'x' }));
    await advance(100);
    await fail(calls[0], new ApiError(503, 'The service is briefly unavailable.', 'unavailable'));
    expect(result.current.status).toBe('error');
    expect(result.current.error).toBe('The service is briefly unavailable.');
    await advance(1_200);
    expect(save).toHaveBeenCalledTimes(2);
    await answer(calls[1], record(2, { title: 'x' }));
    expect(result.current.status).toBe('saved');
  });

  it('reads thunks lazily: not while typing, at most every 500 ms for the device copy, and when saving', async () => {
    let reads = 0;
    let text = '';
    const body = () => {
      reads++;
      return text;
    };
    const { result, calls } = setup();
    for (let i = 0; i < 20; i++) {
      text += 'x';
      act(() => result.current.change({ body }));
      expect(reads).toBeLessThanOrEqual(Math.floor((i * 50) / 500) + 1);
      await advance(50);
    }
    // 20 keystrokes over 1 s: a handful of device writes, never one per keystroke.
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(reads).toBeLessThanOrEqual(4);
    await advance(1_000);
    expect(calls[0]!.changes).toEqual({ body: 'x'.repeat(20) });
    // The save reuses the value read for the device when nothing changed since.
    expect(reads).toBeLessThanOrEqual(4);
    expect(await localEntry((e) => e?.changes.body === 'x'.repeat(20))).not.toBeNull();
  });

  it('keeps the copy on the device, offers it at reopen, restores it exactly, and deletes it after the save', async () => {
    const first = setup({ delayMs: 1_000 });
    const typed = { title: 'Précis — “v2”\n', body: 'line 1\nline 2  ' };
    act(() => first.result.current.change(typed));
    await advance(0);
    const stored = await localEntry((e) => e?.changes.body === typed.body);
    expect(stored).toMatchObject({ userId: USER, kind: 'proposal', recordId, baseVersion: 1, changes: typed });
    // The tab dies before the save answers.
    first.unmount();

    const second = setup({ delayMs: 1_000 });
    await until(() => second.result.current.localCopy !== null, 'the local copy');
    expect(second.result.current.localCopy!.changes).toEqual(typed);
    expect(second.result.current.localCopy!.savedAt.getTime()).toBe(stored!.savedAt);
    expect(second.result.current.status).toBe('saved');

    let restored: TChanges = {};
    act(() => {
      restored = second.result.current.restoreLocalCopy();
    });
    expect(restored).toEqual(typed);
    expect(second.result.current.localCopy).toBeNull();
    expect(second.result.current.status).toBe('pending');
    await advance(1_000);
    expect(second.calls[0]!.changes).toEqual(typed);
    expect(second.calls[0]!.version).toBe(1);
    await answer(second.calls[0], record(2, typed));
    expect(await localEntry((e) => e === null)).toBeNull();
  });

  it('discarding the local copy deletes it; a copy the server already holds is not offered', async () => {
    await putLocalChanges({ userId: USER, kind: 'proposal', recordId, baseVersion: 1, changes: { title: 'Kept' } });
    const a = setup();
    await until(() => a.result.current.localCopy !== null, 'the local copy');
    act(() => a.result.current.discardLocalCopy());
    expect(a.result.current.localCopy).toBeNull();
    expect(await localEntry((e) => e === null)).toBeNull();
    a.unmount();

    await putLocalChanges({ userId: USER, kind: 'proposal', recordId, baseVersion: 1, changes: { title: 'Same' } });
    const b = setup({}, record(2, { title: 'Same' }));
    expect(await localEntry((e) => e === null)).toBeNull();
    expect(b.result.current.localCopy).toBeNull();
  });

  it('leaving the screen inside the app sends what is pending', async () => {
    const { result, unmount, save, calls } = setup({ delayMs: 1_000 });
    act(() => result.current.change({ title: 'left quickly' }));
    unmount();
    expect(save).not.toHaveBeenCalled();
    await advance(0);
    expect(save).toHaveBeenCalledTimes(1);
    expect(calls[0]!.changes).toEqual({ title: 'left quickly' });
    // The debounce of the unmounted screen does not send it a second time.
    await advance(5_000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('prompts before leaving while changes are unsaved or a save is in flight (R5)', async () => {
    const { result, calls } = setup({ delayMs: 100 });
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    act(() => result.current.change({ title: 'x' }));
    expect(leave()).toBe(true);
    await advance(100);
    expect(result.current.status).toBe('saving');
    expect(leave()).toBe(true);
    await answer(calls[0], record(2, { title: 'x' }));
    expect(leave()).toBe(false);
  });

  it('writes the copy at once when the page is hidden', async () => {
    let reads = 0;
    const { result } = setup();
    act(() => result.current.change({ title: 'a' }));
    await advance(0);
    await localEntry((e) => e?.changes.title === 'a');
    act(() => result.current.change({ body: () => (reads++, 'hidden body') }));
    expect(reads).toBe(0);
    window.dispatchEvent(new Event('pagehide'));
    expect(reads).toBe(1);
    expect(await localEntry((e) => e?.changes.body === 'hidden body')).not.toBeNull();
  });

  it('tells another tab of the same record that a newer version was saved', async () => {
    const a = setup({ delayMs: 100 });
    const b = setup({ delayMs: 100 });
    act(() => a.result.current.change({ title: 'from A' }));
    await advance(100);
    await answer(a.calls[0], record(2, { title: 'from A' }));
    await until(() => b.result.current.changedInOtherTab, 'the broadcast');
    expect(a.result.current.changedInOtherTab).toBe(false);

    // B's next save still goes against the version it had: the server answers 409, as it should.
    act(() => b.result.current.change({ title: 'from B' }));
    await advance(100);
    expect(b.calls[0]!.version).toBe(1);
  });

  it('a tab with nothing unsaved takes another tab’s newer version at once, without asking', async () => {
    const a = setup({ delayMs: 100 });
    const onTakenFromOtherTab = vi.fn();
    const b = setup({ delayMs: 100, onTakenFromOtherTab });
    act(() => a.result.current.change({ title: 'from A' }));
    await advance(100);
    await answer(a.calls[0], record(2, { title: 'from A' }));
    await until(() => onTakenFromOtherTab.mock.calls.length > 0, 'the broadcast');
    expect(onTakenFromOtherTab).toHaveBeenCalledWith(record(2, { title: 'from A' }));
    expect(b.result.current.changedInOtherTab).toBe(false);
    expect(b.result.current.status).toBe('saved');

    // B now stands on A's version: its next edit saves on top of it, with no conflict.
    act(() => b.result.current.change({ body: 'from B' }));
    await advance(100);
    expect(b.calls[0]!.version).toBe(2);
  });

  it('a tab with unsaved edits keeps them when another tab saves, and is told its next save will ask', async () => {
    const a = setup({ delayMs: 100 });
    const onTakenFromOtherTab = vi.fn();
    const b = setup({ delayMs: 5000, onTakenFromOtherTab });
    act(() => b.result.current.change({ body: 'typed in B' }));
    act(() => a.result.current.change({ title: 'from A' }));
    await advance(100);
    await answer(a.calls[0], record(2, { title: 'from A' }));
    await until(() => b.result.current.changedInOtherTab, 'the broadcast');
    expect(onTakenFromOtherTab).not.toHaveBeenCalled();
    expect(b.result.current.hasUnsavedChanges).toBe(true);
    await advance(5000);
    expect(b.calls[0]).toMatchObject({ version: 1, changes: { body: 'typed in B' } });
  });

  it('keys every save of one editor session: one writer, numbers counting up across retries', async () => {
    const { result, calls } = setup({ delayMs: 100 });
    act(() => result.current.change({ title: 'one' }));
    await advance(100);
    // The first attempt's answer is lost (it may have been applied); the retry carries the next number.
    await fail(calls[0], new ApiError(0, 'offline', 'network'));
    act(() => result.current.change({ title: 'one two' }));
    await advance(RETRY_MAX_MS);
    expect(calls[1]).toMatchObject({ version: 1, changes: { title: 'one two' } });
    await answer(calls[1], record(3, { title: 'one two' }));
    act(() => result.current.change({ body: 'three' }));
    await advance(100);
    const keys = calls.map((c) => c.key);
    expect(keys.map((k) => k.seq)).toEqual([1, 2, 3]);
    expect(new Set(keys.map((k) => k.writer)).size).toBe(1);
    expect(keys[0]!.writer).toMatch(/^[0-9a-f-]{36}$/);

    // Another editor session is another writer.
    const other = setup({ delayMs: 100 });
    act(() => other.result.current.change({ title: 'elsewhere' }));
    await advance(100);
    expect(other.calls[0]!.key.writer).not.toBe(keys[0]!.writer);
    expect(other.calls[0]!.key.seq).toBe(1);
  });

  it('says when this device cannot keep the changes', async () => {
    const { closeLocalDrafts } = await import('./local-drafts');
    await closeLocalDrafts();
    vi.stubGlobal('indexedDB', undefined);
    try {
      const { result } = setup();
      await until(() => !result.current.storageAvailable, 'storage to be reported unavailable');
    } finally {
      vi.unstubAllGlobals();
      await closeLocalDrafts();
    }
  });
});
