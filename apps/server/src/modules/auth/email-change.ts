import { ZChangeEmail } from '@draftwell/shared';
import { eq } from 'drizzle-orm';
import type { TAuth } from '../../auth';
import type { TDb } from '../../db/client';
import { users } from '../../db/schema';
import { fieldErrors } from '../../http/validate';
import { AppError } from '../../lib/app-error';
import { emailChangeOf } from '../../lib/email-change-token';
import { hitRateLimit } from '../../lib/rate-limit';

/**
 * Changing the account's email. better-auth (`/change-email`) mails a link to the new address
 * and changes nothing until it is opened (`/verify-email`); what it leaves to us is checked
 * here: the password, a clear answer for an address another account has, and that address
 * still being free when the link is opened.
 */

/** Requests to change the email, per account: each checks a password and mails a link. */
export const CHANGE_EMAIL_PER_ACCOUNT = { max: 5, windowSeconds: 5 * 60 };

export const EMAIL_IN_USE = 'Another account uses this email address. Enter a different one.';

/** The account that has this address now, if any. */
async function ownerOf(db: TDb, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.id ?? null;
}

/**
 * Checks a `/change-email` request and answers the body to hand on to better-auth: the address
 * trimmed and lowercased, the password left out. Without a session better-auth answers the 401.
 */
export async function checkEmailChange(args: {
  db: TDb;
  auth: TAuth;
  headers: Headers;
  body: Record<string, unknown>;
  rateLimit: boolean;
}): Promise<Record<string, unknown>> {
  const { db, auth, body } = args;
  const parsed = ZChangeEmail.safeParse(body);
  if (!parsed.success) {
    throw new AppError('invalid', 'Some fields need attention.', { fields: fieldErrors(parsed.error.issues) });
  }
  const newEmail = parsed.data.newEmail.toLowerCase();
  const forward = { newEmail, ...(typeof body.callbackURL === 'string' ? { callbackURL: body.callbackURL } : {}) };
  const session = await auth.api.getSession({ headers: args.headers });
  if (!session) return forward;
  const userId = session.user.id;
  // Before the password check and the lookup: neither may be tried without limit.
  if (args.rateLimit) await hitRateLimit(db, `change-email:${userId}`, CHANGE_EMAIL_PER_ACCOUNT);

  const ctx = await auth.$context;
  const account = await ctx.internalAdapter.findCredentialAccount(userId);
  const valid = account?.password
    ? await ctx.password.verify({ hash: account.password, password: parsed.data.password })
    : false;
  if (!valid) {
    throw new AppError('invalid', 'That password is not right.', {
      fields: { password: 'That password is not right.' },
    });
  }
  if (newEmail === session.user.email.toLowerCase()) {
    throw new AppError('invalid', 'That is already your email address.', {
      fields: { newEmail: 'That is already your email address.' },
    });
  }
  // Sign-up says so too; here only after the password, and per account at most 5 times in 5 minutes.
  const owner = await ownerOf(db, newEmail);
  if (owner !== null && owner !== userId) {
    throw new AppError('conflict', EMAIL_IN_USE, { fields: { newEmail: EMAIL_IN_USE } });
  }
  return forward;
}

/**
 * Whether a `/verify-email` link asks for an address that another account has taken since it
 * was mailed: better-auth would fail on the unique email with a server error.
 */
export async function emailChangeTaken(db: TDb, secret: string, token: string | undefined): Promise<boolean> {
  const change = token ? emailChangeOf(token, secret) : null;
  if (!change) return false;
  const owner = await ownerOf(db, change.to);
  return owner !== null && owner !== change.userId;
}
