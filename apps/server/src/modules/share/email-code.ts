import { randomInt, timingSafeEqual } from 'node:crypto';
import type { TRevisionSnapshot } from '@draftwell/shared/share/revision';
import { and, eq, lt, sql } from 'drizzle-orm';
import { signingSettings } from '../signers/signers';
import { latestRevision } from '../revisions/records';
import { proposalSigners, signatures } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { serverI18n } from '../../lib/i18n';
import { sha256Hex } from '../../lib/sha256';
import { enqueueMail } from '../../mail/outbox';
import { signingCodeMail } from '../../mail/templates';
import { SHARE_RATE, limit, maskEmail, resolveSigner, type TShareRequest, type TSignerRow } from './share-access';
import type { TAppDeps } from '../../deps';

/**
 * The optional email code before signing: six digits mailed to the signer's address, good for
 * ten minutes and five tries, so a forwarded link alone cannot sign. The code is kept only as a
 * hash bound to the signer.
 */
export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;

const codeHash = (signerId: string, code: string) => sha256Hex(`${signerId}:${code}`);

export async function sendEmailCode(req: TShareRequest): Promise<{ sentTo: string; expiresAt: string }> {
  const { deps } = req;
  const { row, signer } = await resolveSigner(req);
  if (!signingSettings(row.signing).emailCode) {
    throw new AppError('conflict', 'This proposal does not ask for a code: you can sign without one.');
  }
  if (row.status !== 'sent' && row.status !== 'viewed') {
    throw new AppError('conflict', 'This proposal cannot be signed now, so there is no code to send.');
  }
  const db = deps.database.db;
  const revision = await latestRevision(db, row.id);
  if (revision) {
    const [done] = await db
      .select({ id: signatures.id })
      .from(signatures)
      .where(and(eq(signatures.signerId, signer.id), eq(signatures.revisionId, revision.id)));
    if (done) throw new AppError('conflict', 'You have already signed this proposal.');
  }
  await limit(deps, `share-code:${req.ip}`, SHARE_RATE.codes);
  await limit(deps, `share-code-signer:${signer.id}`, SHARE_RATE.codes);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + CODE_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await tx
      .update(proposalSigners)
      .set({ codeHash: codeHash(signer.id, code), codeExpiresAt: expiresAt, codeAttempts: 0 })
      .where(eq(proposalSigners.id, signer.id));
    await enqueueMail(
      tx,
      `sign-code:${signer.id}:${expiresAt.getTime()}:${code}`,
      // In the language of the revision the signer is reading.
      signingCodeMail(serverI18n((revision?.snapshot as TRevisionSnapshot | undefined)?.language), {
        to: signer.email,
        name: signer.name,
        code,
        title: row.title,
        minutes: CODE_MINUTES,
      }),
    );
  });
  deps.outbox.kick();
  return { sentTo: maskEmail(signer.email), expiresAt: expiresAt.toISOString() };
}

/**
 * Checks a signer's code. Every try counts (atomically, so parallel guesses cannot pass the
 * limit); after five the signer must ask for a new code.
 */
export async function checkEmailCode(deps: TAppDeps, signer: TSignerRow, code: string | undefined): Promise<void> {
  const ask = `Type the 6-digit code we emailed to ${maskEmail(signer.email)}, or ask for a new one.`;
  if (!code) throw new AppError('invalid', ask, { fields: { code: ask } });
  const [tried] = await deps.database.db
    .update(proposalSigners)
    .set({ codeAttempts: sql`${proposalSigners.codeAttempts} + 1` })
    .where(and(eq(proposalSigners.id, signer.id), lt(proposalSigners.codeAttempts, CODE_TRIES)))
    .returning({ hash: proposalSigners.codeHash, expiresAt: proposalSigners.codeExpiresAt });
  if (!tried) {
    throw new AppError('rate_limited', 'Too many wrong codes. Ask for a new code, then type it.', {
      fields: { code: 'Too many wrong codes: ask for a new one.' },
      retryAfter: 1,
    });
  }
  if (!tried.hash || !tried.expiresAt) throw new AppError('invalid', ask, { fields: { code: ask } });
  if (tried.expiresAt.getTime() < Date.now()) {
    const expired = `That code has expired (codes work for ${CODE_MINUTES} minutes). Ask for a new one.`;
    throw new AppError('invalid', expired, { fields: { code: expired } });
  }
  const expected = Buffer.from(tried.hash, 'hex');
  const given = Buffer.from(codeHash(signer.id, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const wrong = 'That code is not right. Check the latest email we sent, or ask for a new code.';
    throw new AppError('invalid', wrong, { fields: { code: wrong } });
  }
}
