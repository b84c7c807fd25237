import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { LOGO_MAX_SIDE, fileUrl, type TUploadPurpose, type TUploadedFile } from '@draftwell/shared/workspace/files';
import type { TDb } from '../db/client';
import { businessProfiles, files } from '../db/schema';
import { deleteStoredBytes, keepStorageKey, reserveStorageKey } from './deletions';
import type { TFileStorage } from './file-storage';
import { processImage } from './image';
import { sha256Hex } from '../lib/sha256';

/**
 * Stored images: a `files` row and its bytes, kept together. Bytes are written before the row
 * and removed after it, so a row never points at missing bytes; a failed insert removes the
 * bytes it had written, and bytes whose row never came (the process stopped in between) are
 * removed within the hour (`storage/deletions.ts`).
 */

export type TFileRow = typeof files.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toUploadedFile(row: TFileRow): TUploadedFile {
  return {
    id: row.id,
    url: fileUrl(row.id),
    contentType: row.contentType,
    size: row.size,
    width: row.width ?? 0,
    height: row.height ?? 0,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Checks and re-encodes an upload, stores its bytes under a generated key, then inserts its row
 * and runs `then` in the same transaction. Any failure after the bytes were written removes them.
 */
export async function saveImageFile<T = undefined>(args: {
  db: TDb;
  storage: TFileStorage;
  log: Logger;
  ownerId: string;
  bytes: Uint8Array;
  purpose: TUploadPurpose;
  then?: (tx: TDb, row: TFileRow) => Promise<T>;
}): Promise<{ row: TFileRow; result: T | undefined }> {
  const { db, storage, log, ownerId, purpose } = args;
  const image = await processImage(args.bytes, { maxSide: purpose === 'logo' ? LOGO_MAX_SIDE : undefined });
  const id = randomUUID();
  const storageKey = `${id}.${image.ext}`;
  await reserveStorageKey(db, storageKey);
  await storage.put(storageKey, image.bytes, { contentType: image.contentType });
  try {
    return await db.transaction(async (tx) => {
      await keepStorageKey(tx, storageKey);
      const [row] = await tx
        .insert(files)
        .values({
          id,
          ownerId,
          purpose,
          contentType: image.contentType,
          size: image.bytes.byteLength,
          width: image.width,
          height: image.height,
          storageKey,
          sha256: sha256Hex(image.bytes),
        })
        .returning();
      const result = args.then ? await args.then(tx, row!) : undefined;
      return { row: row!, result };
    });
  } catch (err) {
    await deleteStoredBytes({ db, storage, log, storageKeys: [storageKey] });
    throw err;
  }
}

/** An owner's file row; another owner's id, or one that is not a UUID, finds nothing. */
export async function findOwnedFile(args: { db: TDb; ownerId: string; id: string }): Promise<TFileRow | null> {
  if (!UUID.test(args.id)) return null;
  const [row] = await args.db
    .select()
    .from(files)
    .where(and(eq(files.id, args.id), eq(files.ownerId, args.ownerId)));
  return row ?? null;
}

/**
 * Deletes an owner's file row inside `tx` and answers its storage key (null when there was none).
 * If it was the profile's logo, the profile loses it and moves to a new version.
 */
export async function deleteFileRow(args: { tx: TDb; ownerId: string; id: string }): Promise<string | null> {
  const { tx, ownerId, id } = args;
  if (!UUID.test(id)) return null;
  await tx
    .update(businessProfiles)
    .set({ logoFileId: null, version: sql`${businessProfiles.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(businessProfiles.ownerId, ownerId), eq(businessProfiles.logoFileId, id)));
  const [gone] = await tx
    .delete(files)
    .where(and(eq(files.id, id), eq(files.ownerId, ownerId)))
    .returning({ storageKey: files.storageKey });
  return gone?.storageKey ?? null;
}

/**
 * Removes the bytes of a row deleted and committed (the database queued them already): now, or,
 * if the storage cannot be reached, by the deletion worker later. Never a broken row.
 */
export async function removeBytes(args: {
  db: TDb;
  storage: TFileStorage;
  log: Logger;
  storageKey: string;
}): Promise<void> {
  await deleteStoredBytes({ db: args.db, storage: args.storage, log: args.log, storageKeys: [args.storageKey] });
}
