import type { Readable } from 'node:stream';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Logger } from 'pino';
import type { TS3Env } from '../env';
import { assertStorageKey, exactLength, StorageUnavailableError, type TFileStorage } from './file-storage';

/** How long connecting may take, and how long a request may wait for its answer or stay silent. */
const CONNECT_TIMEOUT_MS = 5_000;
const ANSWER_TIMEOUT_MS = 30_000;
const IDLE_TIMEOUT_MS = 60_000;

type TSdkError = Partial<S3ServiceException> & { code?: string };

const statusOf = (err: unknown) => (err as TSdkError).$metadata?.httpStatusCode;

/** What went wrong, for the log: the SDK's error name, the HTTP status and its message (never a secret). */
function describe(err: unknown): string {
  const e = err as TSdkError;
  const status = statusOf(err);
  return `${e.name ?? 'Error'}${status ? ` (HTTP ${status})` : ''}${e.code ? ` ${e.code}` : ''}: ${e.message ?? String(err)}`;
}

/**
 * Stored files in an S3-compatible bucket, through the official SDK (loaded only when S3 is
 * configured). Each key is one object; a put is atomic on the service's side, so a reader never
 * sees half an object. Checksums are left to what the service requires, as many S3-compatible
 * servers do not know the SDK's newer default ones.
 */
export async function createS3FileStorage(config: TS3Env, logger: Logger): Promise<TFileStorage> {
  const sdk = await import('@aws-sdk/client-s3');
  const client: S3Client = new sdk.S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: ANSWER_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      socketTimeout: IDLE_TIMEOUT_MS,
    },
  });
  const Bucket = config.bucket;
  const location = `${config.endpoint} bucket ${config.bucket}`;

  function unavailable(op: string, key: string | null, err: unknown): StorageUnavailableError {
    const reason = describe(err);
    logger.warn({ storage: 's3', op, storageKey: key, reason }, 'file storage unavailable');
    return new StorageUnavailableError(reason);
  }

  const missing = (err: unknown) => {
    const name = (err as TSdkError).name;
    return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(err) === 404 && name !== 'NoSuchBucket');
  };

  return {
    kind: 's3',
    location,
    async put(key, body, opts) {
      assertStorageKey(key);
      // Bytes in memory go as they are (the SDK can send them again on a retry); a stream goes once.
      const [Body, size] =
        body instanceof Uint8Array ? [body, body.byteLength] : [exactLength(body.stream, body.size), body.size];
      // The SDK pipes a stream into its request and does not watch it: a stream that fails (or is
      // of another length) aborts the request, and the put fails with the stream's error.
      const abort = new AbortController();
      let bodyError: unknown = null;
      if (!(Body instanceof Uint8Array)) {
        Body.on('error', (err) => {
          bodyError = err;
          abort.abort();
        });
      }
      try {
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: key,
            Body,
            ContentLength: size,
            ...(opts?.contentType ? { ContentType: opts.contentType } : {}),
          }),
          { abortSignal: abort.signal },
        );
      } catch (err) {
        if (bodyError) throw bodyError;
        throw unavailable('put', key, err);
      }
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) throw new Error('The object came without a body.');
        return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (missing(err)) return null;
        throw unavailable('get', key, err);
      }
    },
    async stat(key) {
      assertStorageKey(key);
      try {
        const res = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return { size: res.ContentLength ?? 0 };
      } catch (err) {
        if (missing(err)) return null;
        throw unavailable('stat', key, err);
      }
    },
    async delete(key) {
      assertStorageKey(key);
      try {
        // S3 answers 204 for a key with nothing stored.
        await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (missing(err)) return;
        throw unavailable('delete', key, err);
      }
    },
    async *list() {
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        } catch (err) {
          throw unavailable('list', null, err);
        }
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async check() {
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (err) {
        const status = statusOf(err);
        const reason =
          status === 404
            ? `there is no bucket ${config.bucket} at ${config.endpoint}`
            : status === 403 || status === 401
              ? `${config.endpoint} refused the access key (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) for bucket ${config.bucket}`
              : `${config.endpoint} could not be reached (${describe(err)})`;
        logger.warn({ storage: 's3', op: 'check', reason }, 'file storage unavailable');
        throw new StorageUnavailableError(reason);
      }
    },
  };
}
