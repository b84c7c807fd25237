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
  STRONG_PASSWORD,
  uniqueEmail,
  startMailSink,
  startTestServer,
  type Client,
  type TMailSink,
  type TTestServer,
} from './helpers';

/**
 * Issue 25, parts 2 and 3, on the server: every mail to a signer speaks the proposal's language
 * and says so (Content-Language), the owner's speak the owner's app language (English until one is
 * chosen in Profile, and for sign-up the sign-up page's); a signer's page tells the server the
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

  it('an owner whose app language is ja is told in Japanese that their proposal was opened and accepted', async () => {
    const made = await signUp(server, { name: 'Kenji Owner' });
    await verifyEmail(server, made.user.id);
    const chosen = await made.client.request('/api/account/app-language', {
      method: 'PUT',
      json: { appLanguage: 'ja' },
    });
    expect(chosen.status, chosen.text).toBe(200);
    const email = 'dana.owner-ja@example.com';
    // The proposal itself is in English: the owner's notices follow the owner, not the proposal.
    const draft = await readyDraft(made.client, {
      title: 'Owner language',
      language: 'en',
      client: { name: 'Dana Reyes', company: '', email, phone: '', address: '' },
    });
    const sent = await made.client.post(`/api/proposals/${draft.id}/send`, { version: draft.version, message: '' });
    expect(sent.status, sent.text).toBe(200);
    const link = await made.client.get(`/api/proposals/${draft.id}/share-link`);
    const token = new URL(link.body.url as string).pathname.split('/').pop()!;
    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    expect((await mail.waitForMail(email, /Owner language/)).headers.get('content-language')).toBe('en');

    expect((await visitor().post(`/api/share/${token}/views`)).status).toBeLessThan(300);
    const opened = await mail.waitForMail(made.email, /を開きました/);
    expect(opened.subject).toBe('Dana Reyesが「Owner language」を開きました。');
    expect(opened.headers.get('content-language')).toBe('ja');
    expect(opened.html).toContain('<html lang="ja" dir="ltr">');
    expect(opened.text).toContain('提案書を見る');

    const res = await visitor().post(`/api/share/${token}/accept`, {
      name: 'Dana Reyes',
      email,
      consent: true,
      revisionHash: shared.revision.hash,
    });
    expect(res.status, res.text).toBe(201);
    // The notice of the acceptance waits in the outbox for the sealed PDF, already in Japanese.
    const queued = (await server.deps.database.db.execute(
      sql`select subject, language from mail_outbox where dedupe_key = ${`accepted:${draft.id}`}`,
    )) as unknown as { rows: Array<{ subject: string; language: string }> };
    expect(queued.rows).toEqual([{ subject: 'Dana Reyesが「Owner language」を承諾しました。', language: 'ja' }]);

    // Their account's mail too, whatever language the asking browser speaks: the account's.
    const ask = await server
      .client({ ip: nextIp() })
      .post(
        '/api/auth/request-password-reset',
        { email: made.email, redirectTo: '/reset-password' },
        { headers: { 'accept-language': 'fr-FR' } },
      );
    expect(ask.status, ask.text).toBe(200);
    const reset = await mail.waitForMail(made.email, /Draftwellのパスワードを再設定してください/);
    expect(reset.headers.get('content-language')).toBe('ja');
  });

  it('the account’s mails at sign-up speak the sign-up page’s language: the device’s choice, else the browser’s closest', async () => {
    const signUpIn = async (headers: Record<string, string>) => {
      const email = uniqueEmail();
      const res = await server
        .client({ ip: nextIp() })
        .post('/api/auth/sign-up/email', { name: 'Polyglot', email, password: STRONG_PASSWORD }, { headers });
      expect(res.status, res.text).toBe(200);
      return email;
    };
    const french = await mail.waitForMail(
      await signUpIn({ 'accept-language': 'de-DE', cookie: 'draftwell_language=fr' }),
      /Draftwell/,
    );
    expect(french.subject).toBe('Confirmez votre adresse e-mail pour Draftwell');
    expect(french.headers.get('content-language')).toBe('fr');
    const japanese = await mail.waitForMail(await signUpIn({ 'accept-language': 'ja-JP,ja;q=0.9' }), /Draftwell/);
    expect(japanese.headers.get('content-language')).toBe('ja');
    expect(japanese.html).toContain('<html lang="ja" dir="ltr">');
  });
});
