import { and, eq, sql } from 'drizzle-orm';
import type { TBusinessProfile, TBusinessProfilePut } from '@draftwell/shared/workspace/profile';
import type { TDb } from '../../db/client';
import { businessProfiles } from '../../db/schema';
import type { TActor } from '../../http/require-user';

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
 * Saves the whole profile if it is still at `put.version` (0: none saved yet); otherwise answers
 * the profile as it is now, for the caller's 409.
 */
export async function saveProfile(args: {
  db: TDb;
  actor: TActor;
  put: TBusinessProfilePut;
}): Promise<{ ok: true; profile: TBusinessProfile } | { ok: false; current: TBusinessProfile }> {
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
  if (row) return { ok: true, profile: toProfile(row) };
  return { ok: false, current: await getProfile({ db, actor }) };
}
