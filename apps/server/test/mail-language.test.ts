import { createHash } from 'node:crypto';
import { LANGUAGE_LIST } from '@draftwell/shared/i18n/languages';
import { consentText, type TAcceptanceCertificate } from '@draftwell/shared/share/revision';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverI18n } from '../src/lib/i18n';
import { readyDraft, verifyEmail } from './proposal-fixtures';
import {
  backends,
  nextIp,
  signUp,
  startMailSink,
  startTestServer,
  type Client,
  type TMailSink,
  type TTestServer,
} from './helpers';

/**
 * Issue 25, parts 2 and 3, on the server: every mail to a signer speaks the proposal's language
 * and says so (Content-Language), the owner's say English; a signer's page tells the server the
 * language it showed, which their signature's evidence records, with the consent statement in
 * it, and their receipt speaks. The catalogs are filled later: these check the languages, not
 * the words.
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(backends())('mail and evidence in the proposal’s language (%s)', (backend) => {
  let server: TTestServer;
  let mail: TMailSink;
  let owner: { client: Client };
  let ownerEmail: string;
  const visitor = () => server.client({ ip: nextIp() });

  beforeAll(async () => {
    mail = await startMailSink();
    server = await startTestServer({ backend, mail, env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' } });
    const made = await signUp(server, { name: 'Lena Polyglot' });
    await verifyEmail(server, made.user.id);
    owner = { client: made.client };
    ownerEmail = made.email;
  });
  afterAll(async () => {
    await server.close();
    await mail.close();
  });

  /** A proposal in `language`, sent to `email` with the email code asked for; its signer's token and page. */
  async function sentIn(language: string, title: string, email: string) {
    const draft = await readyDraft(owner.client, {
      title,
      language,
      client: { name: 'Dana Reyes', company: '', email, phone: '', address: '' },
    });
    const res = await owner.client.post(`/api/proposals/${draft.id}/send`, {
      version: draft.version,
      message: '',
      signing: { emailCode: true },
    });
    expect(res.status, res.text).toBe(200);
    const link = await owner.client.get(`/api/proposals/${draft.id}/share-link`);
    const token = new URL(link.body.url as string).pathname.split('/').pop()!;
    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    return { proposal: res.body as TProposal, token, shared };
  }

  /** Asks for the email code and reads it from its mail, checking the mail's language. */
  async function codeFor(token: string, email: string, language: string) {
    expect((await visitor().post(`/api/share/${token}/code`)).status).toBe(201);
    const message = await mail.waitForMail(email, /\d{6}/);
    expect(message.headers.get('content-language')).toBe(language);
    return /\d{6}/.exec(message.subject)![0];
  }

  const statement = (language: string) => consentText(serverI18n(language), 'typed');

  /**
   * The language of the receipt queued for `email` (the mail that carries the sealed PDF, which
   * waits in the outbox until the seal is made), and the queued owner's notice of the acceptance.
   */
  async function queuedLanguages(email: string) {
    const rows = (await server.deps.database.db.execute(
      sql`select "to", language from mail_outbox where attachment->>'kind' = 'sealed_pdf' and ("to" = ${email} or "to" = ${ownerEmail}) order by "to"`,
    )) as unknown as { rows: Array<{ to: string; language: string }> };
    return rows.rows;
  }

  it('a German proposal’s mails to its signer say Content-Language: de; the owner’s say en', async () => {
    const email = 'dana.de@example.com';
    const { proposal, token, shared } = await sentIn('de', 'Sprachtest', email);
    const invitation = await mail.waitForMail(email, /Sprachtest/);
    expect(invitation.headers.get('content-language')).toBe('de');
    expect(invitation.html).toContain('<html lang="de" dir="ltr">');

    const code = await codeFor(token, email, 'de');
    // No language from the page: the evidence records the proposal's.
    const res = await visitor().post(`/api/share/${token}/accept`, {
      name: 'Dana Reyes',
      email,
      consent: true,
      revisionHash: shared.revision.hash,
      code,
    });
    expect(res.status, res.text).toBe(201);
    const certificate = res.body as TAcceptanceCertificate;
    expect(certificate.signatures.map((s) => s.language)).toEqual(['de']);
    expect(certificate.signatures[0]!.consentText).toBe(statement('de'));

    // The receipt to the signer in German; the owner's notice (and their account's mail) in English.
    expect(await queuedLanguages(email)).toEqual(
      [
        { to: ownerEmail, language: 'en' },
        { to: email, language: 'de' },
      ].sort((a, b) => (a.to < b.to ? -1 : 1)),
    );
    const account = await mail.waitForMail(ownerEmail, /Confirm your email/);
    expect(account.headers.get('content-language')).toBe('en');
    expect(account.html).toContain('<html lang="en" dir="ltr">');
    expect((await owner.client.get(`/api/proposals/${proposal.id}`)).body.status).toBe('accepted');
  });

  it('accept takes the language the page showed: one not supported is a 400 naming the list; ja is recorded', async () => {
    const email = 'dana.ja@example.com';
    const { token, shared } = await sentIn('de', 'Japanischtest', email);
    const code = await codeFor(token, email, 'de');
    const body = { name: 'Dana Reyes', email, consent: true, revisionHash: shared.revision.hash, code };

    for (const language of ['xx', 'JA', 'pt', 42]) {
      const refused = await visitor().post(`/api/share/${token}/accept`, { ...body, language });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.error.fields).toEqual({
        language: `Choose one of the supported languages: ${LANGUAGE_LIST}.`,
      });
    }
    const rows = (await server.deps.database.db.execute(
      sql`select count(*)::int as n from signatures where email = ${email}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows.rows[0]!.n).toBe(0);

    const res = await visitor().post(`/api/share/${token}/accept`, { ...body, language: 'ja' });
    expect(res.status, res.text).toBe(201);
    const certificate = res.body as TAcceptanceCertificate;
    const [signature] = certificate.signatures;
    expect(signature!.language).toBe('ja');
    expect(signature!.consentText).toBe(statement('ja'));
    expect(signature!.consentHash).toBe(sha256(statement('ja')));
    expect([certificate.consentText, certificate.consentHash]).toEqual([statement('ja'), sha256(statement('ja'))]);
    const stored = (await server.deps.database.db.execute(
      sql`select language from signatures where email = ${email}`,
    )) as unknown as { rows: Array<{ language: string }> };
    expect(stored.rows).toEqual([{ language: 'ja' }]);

    // The signer's receipt speaks the language they signed in, not the proposal's.
    expect((await queuedLanguages(email)).filter((row) => row.to === email)).toEqual([{ to: email, language: 'ja' }]);
  });
});
