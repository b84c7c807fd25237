import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * An S3-compatible server in the test process (s3rver, objects kept in a temporary directory, on
 * loopback), for the storage suite and the API tests run with S3 configured. The tests look at
 * the bucket through their own SDK client, not through the server's storage.
 */
export type TS3TestServer = {
  endpoint: string;
  /** A new, empty bucket, and the S3_* settings that point a server at it. */
  createBucket(): Promise<{ bucket: string; env: Record<string, string> }>;
  /** The S3_* settings that point a server at `bucket`. */
  envFor(bucket: string): Record<string, string>;
  /** Every key in the bucket. */
  keys(bucket: string): Promise<string[]>;
  /** An object's bytes, or null when there is none. */
  read(bucket: string, key: string): Promise<Buffer | null>;
  write(bucket: string, key: string, bytes: Uint8Array): Promise<void>;
  remove(bucket: string, key: string): Promise<void>;
  close(): Promise<void>;
};

/**
 * s3rver knows one access key id (its own) and does not check the secret: a secret of our own
 * stands for an operator's, so the tests can look for it in the logs.
 */
export const TEST_S3_ACCESS_KEY_ID = 'S3RVER';
export const TEST_S3_SECRET_ACCESS_KEY = 'draftwell-test-secret-never-logged';

export async function startS3Server(directory: string, port = 0): Promise<TS3TestServer> {
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
  const address: AddressInfo = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: TEST_S3_ACCESS_KEY_ID, secretAccessKey: TEST_S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const missing = (err: unknown) => (err as { name?: string }).name === 'NoSuchKey';
  const envFor = (bucket: string) => ({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: TEST_S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: TEST_S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  });
  return {
    endpoint,
    envFor,
    async createBucket() {
      const bucket = `dw-test-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return { bucket, env: envFor(bucket) };
    },
    async keys(bucket) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async read(bucket, key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async write(bucket, key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
    },
    async remove(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async close() {
      client.destroy();
      await server.close();
    },
  };
}
