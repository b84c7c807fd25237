import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  closeLocalDrafts,
  deleteLocalChanges,
  getLocalChanges,
  LOCAL_DRAFTS_DB,
  LOCAL_DRAFTS_STORE,
  localChangesKey,
  putLocalChanges,
} from './local-drafts';

const id = { userId: 'user-1', kind: 'proposal' as const, recordId: 'rec-1' };

afterEach(async () => {
  vi.unstubAllGlobals();
  await closeLocalDrafts();
});

describe('local drafts (IndexedDB)', () => {
  it('keys entries by user, kind and record', () => {
    expect(localChangesKey(id)).toBe('user-1:proposal:rec-1');
  });

  it('stores, reads back exactly, replaces and deletes the unsaved changes of one record', async () => {
    const changes = { title: 'Café — “quotes”', document: { type: 'doc', content: [{ type: 'p', text: 'a\nb' }] } };
    expect(await putLocalChanges({ ...id, baseVersion: 3, changes, savedAt: 1_700_000_000_000 })).toEqual({
      available: true,
    });

    const read = await getLocalChanges(id);
    expect(read.available).toBe(true);
    expect(read.entry).toEqual({
      key: 'user-1:proposal:rec-1',
      ...id,
      baseVersion: 3,
      changes,
      savedAt: 1_700_000_000_000,
    });

    await putLocalChanges({ ...id, baseVersion: 4, changes: { title: 'Second' } });
    const replaced = await getLocalChanges(id);
    expect(replaced.entry?.baseVersion).toBe(4);
    expect(replaced.entry?.changes).toEqual({ title: 'Second' });
    expect(replaced.entry?.savedAt).toBeGreaterThan(1_700_000_000_000);

    // Another user's or another kind's entry is separate.
    expect((await getLocalChanges({ ...id, userId: 'user-2' })).entry).toBeNull();
    expect((await getLocalChanges({ ...id, kind: 'template' })).entry).toBeNull();

    expect(await deleteLocalChanges(id)).toEqual({ available: true });
    expect(await getLocalChanges(id)).toEqual({ available: true, entry: null });
  });

  it('uses the draftwell database and the unsaved-changes store', async () => {
    await putLocalChanges({ ...id, recordId: 'rec-layout', baseVersion: 1, changes: { title: 'x' } });
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(LOCAL_DRAFTS_DB);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    expect([...db.objectStoreNames]).toContain(LOCAL_DRAFTS_STORE);
    const value = await new Promise((resolve) => {
      const req = db.transaction(LOCAL_DRAFTS_STORE).objectStore(LOCAL_DRAFTS_STORE).get('user-1:proposal:rec-layout');
      req.onsuccess = () => resolve(req.result);
    });
    expect(value).toMatchObject({ recordId: 'rec-layout', changes: { title: 'x' } });
    db.close();
  });

  it('answers available: false instead of throwing when IndexedDB is missing', async () => {
    await closeLocalDrafts();
    vi.stubGlobal('indexedDB', undefined);
    await expect(putLocalChanges({ ...id, baseVersion: 1, changes: {} })).resolves.toEqual({ available: false });
    await expect(getLocalChanges(id)).resolves.toEqual({ available: false, entry: null });
    await expect(deleteLocalChanges(id)).resolves.toEqual({ available: false });
  });

  it('answers available: false when the database cannot be opened (private mode)', async () => {
    await closeLocalDrafts();
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      },
    });
    await expect(putLocalChanges({ ...id, baseVersion: 1, changes: {} })).resolves.toEqual({ available: false });
    vi.unstubAllGlobals();
    // Usable again once the browser allows it: nothing stuck on the failed attempt.
    await expect(putLocalChanges({ ...id, baseVersion: 1, changes: { title: 'back' } })).resolves.toEqual({
      available: true,
    });
  });

  it('answers available: false when a write fails (quota)', async () => {
    const original = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function put() {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    try {
      await expect(putLocalChanges({ ...id, baseVersion: 1, changes: {} })).resolves.toEqual({ available: false });
    } finally {
      IDBObjectStore.prototype.put = original;
    }
    await expect(putLocalChanges({ ...id, baseVersion: 1, changes: {} })).resolves.toEqual({ available: true });
  });
});
