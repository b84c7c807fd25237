import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Logger } from 'pino';
import type { TDb } from './db/client';
import { accounts, rateLimits, sessions, users, verifications } from './db/schema';
import type { TEnv } from './env';
import type { TMail } from './mail/mailer';
import { CLIENT_IP_HEADER } from './lib/client-ip';
import { sha256Hex } from './lib/sha256';
import { enqueueMail, type TOutboxWorker } from './mail/outbox';
import { changeEmailMail, emailChangedMail, resetPasswordMail, verificationMail } from './mail/templates';
import { emailChangeOf } from './lib/email-change-token';
import { passwordProblem } from './lib/password-policy';
import { signUpLanguage } from './lib/owner-language';
import type { TAppLanguage } from '@draftwell/shared/i18n/languages';
import { accountI18n } from './mail/owner-i18n';

const DAY = 60 * 60 * 24;

/** The app language a user chose (better-auth's user carries the additional field). */
const appLanguageOf = (user: object): unknown => (user as { appLanguage?: unknown }).appLanguage;

/** Paths (below /api/auth) whose body carries a new password, and the field that holds it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

export function createAuth(deps: {
  db: TDb;
  env: TEnv;
  outbox: TOutboxWorker;
  logger: Logger;
  /** A session was deleted (sign-out, revocation, password change or reset, account deletion). */
  onSessionEnded: (sessionId: string) => Promise<void>;
  /**
   * An account was made, after the sign-up's transaction, in the language its page was shown in:
   * the modules that start a new account with something (the library's example sections) are
   * handed in by the composition root (server.ts), so this file imports no module.
   */
  onSignedUp?: (user: { id: string; language: TAppLanguage }) => Promise<void>;
}) {
  const { db, env, outbox, logger } = deps;
  /**
   * Auth mail is queued in the outbox (R9) and sent after the answer: forgot-password then answers
   * a known email as fast as an unknown one (A12), and a slow or absent mail server holds up nobody.
   */
  const queueMail = async (dedupeKey: string, mail: TMail) => {
    await enqueueMail(db, dedupeKey, mail);
    outbox.kick();
  };
  const secure = env.baseUrl.startsWith('https://');

  return betterAuth({
    appName: 'Draftwell',
    baseURL: env.baseUrl,
    basePath: '/api/auth',
    secret: env.authSecret,
    // The same origins as our own checks (env.origins): every loopback spelling when BASE_URL is unset.
    trustedOrigins: env.origins,
    telemetry: { enabled: false },
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      // A new account can work at once; sending to a client will need the verified email.
      requireEmailVerification: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // In the account's app language, else the language the page asking for it was shown in.
      sendResetPassword: ({ user, url, token }, request) =>
        queueMail(
          `reset-password:${sha256Hex(token)}`,
          resetPasswordMail(accountI18n(appLanguageOf(user), request?.headers), user.email, user.name, url),
        ),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      // Also how a change of email is confirmed: then `user.email` is the new address.
      // In the account's app language, else the language the sign-up (or Profile) page was shown in.
      sendVerificationEmail: ({ user, url, token }, request) => {
        const i18n = accountI18n(appLanguageOf(user), request?.headers);
        return queueMail(
          `verify-email:${sha256Hex(token)}`,
          emailChangeOf(token, env.authSecret)
            ? changeEmailMail(i18n, user.email, user.name, url)
            : verificationMail(i18n, user.email, user.name, url),
        );
      },
    },
    user: {
      // The app's language (Profile): set only through PUT /api/account/app-language.
      additionalFields: { appLanguage: { type: 'string', required: false, input: false } },
      deleteUser: { enabled: true },
      // Without `updateEmailWithoutVerification` or `sendChangeEmailConfirmation`, a new email
      // takes effect only once the link mailed to it (by sendVerificationEmail) is opened.
      changeEmail: { enabled: true },
    },
    databaseHooks: {
      user: {
        create: {
          // After the sign-up's transaction, in the language the owner signs up in (the sign-up
          // page's). A failure leaves the account working (the hook's owner offers it again).
          after: async (user, ctx) => {
            if (!deps.onSignedUp) return;
            const language = signUpLanguage(ctx?.headers ?? ctx?.request?.headers);
            await deps
              .onSignedUp({ id: user.id, language })
              .catch((err: unknown) =>
                logger.warn(
                  { err: err instanceof Error ? err.message : String(err), userId: user.id },
                  'a sign-up hook failed; the account works',
                ),
              );
          },
        },
        update: {
          // better-auth keeps the old address's verified flag; opening the link proved the new one.
          before: async (data, ctx) => {
            if (ctx?.path !== '/verify-email' || typeof data.email !== 'string') return;
            return { data: { ...data, emailVerified: true } };
          },
          after: async (user, ctx) => {
            const token: unknown = ctx?.path === '/verify-email' ? ctx.query?.token : undefined;
            const change = typeof token === 'string' ? emailChangeOf(token, env.authSecret) : null;
            if (!change || user.email !== change.to) return;
            // Through the outbox: a mail server that is down must not fail the change itself.
            await queueMail(
              `email-changed:${user.id}:${change.to}:${String(token).slice(-24)}`,
              emailChangedMail(
                accountI18n(appLanguageOf(user), ctx?.headers ?? ctx?.request?.headers),
                change.from,
                user.name,
                change.to,
              ),
            );
          },
        },
      },
      session: {
        delete: {
          // Every way a session ends goes through here, so its realtime sockets close at once on
          // every instance (A24). The session is already gone and this instance's sockets are
          // closed; a failure to tell the other instances is logged rather than failing the request.
          after: async (session) => {
            await deps
              .onSessionEnded(session.id)
              .catch((err: unknown) =>
                logger.warn(
                  { err: err instanceof Error ? err.message : String(err) },
                  'could not close ended session sockets',
                ),
              );
          },
        },
      },
    },
    session: {
      // The session token cookie is the access credential; the sliding renewal (updateAge)
      // is the refresh: a session used at least once a day lives on, one left alone expires.
      expiresIn: 30 * DAY,
      updateAge: DAY,
      // No cookie cache: a revoked session must stop working on the very next request (A10).
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: env.rateLimit,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 5 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 300, max: 3 },
        '/send-verification-email': { window: 300, max: 3 },
        '/reset-password': { window: 300, max: 5 },
        '/change-password': { window: 300, max: 5 },
        '/change-email': { window: 300, max: 5 },
        '/delete-user': { window: 300, max: 5 },
        '/get-session': false,
      },
    },
    advanced: {
      // better-auth skips its origin and callbackURL/redirectTo checks whenever the process has
      // NODE_ENV=test; they must hold in every environment (A7, A8).
      disableOriginCheck: false,
      cookiePrefix: 'draftwell',
      useSecureCookies: secure,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: 'uuid' },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = NEW_PASSWORD_FIELD[ctx.path];
        if (!field) return;
        const value = (ctx.body as Record<string, unknown> | undefined)?.[field];
        if (typeof value !== 'string') return;
        const problem = await passwordProblem(value);
        if (problem) throw new APIError('BAD_REQUEST', { message: problem, code: 'WEAK_PASSWORD' });
      }),
    },
    // Unexpected errors reach our error handler (generic 500 with a request id, A22; 503 while
    // the database is down) instead of better-call's bare 500 and console.error.
    onAPIError: { throw: true },
    logger: {
      log: (level, message, ...args) => {
        const entry = { args: args.length ? args : undefined, source: 'better-auth' };
        // Unexpected failures reach our error handler (onAPIError.throw) and are logged there as
        // errors; what better-auth itself reports is a refused request: a warning.
        if (level === 'error' || level === 'warn') logger.warn(entry, message);
        else logger.debug(entry, message);
      },
    },
  });
}

export type TAuth = ReturnType<typeof createAuth>;
