import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded bytes live, by a key the server generated. Local disk for now; an
 * S3-compatible implementation can take its place behind the same three calls.
 */
export type TFileStorage = {
  /** Stores the bytes under `key` whole, or not at all. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes; a key with nothing stored is not an error. */
  delete(key: string): Promise<void>;
};

/** Keys are ours (a UUID and an extension), never a name a client sent. */
const KEY = /^[a-z0-9][a-z0-9-]{0,99}(\.[a-z0-9]{1,8})?$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Not a storage key: ${JSON.stringify(key.slice(0, 120))}`);
  }
}

/** Files under `root` (DATA_DIR/files), one per key, written to a temporary name then renamed. */
export function createLocalFileStorage(root: string): TFileStorage {
  const base = path.resolve(root);

  function pathOf(key: string): string {
    if (!KEY.test(key)) throw new InvalidStorageKeyError(key);
    const file = path.resolve(base, key);
    // The pattern already rules out separators and dot-dot; this keeps it true if it ever changes.
    if (path.dirname(file) !== base) throw new InvalidStorageKeyError(key);
    return file;
  }

  return {
    async put(key, bytes) {
      const file = pathOf(key);
      await mkdir(base, { recursive: true });
      // A dot-prefixed temporary name never matches KEY, so a half-written file is never served.
      const temp = path.join(base, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        const handle = await open(temp, 'wx', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      try {
        await unlink(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },
  };
}
