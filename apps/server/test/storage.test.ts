import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../src/env';
import { createDiskFileStorage } from '../src/storage/disk-storage';
import {
  checkedStream,
  InvalidStorageKeyError,
  readStoredBytes,
  StorageUnavailableError,
  StoredFileMismatchError,
  type TFileStorage,
} from '../src/storage/file-storage';
import { openFileStorage } from '../src/storage/open-storage';
import { freePort, storages, tempDir, testS3Server, type TLogEntry, type TStorageKind } from './helpers';
import { TEST_S3_SECRET_ACCESS_KEY } from './support/s3-server';

/**
 * The storage contract (decision 0019): the disk and the S3 implementation answer the same calls
 * the same way, checked here against a real directory and a real S3-compatible server (s3rver),
 * each seen from outside through the tests' own view of it.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function capture(): { logs: TLogEntry[]; logger: pino.Logger } {
  const logs: TLogEntry[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as TLogEntry) });
  return { logs, logger };
}

async function drain(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `size` bytes made as they are read (never held whole), and their SHA-256 once read to the end. */
function generated(size: number, chunk = 64 * 1024) {
  const hash = createHash('sha256');
  let made = 0;
  const stream = new Readable({
    read() {
      if (made >= size) {
        this.push(null);
        return;
      }
      const n = Math.min(chunk, size - made);
      const bytes = Buffer.alloc(n, (made / chunk) % 251);
      made += n;
      hash.update(bytes);
      this.push(bytes);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/** The most memory (JavaScript heap and buffers) in use above where it was, while `fn` runs. */
async function peakGrowth<T>(fn: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const base = used();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, used());
  }, 5);
  try {
    const result = await fn();
    peak = Math.max(peak, used());
    return { result, growth: peak - base };
  } finally {
    clearInterval(timer);
  }
}

type TSubject = { storage: TFileStorage; logs: TLogEntry[]; outside: { keys(): Promise<string[]> } };

async function subject(kind: TStorageKind): Promise<TSubject> {
  const { logs, logger } = capture();
  if (kind === 'disk') {
    const dataDir = tempDir('dw-storage-');
    const storage = await openFileStorage({ s3: null, dataDir }, logger);
    const dir = path.join(dataDir, 'files');
    return { storage, logs, outside: { keys: async () => (existsSync(dir) ? readdirSync(dir) : []) } };
  }
  const s3 = await testS3Server();
  const { bucket, env } = await s3.createBucket();
  const storage = await openFileStorage(readEnv({ DATA_DIR: tempDir(), ...env }), logger);
  return { storage, logs, outside: { keys: () => s3.keys(bucket) } };
}

describe.each(storages())('the file storage contract (%s)', (kind) => {
  let s: TSubject;
  beforeAll(async () => {
    s = await subject(kind);
    await s.storage.check();
  });

  it('put, then get as a stream with its size, stat, list; delete, then it is missing', async () => {
    const bytes = Buffer.from('a small stored file');
    await s.storage.put('11111111-1111-4111-8111-111111111111.png', bytes, { contentType: 'image/png' });
    const file = await s.storage.get('11111111-1111-4111-8111-111111111111.png');
    expect(file).not.toBeNull();
    expect(file!.size).toBe(bytes.length);
    expect(await drain(file!.stream)).toEqual(bytes);
    expect(await s.storage.stat('11111111-1111-4111-8111-111111111111.png')).toEqual({ size: bytes.length });
    const listed = [];
    for await (const entry of s.storage.list()) listed.push(entry);
    expect(listed).toContainEqual({ key: '11111111-1111-4111-8111-111111111111.png', size: bytes.length });
    expect(await s.outside.keys()).toContain('11111111-1111-4111-8111-111111111111.png');

    await s.storage.delete('11111111-1111-4111-8111-111111111111.png');
    expect(await s.storage.get('11111111-1111-4111-8111-111111111111.png')).toBeNull();
    expect(await s.storage.stat('11111111-1111-4111-8111-111111111111.png')).toBeNull();
    expect(await s.outside.keys()).not.toContain('11111111-1111-4111-8111-111111111111.png');
  });

  it('a missing key: get and stat answer null, delete is not an error, readStoredBytes answers null', async () => {
    expect(await s.storage.get('sealed-00000000-0000-4000-8000-000000000000.pdf')).toBeNull();
    expect(await s.storage.stat('sealed-00000000-0000-4000-8000-000000000000.pdf')).toBeNull();
    await expect(s.storage.delete('sealed-00000000-0000-4000-8000-000000000000.pdf')).resolves.toBeUndefined();
    expect(
      await readStoredBytes(s.storage, 'sealed-00000000-0000-4000-8000-000000000000.pdf', { maxBytes: 10 }),
    ).toBeNull();
  });

  it('refuses keys that are not ours (a path, a hidden or upper-case name) before touching anything', async () => {
    const before = await s.outside.keys();
    for (const key of ['../x.png', 'a/b.png', '.hidden.png', 'Upper.png', '', 'x'.repeat(200)]) {
      await expect(s.storage.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(s.storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(s.storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(await s.outside.keys()).toEqual(before);
  });

  it('a 256 MB file goes in and out as a stream: never held whole in memory, the same bytes back', async () => {
    const size = 256 * 1024 * 1024;
    const source = generated(size);
    const put = await peakGrowth(() =>
      s.storage.put('22222222-2222-4222-8222-222222222222.pdf', { stream: source.stream, size }),
    );
    const written = source.digest();
    expect(await s.storage.stat('22222222-2222-4222-8222-222222222222.pdf')).toEqual({ size });

    const read = await peakGrowth(async () => {
      const file = await s.storage.get('22222222-2222-4222-8222-222222222222.pdf');
      const hash = createHash('sha256');
      let length = 0;
      for await (const chunk of file!.stream) {
        hash.update(chunk as Buffer);
        length += (chunk as Buffer).length;
      }
      return { length, digest: hash.digest('hex') };
    });
    expect(read.result).toEqual({ length: size, digest: written });
    // Held whole, 256 MB would show; streamed, a few chunks are in flight, and chunks already
    // passed on wait for the garbage collector (which lets some tens of megabytes pile up).
    expect(put.growth, 'memory growth while storing').toBeLessThan(96 * 1024 * 1024);
    expect(read.growth, 'memory growth while reading').toBeLessThan(96 * 1024 * 1024);
    await s.storage.delete('22222222-2222-4222-8222-222222222222.pdf');
  });

  it('a stream given with the wrong size is refused and nothing is stored under the key', async () => {
    const source = generated(1000);
    await expect(
      s.storage.put('33333333-3333-4333-8333-333333333333.png', { stream: source.stream, size: 999 }),
    ).rejects.toThrow();
    expect(await s.storage.stat('33333333-3333-4333-8333-333333333333.png')).toBeNull();
  });

  it('downloads stopped early release what they held: a hundred in a row, then one read whole', async () => {
    const bytes = Buffer.alloc(512 * 1024, 7);
    await s.storage.put('44444444-4444-4444-8444-444444444444.webp', bytes);
    for (let i = 0; i < 100; i += 1) {
      const file = await s.storage.get('44444444-4444-4444-8444-444444444444.webp');
      // One chunk, then the client goes away.
      const first = await new Promise<Buffer>((resolve) => file!.stream.once('data', resolve));
      expect(first.length).toBeGreaterThan(0);
      file!.stream.destroy();
    }
    const whole = await s.storage.get('44444444-4444-4444-8444-444444444444.webp');
    expect(await drain(whole!.stream)).toEqual(bytes);
  });

  it('checkedStream passes a file whose SHA-256 matches, and cuts short one whose bytes changed', async () => {
    const bytes = Buffer.alloc(300 * 1024, 3);
    const sha = createHash('sha256').update(bytes).digest('hex');
    await s.storage.put('sealed-55555555-5555-4555-8555-555555555555.pdf', bytes);
    const good = await s.storage.get('sealed-55555555-5555-4555-8555-555555555555.pdf');
    expect(await drain(checkedStream(good!.stream, sha, () => undefined))).toEqual(bytes);

    let told = false;
    const other = await s.storage.get('sealed-55555555-5555-4555-8555-555555555555.pdf');
    const received: Buffer[] = [];
    const checked = checkedStream(other!.stream, 'f'.repeat(64), () => (told = true));
    await expect(
      (async () => {
        for await (const chunk of checked) received.push(chunk as Buffer);
      })(),
    ).rejects.toBeInstanceOf(StoredFileMismatchError);
    expect(told).toBe(true);
    // Its last bytes were never passed on.
    expect(Buffer.concat(received).length).toBeLessThan(bytes.length);
  });

  it('readStoredBytes refuses a file larger than the caller allows', async () => {
    await s.storage.put('66666666-6666-4666-8666-666666666666.png', Buffer.alloc(2048, 1));
    await expect(
      readStoredBytes(s.storage, '66666666-6666-4666-8666-666666666666.png', { maxBytes: 1024 }),
    ).rejects.toBeInstanceOf(StoredFileMismatchError);
    expect(
      await readStoredBytes(s.storage, '66666666-6666-4666-8666-666666666666.png', { maxBytes: 2048 }),
    ).toHaveLength(2048);
  });
});

describe('a storage that cannot be used', () => {
  it('S3: an endpoint nobody answers on is StorageUnavailableError for every call, with the reason logged and the secret never', async () => {
    const { logs, logger } = capture();
    const port = await freePort();
    const env = readEnv({
      DATA_DIR: tempDir(),
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'nobody-home',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: TEST_S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    });
    const storage = await openFileStorage(env, logger);
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['check', () => storage.check()],
      ['put', () => storage.put('77777777-7777-4777-8777-777777777777.png', Buffer.from('x'))],
      ['get', () => storage.get('77777777-7777-4777-8777-777777777777.png')],
      ['stat', () => storage.stat('77777777-7777-4777-8777-777777777777.png')],
      ['delete', () => storage.delete('77777777-7777-4777-8777-777777777777.png')],
      ['list', async () => storage.list()[Symbol.asyncIterator]().next()],
    ];
    for (const [name, call] of calls) {
      const err = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, name).toBeInstanceOf(StorageUnavailableError);
      expect((err as StorageUnavailableError).status, name).toBe(503);
      expect((err as StorageUnavailableError).reason, name).toMatch(/ECONNREFUSED|could not be reached/);
    }
    expect(logs.filter((l) => l.msg === 'file storage unavailable')).toHaveLength(calls.length);
    expect(JSON.stringify(logs)).not.toContain(TEST_S3_SECRET_ACCESS_KEY);
  });

  it('S3: a bucket that does not exist is named in the reason', async () => {
    const s3 = await testS3Server();
    const { logger } = capture();
    const env = readEnv({ DATA_DIR: tempDir(), ...s3.envFor('no-such-bucket') });
    const storage = await openFileStorage(env, logger);
    await expect(storage.check()).rejects.toMatchObject({
      reason: `there is no bucket no-such-bucket at ${s3.endpoint}`,
    });
  });

  it('disk: a directory that cannot be made or read is the same StorageUnavailableError', async () => {
    const { logs, logger } = capture();
    const blocker = path.join(tempDir(), 'files');
    writeFileSync(blocker, 'a file where the directory should be');
    const storage = createDiskFileStorage(blocker, logger);
    for (const call of [
      () => storage.check(),
      () => storage.put('88888888-8888-4888-8888-888888888888.png', Buffer.from('x')),
      () => storage.get('88888888-8888-4888-8888-888888888888.png'),
    ]) {
      await expect(call()).rejects.toBeInstanceOf(StorageUnavailableError);
    }
    expect(logs.filter((l) => l.msg === 'file storage unavailable').length).toBe(3);
  });
});

describe('npm run admin -- copy-files-to-s3', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let keysInBucket: () => Promise<string[]>;

  beforeAll(async () => {
    dataDir = tempDir('dw-copy-');
    const files = path.join(dataDir, 'files');
    mkdirSync(files);
    writeFileSync(path.join(files, '99999999-9999-4999-8999-999999999999.png'), Buffer.alloc(1500, 1));
    writeFileSync(path.join(files, 'sealed-aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa.pdf'), Buffer.alloc(4000, 2));
    // A write that was under way, and something that is not ours: neither is copied.
    writeFileSync(path.join(files, '.bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb.png.1234.tmp'), 'half');
    writeFileSync(path.join(files, 'README.TXT'), 'not a stored file');
    const s3 = await testS3Server();
    const { bucket, env: s3Env } = await s3.createBucket();
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...s3Env };
    keysInBucket = () => s3.keys(bucket);
  });

  /** The command as an operator runs it, in its own process (the S3 server answers from this one). */
  const run = (args: string[], extra: Record<string, string | undefined> = env) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'src/admin.ts', ...args],
        {
          cwd: serverDir,
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            // The SDK's notice that its 2027 versions need Node 22 (it goes to stderr).
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
            ...extra,
          },
          encoding: 'utf8',
          timeout: 60_000,
        },
        (err, stdout, stderr) => {
          if (err && typeof err.code !== 'number') reject(err);
          else resolve({ status: child.exitCode, stdout, stderr });
        },
      );
    });

  it('copies the stored files into the bucket, printing each; run again, copies nothing', async () => {
    const first = await run(['copy-files-to-s3']);
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('  copied 99999999-9999-4999-8999-999999999999.png (1.5 kB)');
    expect(first.stdout).toContain('  copied sealed-aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa.pdf (4.0 kB)');
    expect(first.stdout.trim().split('\n').at(-1)).toBe('Copied 2 files (5.5 kB); 0 files were in the bucket already.');
    expect((await keysInBucket()).sort()).toEqual([
      '99999999-9999-4999-8999-999999999999.png',
      'sealed-aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa.pdf',
    ]);
    expect(first.stdout).not.toContain(TEST_S3_SECRET_ACCESS_KEY);

    const again = await run(['copy-files-to-s3']);
    expect(again.status).toBe(0);
    expect(again.stdout).not.toContain('copied');
    expect(again.stdout.trim().split('\n').at(-1)).toBe('Copied 0 files (0 B); 2 files were in the bucket already.');
  });

  it('without the S3 settings, or with only some, it says what is missing and copies nothing', async () => {
    const none = await run(['copy-files-to-s3'], { DATA_DIR: dataDir });
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/^Set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    const some = await run(['copy-files-to-s3'], {
      DATA_DIR: dataDir,
      S3_ENDPOINT: env.S3_ENDPOINT,
      S3_BUCKET: 'x-bucket',
    });
    expect(some.status).toBe(1);
    expect(some.stderr).toContain('S3_ACCESS_KEY_ID: must be set with S3_ENDPOINT, S3_BUCKET and S3_SECRET_ACCESS_KEY');
    expect(some.stderr).toContain('S3_SECRET_ACCESS_KEY: must be set with S3_ENDPOINT, S3_BUCKET and S3_ACCESS_KEY_ID');
    const extra = await run(['copy-files-to-s3', 'now']);
    expect(extra.status).toBe(1);
    expect(extra.stderr).toContain('Usage: npm run admin');
  });
});
