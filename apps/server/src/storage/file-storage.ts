import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { AppError } from '../lib/app-error';

/**
 * Where stored files' bytes live (uploaded images and logos, sealed PDFs), by a key the server
 * generated: the local disk (DATA_DIR/files) by default, or an S3-compatible bucket when the
 * S3_* settings are given, so that several instances need no shared disk. Bytes go in and out as
 * streams: a download is piped from the storage to the response, never read whole into memory.
 */
export type TFileStorage = {
  readonly kind: 'disk' | 's3';
  /** Where the files are, for the operator: a directory, or an endpoint and bucket (never a secret). */
  readonly location: string;
  /**
   * Stores the bytes under `key` whole, or not at all (a reader never sees half a file). A
   * stream must come with its exact size.
   */
  put(key: string, body: TPutBody, opts?: { contentType?: string }): Promise<void>;
  /** The bytes as a stream with their size, or null when nothing is stored under `key`. */
  get(key: string): Promise<TStoredFile | null>;
  /** The size of what is stored under `key`, or null when nothing is. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the bytes; a key with nothing stored is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key with its size, in no particular order. */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Resolves when the storage answers (the directory or the bucket exists and may be used). */
  check(): Promise<void>;
};

export type TPutBody = Uint8Array | { stream: Readable; size: number };

export type TStoredFile = {
  /** The bytes, read as they are passed on; destroy it to stop early. */
  stream: Readable;
  size: number;
};

/** Keys are ours (a UUID and an extension, `sealed-` before a sealed PDF's), never a name a client sent. */
const KEY = /^[a-z0-9][a-z0-9-]{0,99}(\.[a-z0-9]{1,8})?$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Not a storage key: ${JSON.stringify(key.slice(0, 120))}`);
  }
}

export function assertStorageKey(key: string): string {
  if (!KEY.test(key)) throw new InvalidStorageKeyError(key);
  return key;
}

/**
 * The storage did not answer, or refused us (unreachable, timed out, denied, no such bucket, disk
 * full): a 503 for the request that needed it, and a warning in the log saying why.
 */
export class StorageUnavailableError extends AppError {
  constructor(readonly reason: string) {
    super('unavailable', 'Stored files cannot be reached just now. Try again in a minute.', { retryAfter: 30 });
  }
}

/** A stored file that is not what its record says (another size, or other bytes). */
export class StoredFileMismatchError extends Error {}

/** Bytes given to `put` as a stream. */
export function putStream(body: TPutBody): { stream: Readable; size: number } {
  if (body instanceof Uint8Array) return { stream: Readable.from([body]), size: body.byteLength };
  return body;
}

/**
 * The whole of a stored file, for the code that needs its bytes at once (an image drawn into a PDF,
 * a sealed PDF attached to a mail), or null when it is missing. Refused past `maxBytes`.
 */
export async function readStoredBytes(
  storage: TFileStorage,
  key: string,
  opts: { maxBytes: number },
): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  if (file.size > opts.maxBytes) {
    file.stream.destroy();
    throw new StoredFileMismatchError(`The stored file ${key} is larger (${file.size} bytes) than it may be.`);
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of file.stream) {
    const buffer = chunk as Buffer;
    length += buffer.length;
    if (length > file.size) {
      file.stream.destroy();
      throw new StoredFileMismatchError(`The stored file ${key} is longer than its size.`);
    }
    chunks.push(buffer);
  }
  if (length !== file.size) throw new StoredFileMismatchError(`The stored file ${key} ended early.`);
  return Buffer.concat(chunks, length);
}

/**
 * The stream of a stored file checked against its SHA-256 as it goes: the last chunk is held back
 * until the whole has been hashed, so a file whose bytes changed fails before its final byte is
 * passed on (a download is cut short rather than completed with other bytes).
 */
export function checkedStream(source: Readable, sha256: string, onMismatch: () => void): Readable {
  const hash = createHash('sha256');
  let held: Buffer | null = null;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      const previous = held;
      held = chunk;
      done(null, previous ?? undefined);
    },
    flush(done) {
      if (hash.digest('hex') !== sha256) {
        onMismatch();
        done(new StoredFileMismatchError('The stored file does not match its SHA-256.'));
        return;
      }
      done(null, held ?? undefined);
    },
  });
  source.on('error', (err) => check.destroy(err));
  check.on('close', () => source.destroy());
  // The error can come before the reader pulls (a small file ends at once): without a listener it
  // would be an uncaught exception, which stops the process. The reader still gets it, as the
  // stream is then destroyed with it.
  check.on('error', () => undefined);
  return source.pipe(check);
}

/**
 * A stream to upload that must be exactly `size` bytes long: one that runs longer fails as soon as
 * it does, and its last chunk is held back until its end shows the length is right, so a stream
 * of another length never hands the service all the bytes it was promised (the upload fails
 * instead of storing something else).
 */
export function exactLength(source: Readable, size: number): Readable {
  let seen = 0;
  let held: Buffer | null = null;
  const wrong = (what: string) => new Error(`The stream to store is ${what} than the ${size} bytes it was given with.`);
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > size) {
        done(wrong('longer'));
        return;
      }
      const previous = held;
      held = chunk;
      done(null, previous ?? undefined);
    },
    flush(done) {
      if (seen !== size) done(wrong('shorter'));
      else done(null, held ?? undefined);
    },
  });
  source.on('error', (err) => check.destroy(err));
  check.on('close', () => source.destroy());
  // The error can come before the reader pulls (a small file ends at once): without a listener it
  // would be an uncaught exception, which stops the process. The reader still gets it, as the
  // stream is then destroyed with it.
  check.on('error', () => undefined);
  return source.pipe(check);
}
