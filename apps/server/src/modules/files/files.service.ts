import type { Logger } from 'pino';
import type { TUploadPurpose, TUploadedFile } from '@draftwell/shared/workspace/files';
import type { TDb } from '../../db/client';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import type { TFileStorage, TStoredFile } from '../../storage/file-storage';
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

/** The owner's file row; anyone else's is a 404. */
export async function findFile(args: Omit<TDeps, 'storage' | 'log'> & { id: string }): Promise<TFileRow> {
  const row = await findOwnedFile({ db: args.db, ownerId: args.actor.id, id: args.id });
  if (!row) throw notFound();
  return row;
}

/** The bytes of a file row, as a stream; a row whose bytes are gone is the same 404. */
export async function openFile(args: Pick<TDeps, 'storage' | 'log'> & { row: TFileRow }): Promise<TStoredFile> {
  const { row } = args;
  const file = await args.storage.get(row.storageKey);
  if (!file) {
    args.log.warn({ fileId: row.id, storageKey: row.storageKey }, 'stored file missing');
    throw notFound();
  }
  return file;
}

/** Deletes the row (and the logo reference, if it was the logo), then the bytes. */
export async function deleteFile(args: TDeps & { id: string }): Promise<void> {
  const { db, storage, log, actor, id } = args;
  const storageKey = await db.transaction((tx) => deleteFileRow({ tx, ownerId: actor.id, id }));
  if (!storageKey) throw notFound();
  await removeBytes({ db, storage, log, storageKey });
}
