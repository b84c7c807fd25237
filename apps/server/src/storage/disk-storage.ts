import { randomBytes } from 'node:crypto';
import { mkdir, open, opendir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import {
  assertStorageKey,
  InvalidStorageKeyError,
  isStorageKey,
  putStream,
  StorageUnavailableError,
  type TFileStorage,
} from './file-storage';

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

/** Files under `root` (DATA_DIR/files), one per key, written to a temporary name then renamed. */
export function createDiskFileStorage(root: string, logger: Logger): TFileStorage {
  const base = path.resolve(root);

  function pathOf(key: string): string {
    const file = path.resolve(base, assertStorageKey(key));
    // The pattern already rules out separators and dot-dot; this keeps it true if it ever changes.
    if (path.dirname(file) !== base) throw new InvalidStorageKeyError(key);
    return file;
  }

  /** A disk that refuses (full, read-only, no permission) is reported like an unreachable bucket. */
  function unavailable(op: string, key: string | null, err: unknown): StorageUnavailableError {
    const reason = `${code(err) ?? 'error'}: ${(err as Error).message}`;
    logger.warn({ storage: 'disk', op, storageKey: key, reason }, 'file storage unavailable');
    return new StorageUnavailableError(reason);
  }

  async function sizeOf(key: string): Promise<{ size: number } | null> {
    const file = pathOf(key);
    try {
      return { size: (await stat(file)).size };
    } catch (err) {
      if (code(err) === 'ENOENT') return null;
      throw unavailable('stat', key, err);
    }
  }

  return {
    kind: 'disk',
    location: base,
    async put(key, body) {
      const file = pathOf(key);
      const { stream, size } = putStream(body);
      // A dot-prefixed temporary name never matches a key, so a half-written file is never served.
      const temp = path.join(base, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await mkdir(base, { recursive: true });
        const handle = await open(temp, 'wx', 0o600);
        try {
          // One chunk at a time: the next is read once the previous is written.
          let written = 0;
          for await (const chunk of stream) {
            const bytes = chunk as Buffer;
            await handle.write(bytes, 0, bytes.byteLength);
            written += bytes.byteLength;
          }
          if (written !== size) throw new Error(`Expected ${size} bytes, got ${written}.`);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (err) {
        // Removing the temporary file fails too where the directory cannot be used.
        await rm(temp, { force: true }).catch(() => undefined);
        if (code(err)) throw unavailable('put', key, err);
        throw err;
      }
    },
    async get(key) {
      const file = pathOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        if (code(err) === 'ENOENT') return null;
        throw unavailable('get', key, err);
      }
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (err) {
        await handle.close();
        throw unavailable('get', key, err);
      }
    },
    stat: sizeOf,
    async delete(key) {
      const file = pathOf(key);
      try {
        await unlink(file);
      } catch (err) {
        if (code(err) === 'ENOENT') return;
        throw unavailable('delete', key, err);
      }
    },
    async *list() {
      let dir;
      try {
        dir = await opendir(base);
      } catch (err) {
        if (code(err) === 'ENOENT') return;
        throw unavailable('list', null, err);
      }
      for await (const entry of dir) {
        // Temporary files of writes under way (and anything not ours) are not stored files.
        if (!entry.isFile() || !isStorageKey(entry.name)) continue;
        const found = await sizeOf(entry.name);
        if (found) yield { key: entry.name, size: found.size };
      }
    },
    async check() {
      try {
        await mkdir(base, { recursive: true });
      } catch (err) {
        throw unavailable('check', null, err);
      }
    },
  };
}
