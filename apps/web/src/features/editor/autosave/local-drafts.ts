/**
 * Unsaved changes kept on this device (IndexedDB) until the server has acknowledged them, so a
 * reload, a crash or a closed tab loses nothing. Every function resolves, never throws: when
 * IndexedDB is unusable (private mode, quota, blocked) it answers `available: false` and the
 * screen says the changes are not kept on this device.
 */

export type TLocalDraftKind = 'proposal' | 'template' | 'section';

export type TLocalChangesEntry<TChanges = Record<string, unknown>> = {
  /** `${userId}:${kind}:${recordId}` */
  key: string;
  userId: string;
  kind: TLocalDraftKind;
  recordId: string;
  /** The server version the changes were made against. */
  baseVersion: number;
  changes: TChanges;
  /** Epoch milliseconds of the write. */
  savedAt: number;
};

export type TLocalChangesId = { userId: string; kind: TLocalDraftKind; recordId: string };

export const LOCAL_DRAFTS_DB = 'draftwell';
export const LOCAL_DRAFTS_STORE = 'unsaved-changes';
const DB_VERSION = 1;

export function localChangesKey({ userId, kind, recordId }: TLocalChangesId): string {
  return `${userId}:${kind}:${recordId}`;
}

let connection: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  connection ??= new Promise<IDBDatabase | null>((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      if (typeof indexedDB === 'undefined') return resolve(null);
      request = indexedDB.open(LOCAL_DRAFTS_DB, DB_VERSION);
    } catch {
      return resolve(null);
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(LOCAL_DRAFTS_STORE))
        db.createObjectStore(LOCAL_DRAFTS_STORE, { keyPath: 'key' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the schema, or the browser closing the database: open afresh next time.
      db.onversionchange = () => {
        db.close();
        connection = null;
      };
      db.onclose = () => {
        connection = null;
      };
      resolve(db);
    };
    request.onerror = () => resolve(null);
    // Another tab holds an older version open and does not let go: treat as unavailable for now.
    request.onblocked = () => resolve(null);
  }).then((db) => {
    if (!db) connection = null;
    return db;
  });
  return connection;
}

function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<{ available: boolean; result?: T }> {
  return open().then(
    (db) =>
      new Promise((resolve) => {
        if (!db) return resolve({ available: false });
        let request: IDBRequest<T>;
        try {
          // 'strict': the write is on disk when the transaction completes (survives a crash).
          const tx = db.transaction(LOCAL_DRAFTS_STORE, mode, {
            durability: mode === 'readwrite' ? 'strict' : 'default',
          });
          request = work(tx.objectStore(LOCAL_DRAFTS_STORE));
          tx.oncomplete = () => resolve({ available: true, result: request.result });
          tx.onerror = (event) => {
            event.preventDefault();
            resolve({ available: false });
          };
          tx.onabort = () => resolve({ available: false });
        } catch (error) {
          // A connection closed under us: the next call opens a new one.
          if (error instanceof DOMException && error.name === 'InvalidStateError') connection = null;
          resolve({ available: false });
        }
      }),
  );
}

/** Stores (replaces) the unsaved changes of one record. */
export async function putLocalChanges<TChanges>(
  entry: Omit<TLocalChangesEntry<TChanges>, 'key' | 'savedAt'> & { savedAt?: number },
): Promise<{ available: boolean }> {
  const value: TLocalChangesEntry<TChanges> = {
    ...entry,
    key: localChangesKey(entry),
    savedAt: entry.savedAt ?? Date.now(),
  };
  const { available } = await run('readwrite', (store) => store.put(value));
  return { available };
}

/** The unsaved changes of one record, or null. */
export async function getLocalChanges<TChanges = Record<string, unknown>>(
  id: TLocalChangesId,
): Promise<{ available: boolean; entry: TLocalChangesEntry<TChanges> | null }> {
  const { available, result } = await run('readonly', (store) => store.get(localChangesKey(id)) as IDBRequest<unknown>);
  return { available, entry: isEntry<TChanges>(result) ? result : null };
}

export async function deleteLocalChanges(id: TLocalChangesId): Promise<{ available: boolean }> {
  const { available } = await run('readwrite', (store) => store.delete(localChangesKey(id)));
  return { available };
}

/** Closes the shared connection (tests, or before deleting the database). */
export async function closeLocalDrafts(): Promise<void> {
  const pending = connection;
  connection = null;
  const db = await pending;
  db?.close();
}

function isEntry<TChanges>(value: unknown): value is TLocalChangesEntry<TChanges> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<TLocalChangesEntry>;
  return (
    typeof v.key === 'string' &&
    typeof v.baseVersion === 'number' &&
    typeof v.savedAt === 'number' &&
    typeof v.changes === 'object' &&
    v.changes !== null
  );
}
