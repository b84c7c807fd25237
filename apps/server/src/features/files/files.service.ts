import type { Logger } from 'pino';
import type { TUploadPurpose, TUploadedFile } from '@draftwell/shared/workspace/files';
import type { TDb } from '../../db/client';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import type { TFileStorage } from '../../storage/file-storage';
import {
  deleteFileRow,
  findOwnedFile,
  removeBytes,
  saveImageFile,
  toUploadedFile,
  type TFileRow,
} from '../../storage/image-files';

type TDeps = { db: TDb; storage: TFileStorage; log: Logger; actor: TActor };

const notFound = () => new AppError('not_found', 'We could not find that file.');

export async function uploadFile(args: TDeps & { bytes: Uint8Array; purpose: TUploadPurpose }): Promise<TUploadedFile> {
  const { row } = await saveImageFile({ ...args, ownerId: args.actor.id });
  return toUploadedFile(row);
}

/** The owner's file with its bytes; anyone else's, or one whose bytes are gone, is a 404. */
export async function readFile(args: TDeps & { id: string }): Promise<{ row: TFileRow; bytes: Buffer }> {
  const row = await findOwnedFile({ db: args.db, ownerId: args.actor.id, id: args.id });
  if (!row) throw notFound();
  const bytes = await args.storage.get(row.storageKey);
  if (!bytes) {
    args.log.warn({ fileId: row.id, storageKey: row.storageKey }, 'stored file missing');
    throw notFound();
  }
  return { row, bytes };
}

/** Deletes the row (and the logo reference, if it was the logo), then the bytes. */
export async function deleteFile(args: TDeps & { id: string }): Promise<void> {
  const { db, storage, log, actor, id } = args;
  const storageKey = await db.transaction((tx) => deleteFileRow({ tx, ownerId: actor.id, id }));
  if (!storageKey) throw notFound();
  await removeBytes({ storage, log, storageKey });
}
