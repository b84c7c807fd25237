import { languageOf } from '@draftwell/shared/i18n/languages';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { documentLocale } from '@draftwell/shared/document/locale';
import type { TBusinessProfile, TBusinessProfilePut } from '@draftwell/shared/workspace/profile';
import type { TDb } from '../../db/client';
import { businessProfiles } from '../../db/schema';
import type { TActor } from '../../http/require-user';
import { AppError } from '../../lib/app-error';
import type { TFileStorage } from '../../storage/file-storage';
import { deleteFileRow, removeBytes, saveImageFile } from '../../storage/image-files';

type TProfileRow = typeof businessProfiles.$inferSelect;

function toProfile(row: TProfileRow): TBusinessProfile {
  return {
    displayName: row.displayName,
    company: row.company,
    jobTitle: row.jobTitle,
    phone: row.phone,
    website: row.website,
    address: row.address,
    logoFileId: row.logoFileId,
    brandColor: row.brandColor,
    defaultCurrency: row.defaultCurrency,
    defaultTaxRate: row.defaultTaxRate,
    defaultValidityDays: row.defaultValidityDays,
    emailSignature: row.emailSignature,
    locale: documentLocale(row.locale),
    defaultLanguage: languageOf(row.defaultLanguage),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A column's default from the schema, so an unsaved profile shows what saving it would store. */
function columnDefault<T extends string | number>(column: { default?: unknown }, fallback: T): T {
  return typeof column.default === typeof fallback ? (column.default as T) : fallback;
}

/** What a user who never saved a profile sees: their own name and the table's defaults. */
function defaultProfile(actor: TActor): TBusinessProfile {
  const c = businessProfiles;
  return {
    displayName: actor.name,
    company: columnDefault(c.company, ''),
    jobTitle: columnDefault(c.jobTitle, ''),
    phone: columnDefault(c.phone, ''),
    website: columnDefault(c.website, ''),
    address: columnDefault(c.address, ''),
    logoFileId: null,
    brandColor: columnDefault(c.brandColor, '#4338ca'),
    defaultCurrency: columnDefault(c.defaultCurrency, 'USD'),
    defaultTaxRate: columnDefault(c.defaultTaxRate, 0),
    defaultValidityDays: columnDefault(c.defaultValidityDays, 30),
    emailSignature: columnDefault(c.emailSignature, ''),
    locale: documentLocale(columnDefault(c.locale, 'en-US')),
    defaultLanguage: languageOf(columnDefault(c.defaultLanguage, 'en')),
    version: 0,
    updatedAt: null,
  };
}

export async function getProfile(args: { db: TDb; actor: TActor }): Promise<TBusinessProfile> {
  const { db, actor } = args;
  const [row] = await db.select().from(businessProfiles).where(eq(businessProfiles.ownerId, actor.id));
  return row ? toProfile(row) : defaultProfile(actor);
}

/**
 * Saves the whole profile if it is still at `put.version` (0: none saved yet); otherwise a 409
 * carrying the profile as it is now.
 */
export async function saveProfile(args: {
  db: TDb;
  actor: TActor;
  put: TBusinessProfilePut;
}): Promise<TBusinessProfile> {
  const { db, actor, put } = args;
  const { version, ...fields } = put;
  const [row] =
    version === 0
      ? await db
          .insert(businessProfiles)
          .values({ ...fields, ownerId: actor.id })
          .onConflictDoNothing({ target: businessProfiles.ownerId })
          .returning()
      : await db
          .update(businessProfiles)
          .set({ ...fields, version: sql`${businessProfiles.version} + 1`, updatedAt: sql`now()` })
          .where(and(eq(businessProfiles.ownerId, actor.id), eq(businessProfiles.version, version)))
          .returning();
  if (row) return toProfile(row);
  throw new AppError(
    'conflict',
    'Your business profile was changed elsewhere since you opened it. Review the current details and try again.',
    { current: await getProfile({ db, actor }) },
  );
}

/**
 * Points the profile at `logoFileId` inside `tx` (creating the profile with its defaults if none
 * was saved yet), moves it to a new version, and deletes the previous logo's row. Answers the
 * profile and the previous logo's storage key, whose bytes go once the transaction has committed.
 */
async function replaceLogo(args: {
  tx: TDb;
  actor: TActor;
  logoFileId: string | null;
}): Promise<{ profile: TBusinessProfile; oldKey: string | null }> {
  const { tx, actor, logoFileId } = args;
  const lockRow = () => tx.select().from(businessProfiles).where(eq(businessProfiles.ownerId, actor.id)).for('update');
  let [current] = await lockRow();
  if (!current) {
    if (logoFileId === null) return { profile: defaultProfile(actor), oldKey: null };
    const [created] = await tx
      .insert(businessProfiles)
      .values({ ownerId: actor.id, displayName: actor.name, logoFileId })
      .onConflictDoNothing({ target: businessProfiles.ownerId })
      .returning();
    if (created) return { profile: toProfile(created), oldKey: null };
    // Saved by another request a moment ago: update that row like any other.
    [current] = await lockRow();
  }
  if (current!.logoFileId === logoFileId) return { profile: toProfile(current!), oldKey: null };
  const [row] = await tx
    .update(businessProfiles)
    .set({ logoFileId, version: sql`${businessProfiles.version} + 1`, updatedAt: sql`now()` })
    .where(eq(businessProfiles.ownerId, actor.id))
    .returning();
  const previous = current!.logoFileId;
  const oldKey = previous ? await deleteFileRow({ tx, ownerId: actor.id, id: previous }) : null;
  return { profile: toProfile(row!), oldKey };
}

/** Stores an uploaded logo (scaled to fit 1024 px) and makes it the profile's; the old one is deleted. */
export async function setLogo(args: {
  db: TDb;
  storage: TFileStorage;
  log: Logger;
  actor: TActor;
  bytes: Uint8Array;
}): Promise<TBusinessProfile> {
  const { storage, log, actor } = args;
  const { result } = await saveImageFile({
    ...args,
    ownerId: actor.id,
    purpose: 'logo',
    then: (tx, file) => replaceLogo({ tx, actor, logoFileId: file.id }),
  });
  if (result!.oldKey) await removeBytes({ db: args.db, storage, log, storageKey: result!.oldKey });
  return result!.profile;
}

/** Removes the profile's logo and deletes its file; without a logo the profile is answered as it is. */
export async function clearLogo(args: {
  db: TDb;
  storage: TFileStorage;
  log: Logger;
  actor: TActor;
}): Promise<TBusinessProfile> {
  const { db, storage, log, actor } = args;
  const { profile, oldKey } = await db.transaction((tx) => replaceLogo({ tx, actor, logoFileId: null }));
  if (oldKey) await removeBytes({ db, storage, log, storageKey: oldKey });
  return profile;
}
