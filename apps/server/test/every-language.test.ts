import { execFileSync } from 'node:child_process';
import type { TSealStatus } from '@draftwell/shared';
import { LANGUAGE_TAGS, textDirection, type TLanguage } from '@draftwell/shared/i18n/languages';
import type { TAcceptanceCertificate } from '@draftwell/shared/share/revision';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishLeft, englishMessages } from '../../../e2e/support/english-left';
import { parseMessage } from '../../../e2e/support/mime';
import { catalogsOf } from '../src/lib/i18n';
import {
  startMailSink,
  nextIp,
  signUp,
  startTestServer,
  type TMailSink,
  type TReceivedMail,
  type TTestServer,
} from './helpers';
import { readyDraft, verifyEmail } from './proposal-fixtures';

/**
 * Issue 25's done-when, on the server's side: in each of the 16 languages a proposal is sent and
 * signed, and what its signer receives (the invitation, the receipt, the sealed PDF in it) says
 * nothing in English beyond the owner's own text (their proposal, names and company), and says
 * which language it is in. The client's page is the browser tests' (e2e/every-language.spec.ts).
 * The words do not depend on the database: one backend (PGlite) runs it.
 */

/** What the owner wrote: the sample proposal's text, and the names in it. */
const OWN_TEXT = [
  'Dear',
  'Fees',
  'Website build',
  'SEO audit',
  'Dana Reyes',
  'Reyes & Co',
  'Olivia Owner',
  'Harbour Studio',
];

const html = (markup: string) =>
  markup
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8');

describe('a proposal sent and signed in each language', () => {
  let server: TTestServer;
  let mail: TMailSink;
  let owner: Awaited<ReturnType<typeof signUp>>['client'];
  let english: string[] = [];

  beforeAll(async () => {
    english = await englishMessages();
    mail = await startMailSink();
    server = await startTestServer({ mail, env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' } });
    const made = await signUp(server, { name: 'Olivia Owner' });
    await verifyEmail(server, made.user.id);
    owner = made.client;
  });
  afterAll(async () => {
    await server?.close();
    await mail?.close();
  });

  /** The mail says it is in `language`: its Content-Language and its HTML's lang and dir. */
  function expectInLanguage(message: TReceivedMail, language: TLanguage) {
    expect(message.headers.get('content-language')).toBe(language);
    expect(message.html).toContain(`<html lang="${language}" dir="${textDirection(language)}">`);
  }

  /** The mail to `email` that carries a PDF (the receipt), once the sink has it. */
  async function receiptTo(email: string): Promise<TReceivedMail> {
    const hasPdf = (m: TReceivedMail) =>
      m.to.includes(email) && parseMessage(m.raw).attachments.some((a) => a.contentType === 'application/pdf');
    for (let waited = 0; waited < 10_000; waited += 50) {
      const found = mail.messages.find(hasPdf);
      if (found) return found;
      // The outbox's own loop may be sending it: drain again rather than only wait.
      await server.deps.outbox.drain();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const received = mail.messages.filter((m) => m.to.includes(email)).map((m) => m.subject);
    throw new Error(`no receipt with the sealed PDF to ${email}; received: ${received.join(', ')}`);
  }

  /** The English of the product found in `text`, for a proposal in `language`. */
  const leftIn = (text: string, language: TLanguage) =>
    englishLeft(text, { english, translated: language === 'en' ? 'english' : catalogsOf(language) }, [
      ...OWN_TEXT,
      `Proposal ${language}`,
    ]);

  it.each(LANGUAGE_TAGS)(
    '%s: the invitation, the receipt and the sealed PDF',
    async (language) => {
      const email = `signer.${language.toLowerCase()}@example.com`;
      const draft = await readyDraft(owner, {
        title: `Proposal ${language}`,
        language,
        client: { name: 'Dana Reyes', company: 'Reyes & Co', email, phone: '', address: '' },
      });
      const sent = await owner.post(`/api/proposals/${draft.id}/send`, { version: draft.version, message: '' });
      expect(sent.status, sent.text).toBe(200);

      const invitation = await mail.waitForMail(email, new RegExp(`Proposal ${language}`));
      expectInLanguage(invitation, language);
      expect(leftIn(`${invitation.subject}\n${invitation.text}`, language), 'the invitation’s text').toEqual([]);
      expect(leftIn(html(invitation.html), language), 'the invitation’s HTML').toEqual([]);

      const link = await owner.get(`/api/proposals/${draft.id}/share-link`);
      const token = new URL(link.body.url as string).pathname.split('/').pop()!;
      const visitor = server.client({ ip: nextIp() });
      const shared = (await visitor.get(`/api/share/${token}`)).body as TSharedProposal;
      const accepted = await visitor.post(`/api/share/${token}/accept`, {
        name: 'Dana Reyes',
        email,
        consent: true,
        revisionHash: shared.revision.hash,
        selection: { seo: { selected: true } },
        language,
      });
      expect(accepted.status, accepted.text).toBe(201);
      const certificate = accepted.body as TAcceptanceCertificate;
      expect(certificate.signatures.map((s) => s.language)).toEqual([language]);

      // The server's own loop may hold the seal job while this drains (the first PDF takes seconds on
      // a busy machine): wait for the seal itself, not for a length of time; then its mail goes.
      await expect
        .poll(
          async () => {
            await server.deps.seals.drain();
            return ((await owner.get(`/api/proposals/${draft.id}/seal`)).body as TSealStatus).status;
          },
          { timeout: 50_000, interval: 200 },
        )
        .toBe('sealed');
      await server.deps.outbox.drain();
      const withPdf = await receiptTo(email);
      expectInLanguage(withPdf!, language);
      expect(leftIn(`${withPdf!.subject}\n${withPdf!.text}`, language), 'the receipt’s text').toEqual([]);
      expect(leftIn(html(withPdf!.html), language), 'the receipt’s HTML').toEqual([]);

      const pdf = parseMessage(withPdf!.raw).attachments.find((a) => a.contentType === 'application/pdf')!;
      const text = pdfText(Buffer.from(pdf.base64, 'base64'));
      expect(text).toContain(`Proposal ${language}`);
      expect(leftIn(text, language), 'the sealed PDF').toEqual([]);
    },
    60_000,
  );
});
