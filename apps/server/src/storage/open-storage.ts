import path from 'node:path';
import type { Logger } from 'pino';
import type { TEnv } from '../env';
import { createDiskFileStorage } from './disk-storage';
import type { TFileStorage } from './file-storage';

/**
 * The storage the configuration names: the bucket when the S3_* settings are given (the SDK is
 * loaded only then), else DATA_DIR/files.
 */
export async function openFileStorage(env: Pick<TEnv, 's3' | 'dataDir'>, logger: Logger): Promise<TFileStorage> {
  if (env.s3) {
    const { createS3FileStorage } = await import('./s3-storage');
    return createS3FileStorage(env.s3, logger);
  }
  return createDiskFileStorage(path.join(env.dataDir, 'files'), logger);
}
