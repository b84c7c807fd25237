import { execFileSync } from 'node:child_process';
import { formatCalendarDate, formatUtcInstant, type TDocument } from '@draftwell/shared';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, readyDraft, send, sellingDocument, verifyEmail } from './proposal-fixtures';
import { backends, nextIp, signUp, startTestServer, type Client, type TTestServer } from './helpers';

/**
 * One date format per document: the business profile's locale writes every date of a proposal
 * (its valid-until date and variable, milestones, the sent date, the certificate's time) in the
 * PDF as on the client's page, and a sent revision keeps the locale it was sent with.
 */

const pdfText = (bytes: Uint8Array) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(bytes) }).toString('utf8');

/** The selling document with a dated milestone and the valid-until variable in its text. */
function datedDocument(milestoneDate: string): TDocument {
  const base = sellingDocument();
  return {
    version: 1,
    blocks: [
      ...base.blocks,
      {
        id: 'plan',
        type: 'timeline',
        milestones: [{ id: 'm1', title: 'Launch', when: { kind: 'date', date: milestoneDate } }],
      },
      {
        id: 'outro',
        type: 'rich_text',
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'This offer holds until ' },
                { type: 'variable', attrs: { name: 'proposal.valid_until' } },
                { type: 'text', text: '.' },
              ],
            },
          ],
        },
      },
    ],
  } as TDocument;
}

const PROFILE = {
  displayName: 'Olivia Owner',
  company: 'Harbour Studio',
  jobTitle: '',
  phone: '',
  website: '',
  address: '',
  brandColor: '#0f766e',
  defaultCurrency: 'USD',
  defaultTaxRate: 0,
  defaultValidityDays: 30,
  emailSignature: '',
};

describe.each(backends())('the profile’s locale writes a document’s dates (%s)', (backend) => {
  let server: TTestServer;
  let owner: Client;
  const visitor = () => server.client({ ip: nextIp() });

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' } });
    const a = await signUp(server, { name: 'Olivia Owner' });
    owner = a.client;
    await verifyEmail(server, a.user.id);
  });
  afterAll(() => server.close());

  /** Saves the profile as it is with another locale. */
  async function chooseLocale(locale: string) {
    const { logoFileId: _logo, updatedAt: _at, ...profile } = (await owner.get('/api/profile')).body;
    const res = await owner.request('/api/profile', { method: 'PUT', json: { ...profile, locale } });
    expect(res.status, res.text).toBe(200);
  }

  it('is en-US until chosen; a save without it keeps the choice; an unknown one is a 400 on its field', async () => {
    const fresh = await owner.get('/api/profile');
    expect(fresh.body.locale).toBe('en-US');

    const saved = await owner.request('/api/profile', {
      method: 'PUT',
      json: { ...PROFILE, locale: 'en-GB', version: 0 },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.locale).toBe('en-GB');

    const withoutIt = await owner.request('/api/profile', {
      method: 'PUT',
      json: { ...PROFILE, company: 'Harbour Studio Ltd', version: saved.body.version },
    });
    expect(withoutIt.status, withoutIt.text).toBe(200);
    expect(withoutIt.body).toMatchObject({ company: 'Harbour Studio Ltd', locale: 'en-GB' });

    for (const locale of ['xx-YY', 'en_GB', '', 42, null]) {
      const bad = await owner.request('/api/profile', {
        method: 'PUT',
        json: { ...PROFILE, locale, version: withoutIt.body.version },
      });
      expect(bad.status, String(locale)).toBe(400);
      expect(bad.body.error.fields.locale).toBe('Choose how dates are written from the list.');
    }
    expect((await owner.get('/api/profile')).body.locale).toBe('en-GB');
  });

  it('a sent revision and its PDF write every date in the locale it was sent with, also after the profile changes', async () => {
    await chooseLocale('en-GB');

    const validUntil = inDays(20);
    const launch = inDays(60);
    const draft: TProposal = await readyDraft(owner, { validUntil, document: datedDocument(launch) });
    const res = await send(owner, draft);
    expect(res.status, res.text).toBe(200);
    const link = await owner.get(`/api/proposals/${draft.id}/share-link`);
    const token = new URL(link.body.url as string).pathname.split('/').pop()!;

    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    expect(shared.snapshot.sender.locale).toBe('en-GB');

    // The owner switches to German afterwards: what was sent keeps its British dates.
    await chooseLocale('de-DE');

    const accepted = await visitor().post(`/api/share/${token}/accept`, {
      name: 'Dana Reyes',
      email: 'dana@example.com',
      consent: true,
      revisionHash: shared.revision.hash,
      selection: {},
    });
    expect(accepted.status, accepted.text).toBe(201);
    const acceptedAt = accepted.body.acceptedAt as string;

    const pdf = await visitor().request(`/api/share/${token}/pdf`, { method: 'GET' });
    expect(pdf.status).toBe(200);
    // Milestone dates are printed in capitals.
    const text = pdfText(pdf.bytes).replace(/\s+/g, ' ').toLowerCase();
    const british = [
      `Valid until ${formatCalendarDate(validUntil, 'en-GB')}`,
      `This offer holds until ${formatCalendarDate(validUntil, 'en-GB')}.`,
      formatCalendarDate(launch, 'en-GB'),
      formatUtcInstant(acceptedAt, 'en-GB'),
    ];
    for (const expected of british) expect(text).toContain(expected.toLowerCase());
    // Not one date in the American or the German way.
    for (const other of ['en-US', 'de-DE']) {
      expect(text).not.toContain(formatCalendarDate(validUntil, other).toLowerCase());
      expect(text).not.toContain(formatCalendarDate(launch, other).toLowerCase());
      expect(text).not.toContain(formatUtcInstant(acceptedAt, other).toLowerCase());
    }

    // The next proposal is sent with the new choice.
    const next = await readyDraft(owner, { validUntil, document: datedDocument(launch) });
    expect((await send(owner, next)).status).toBe(200);
    const nextLink = await owner.get(`/api/proposals/${next.id}/share-link`);
    const nextToken = new URL(nextLink.body.url as string).pathname.split('/').pop()!;
    const nextShared = (await visitor().get(`/api/share/${nextToken}`)).body as TSharedProposal;
    expect(nextShared.snapshot.sender.locale).toBe('de-DE');
  });
});
