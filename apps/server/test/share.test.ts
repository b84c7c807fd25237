import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROPOSAL_ACTIVITY_EVENT,
  canonicalJson,
  consentText,
  userChannel,
  type TAcceptanceCertificate,
  type TProposalEvent,
  type TRevision,
  type TSharedProposal,
} from '@draftwell/shared';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { sweepExpired } from '../src/modules/proposals/expiry';
import { serverI18n } from '../src/lib/i18n';
import { COMMENT_MAIL_WINDOW_SECONDS, SHARE_RATE } from '../src/modules/share/share.service';
import { inDays, readyDraft, send, sellingDocument, verifyEmail } from './proposal-fixtures';
import {
  backends,
  connectSocket,
  countRows,
  freePort,
  multipart,
  nextIp,
  signUp,
  startMailSink,
  startTestServer,
  type Client,
  type TBackend,
  type TMailSink,
  type TTestServer,
} from './helpers';

/**
 * Sending and the client's side through the API: send checks, revisions and their hashes, share
 * links (A3, A4), views, comments, acceptance (A19, R7), decline, expiry, notifications and the
 * mail outbox (R9), on every database.
 */

/** The consent statement as the app's English pages show it. */
const ENGLISH = serverI18n('en');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The text of a PDF, as poppler's pdftotext reads it (what a person copying from the file gets). */
function pdfText(bytes: Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(bytes) }).toString('utf8');
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** The PDF files attached to a mail as it arrived (base64 MIME parts of type application/pdf). */
function pdfAttachments(raw: string): Array<{ filename: string; bytes: Buffer }> {
  const found: Array<{ filename: string; bytes: Buffer }> = [];
  for (const part of raw.replace(/\r\n/g, '\n').split(/\n--[^\n]+\n/)) {
    const end = part.indexOf('\n\n');
    if (end === -1) continue;
    const head = part.slice(0, end).replace(/\n[ \t]+/g, ' ');
    if (!/^content-type:\s*application\/pdf/im.test(head)) continue;
    expect(head).toMatch(/^content-transfer-encoding:\s*base64/im);
    const filename = /filename="?([^";\n]+)"?/i.exec(head)?.[1] ?? '';
    found.push({ filename, bytes: Buffer.from(part.slice(end + 2).replace(/\s+/g, ''), 'base64') });
  }
  return found;
}

describe.each(backends())('sending and the client side (%s)', (backend: TBackend) => {
  let server: TTestServer;
  let mail: TMailSink;
  let owner: Client;
  let ownerId: string;
  let ownerEmail: string;
  let other: Client;
  /** A visitor with no account, from its own address. */
  const visitor = () => server.client({ ip: nextIp() });

  beforeAll(async () => {
    mail = await startMailSink();
    // A paid plan: this suite sends more proposals than the free plan's month allows; the limits
    // and the free plan's branding are billing.test.ts's.
    server = await startTestServer({ backend, mail, env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' } });
    const a = await signUp(server, { name: 'Olivia Owner' });
    owner = a.client;
    ownerId = a.user.id;
    ownerEmail = a.email;
    await verifyEmail(server, ownerId);
    const b = await signUp(server, { name: 'Mallory Other' });
    other = b.client;
    await verifyEmail(server, b.user.id);
  });
  afterAll(async () => {
    await server.close();
    await mail.close();
  });

  /** Sends a ready draft and returns it with the client's link read from the emailed message. */
  async function sent(patch: Record<string, unknown> = {}) {
    const draft = await readyDraft(owner, patch);
    const res = await send(owner, draft);
    expect(res.status, res.text).toBe(200);
    const link = await owner.get(`/api/proposals/${draft.id}/share-link`);
    expect(link.status).toBe(200);
    return { proposal: res.body as TProposal, url: link.body.url as string, token: tokenOf(link.body.url as string) };
  }

  it('send says exactly what is missing, and needs a confirmed email', async () => {
    const blank = (await owner.post('/api/proposals', { title: 'Blank' })).body as TProposal;
    const withVars = await owner.patch(`/api/proposals/${blank.id}`, {
      version: 1,
      validUntil: inDays(-1),
      document: {
        version: 1,
        blocks: [
          {
            id: 'a',
            type: 'rich_text',
            content: {
              type: 'doc',
              content: [{ type: 'paragraph', content: [{ type: 'variable', attrs: { name: 'client.company' } }] }],
            },
          },
        ],
      },
    });
    expect(withVars.status, withVars.text).toBe(200);
    const res = await send(owner, withVars.body as TProposal);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['client.email', 'validUntil', 'variables']);
    expect(res.body.error.fields.variables).toContain('Client company ({{client.company}})');
    expect(res.body.error.message).toMatch(/^This proposal is not ready to send\./);

    const empty = await owner.patch(`/api/proposals/${blank.id}`, {
      version: (withVars.body as TProposal).version,
      document: { version: 1, blocks: [] },
      validUntil: inDays(3),
      client: { name: 'X', company: '', email: 'x@example.com', phone: '', address: '' },
    });
    const noContent = await send(owner, empty.body as TProposal);
    expect(noContent.status).toBe(400);
    expect(Object.keys(noContent.body.error.fields)).toEqual(['document']);
    // Nothing was written by the refused sends.
    const stored = (await owner.get(`/api/proposals/${blank.id}`)).body as TProposal;
    expect(stored).toMatchObject({ status: 'draft', sentAt: null });
    expect((await owner.get(`/api/proposals/${blank.id}/revisions`)).body.items).toEqual([]);

    const unverified = await signUp(server, { name: 'New Person' });
    const draft = await readyDraft(unverified.client);
    const refused = await send(unverified.client, draft);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/Confirm your email address/);
  });

  it('send freezes a hashed revision, emails the link, stores the token only hashed and sealed', async () => {
    const draft = await readyDraft(owner);
    const stale = await owner.post(`/api/proposals/${draft.id}/send`, { version: draft.version - 1, message: '' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.current.version).toBe(draft.version);

    const res = await send(owner, draft, 'Looking forward to working with you.');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'sent', version: draft.version + 1 });
    expect(res.body.sentAt).not.toBeNull();

    const email = await mail.waitForMail('dana@example.com', /^Proposal: Website redesign$/);
    expect(email.text).toContain('Looking forward to working with you.');
    expect(email.headers.get('reply-to')).toContain(ownerEmail);
    const link = email.links.find((l) => l.includes('/p/'))!;
    expect(link).toMatch(new RegExp(`^${server.env.baseUrl}/p/[A-Za-z0-9_-]{43}$`));
    const shareLink = await owner.get(`/api/proposals/${draft.id}/share-link`);
    expect(shareLink.body.url).toBe(link);

    const token = tokenOf(link);
    const rows = (await server.deps.database.db.execute(
      sql`select token_hash, token_sealed from proposal_signers where proposal_id = ${draft.id}`,
    )) as unknown as { rows: Array<{ token_hash: string; token_sealed: string }> };
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows.rows[0])).not.toContain(token);

    const revisions = await owner.get(`/api/proposals/${draft.id}/revisions`);
    expect(revisions.body.items).toHaveLength(1);
    const revision = (await owner.get(`/api/proposals/${draft.id}/revisions/1`)).body as TRevision;
    expect(revision.hash).toBe(sha256(canonicalJson(revision.snapshot)));
    expect(revision.snapshot).toMatchObject({
      title: 'Website redesign',
      client: { name: 'Dana Reyes', email: 'dana@example.com' },
      sender: { name: 'Olivia Owner', email: ownerEmail },
      message: 'Looking forward to working with you.',
      totals: { one_off: { total: 150_000 } },
    });

    const events = (await owner.get(`/api/proposals/${draft.id}/events`)).body.items as TProposalEvent[];
    expect(events.map((e) => e.type)).toEqual(['sent']);
    expect(events[0]).toMatchObject({ actor: 'owner', revisionNumber: 1, data: { to: 'dana@example.com' } });
  });

  it('the client page: the newest revision, private headers, and nothing for a guessed token (A3)', async () => {
    const { token } = await sent();
    const page = await visitor().get(`/api/share/${token}`);
    expect(page.status, page.text).toBe(200);
    const shared = page.body as TSharedProposal;
    expect(shared).toMatchObject({
      status: 'sent',
      revision: { number: 1 },
      snapshot: { title: 'Website redesign' },
      showMadeWithFooter: false,
      acceptance: null,
      decline: null,
      comments: [],
    });
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');

    const guessed = await visitor().get(`/api/share/${randomBytes(32).toString('base64url')}`);
    expect(guessed.status).toBe(404);
    expect(guessed.body.error.message).toMatch(/link does not exist/);
    expect((await visitor().get('/api/share/short')).status).toBe(404);
    // One character off (the last one of 43 carries only 4 bits: pick one that surely differs).
    const oneOff = `${token.slice(0, -1)}${token.endsWith('A') ? 'E' : 'A'}`;
    expect((await visitor().get(`/api/share/${oneOff}`)).status).toBe(404);

    // The token is no key to the signed-in API.
    const bearer = await visitor().get('/api/proposals', { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(401);

    // Guessing from one address is stopped.
    const guesser = visitor();
    let last = 0;
    for (let i = 0; i < 22; i++)
      last = (await guesser.get(`/api/share/${randomBytes(32).toString('base64url')}`)).status;
    expect(last).toBe(429);
  });

  it('a token reaches only its own proposal’s files (A3)', async () => {
    const a = await sent();
    const b = await sent();
    const bRevision = (await owner.get(`/api/proposals/${b.proposal.id}/revisions/1`)).body as TRevision;
    expect(bRevision.snapshot.proposalId).toBe(b.proposal.id);
    const someFile = '3f0c8a5e-2b7d-4c1e-9a6f-0d4b8e2c7a91';
    expect((await visitor().get(`/api/share/${a.token}/files/${someFile}`)).status).toBe(404);
    expect((await visitor().get(`/api/share/${a.token}/revisions/2`)).status).toBe(404);
  });

  it('a visit is recorded with its time on page, once viewed; the owner’s own visits are not', async () => {
    const { proposal, token } = await sent();
    const mine = await owner.post(`/api/share/${token}/views`);
    expect(mine.status).toBe(201);
    expect(mine.body).toEqual({ viewId: null });

    const socket = await connectSocket(server, { cookie: owner.cookieHeader() });
    socket.send({ type: 'join', channel: userChannel(ownerId) });
    await socket.next((m) => m.type === 'joined');

    const guest = visitor().clone();
    const view = await guest.post(`/api/share/${token}/views`);
    expect(view.status).toBe(201);
    expect(view.body.viewId).toMatch(/^\d+$/);
    const toast = await socket.next((m) => m.type === 'event' && m.event === PROPOSAL_ACTIVITY_EVENT, 2000);
    expect(toast).toMatchObject({
      data: { type: 'opened', proposalId: proposal.id, text: 'Dana Reyes opened “Website redesign”.' },
    });
    socket.ws.close();

    expect((await guest.post(`/api/share/${token}/views/${view.body.viewId}`, { seconds: 42 })).status).toBe(204);
    expect((await guest.post(`/api/share/${token}/views/${view.body.viewId}`, { seconds: 12 })).status).toBe(204);
    expect((await guest.post(`/api/share/${token}/views/${view.body.viewId}`, { seconds: -1 })).status).toBe(400);

    const stored = (await owner.get(`/api/proposals/${proposal.id}`)).body as TProposal;
    expect(stored.status).toBe('viewed');
    expect(stored.viewedAt).not.toBeNull();
    const events = (await owner.get(`/api/proposals/${proposal.id}/events`)).body.items as TProposalEvent[];
    const opened = events.filter((e) => e.type === 'opened');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ actor: 'client', data: { seconds: 42 } });
    expect(opened[0]!.ipAddress).not.toBeNull();
    await mail.waitForMail(ownerEmail, /^Dana Reyes opened “Website redesign”\.$/);
  });

  it('comments go both ways and reach the owner by email', async () => {
    const { proposal, token } = await sent();
    const guest = visitor();
    expect((await guest.post(`/api/share/${token}/comments`, { name: 'Dana Reyes', body: '' })).status).toBe(400);
    const asked = await guest.post(`/api/share/${token}/comments`, {
      name: 'Dana Reyes',
      body: 'Can we start in March?',
    });
    expect(asked.status, asked.text).toBe(201);
    const reply = await owner.post(`/api/proposals/${proposal.id}/comments`, { body: 'Yes, March works.' });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({ author: 'owner', authorName: 'Olivia Owner' });

    const shared = (await guest.get(`/api/share/${token}`)).body as TSharedProposal;
    expect(shared.comments.map((c) => [c.author, c.body])).toEqual([
      ['client', 'Can we start in March?'],
      ['owner', 'Yes, March works.'],
    ]);
    const ownerSide = (await owner.get(`/api/proposals/${proposal.id}/comments`)).body.items;
    expect(ownerSide).toEqual(shared.comments);
    await mail.waitForMail(ownerEmail, /^Dana Reyes commented on “Website redesign”\.$/);
    await mail.waitForMail('dana@example.com', /^Olivia Owner replied about “Website redesign”\.$/);
  });

  it('a flood of comments: the first mails the owner at once, the rest of its window go in one digest', async () => {
    const { proposal, token } = await sent({ title: 'Flooded proposal' });
    const names = ['Ana', 'Ben', 'Cy', 'Di', 'Ed'];
    for (const name of names) {
      const res = await visitor().post(`/api/share/${token}/comments`, { name, body: `Question from ${name}` });
      expect(res.status, res.text).toBe(201);
    }
    await mail.waitForMail(ownerEmail, /^Ana commented on “Flooded proposal”\.$/);
    const queued = async () =>
      (await server.deps.database.db.execute(sql`
        select dedupe_key, subject, text, sent_at from mail_outbox
        where "to" = ${ownerEmail} and dedupe_key like ${`comment%:${proposal.id}:%`} order by created_at`)) as unknown as {
        rows: Array<{ dedupe_key: string; subject: string; text: string; sent_at: Date | null }>;
      };
    // Two mails in all: the first comment's, and one digest waiting for the window to end.
    const { rows } = await queued();
    expect(rows.map((r) => r.subject)).toEqual([
      'Ana commented on “Flooded proposal”.',
      `${names.length} comments on “Flooded proposal” in ${COMMENT_MAIL_WINDOW_SECONDS / 60} minutes.`,
    ]);
    expect(rows[1]!.sent_at).toBeNull();
    for (const name of names) expect(rows[1]!.text).toContain(`${name}: Question from ${name}`);

    // The window ends (its due time moved back, as time would move it): the digest goes out, once.
    await server.deps.database.db.execute(
      sql`update mail_outbox set next_attempt_at = now() where dedupe_key = ${rows[1]!.dedupe_key}`,
    );
    await server.deps.outbox.drain();
    await mail.waitForMail(ownerEmail, /^5 comments on “Flooded proposal”/);
    const commentMails = mail.messages.filter(
      (m) => m.to.includes(ownerEmail) && /comment.*Flooded proposal/.test(m.subject),
    );
    expect(commentMails).toHaveLength(2);
  });

  it('comments and views are capped per proposal, whatever the addresses they come from', async () => {
    const { proposal, token } = await sent();
    for (let i = 0; i < SHARE_RATE.proposalComments.max; i++) {
      const res = await visitor().post(`/api/share/${token}/comments`, { name: 'Bot', body: `Spam ${i}` });
      expect(res.status, `comment ${i + 1}: ${res.text}`).toBe(201);
    }
    const tooMany = await visitor().post(`/api/share/${token}/comments`, { name: 'Bot', body: 'One more' });
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);

    // Views: a beacon every 15 s from a few readers for hours fits the cap; fill it as a flood would.
    const view = await visitor().post(`/api/share/${token}/views`, {});
    expect(view.status).toBe(201);
    await server.deps.database.db.execute(
      sql`update app_rate_limits set count = ${SHARE_RATE.proposalViews.max} where key = ${`share-view-proposal:${proposal.id}`}`,
    );
    expect((await visitor().post(`/api/share/${token}/views`, {})).status).toBe(429);
    expect((await visitor().post(`/api/share/${token}/views/${view.body.viewId}`, { seconds: 30 })).status).toBe(429);
    // Another proposal is not affected.
    const { token: otherToken } = await sent();
    expect((await visitor().post(`/api/share/${otherToken}/views`, {})).status).toBe(201);
  });

  it('accept: consent and the newest hash required (A19), a certificate, then locked; exactly once (R7)', async () => {
    const { proposal, token } = await sent();
    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    const base = {
      name: 'Dana Reyes',
      email: 'dana@example.com',
      revisionHash: shared.revision.hash,
      selection: { seo: { selected: true } },
    };

    const noConsent = await visitor().post(`/api/share/${token}/accept`, { ...base, consent: false });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.error.fields.consent).toMatch(/Tick the box/);
    const staleHash = await visitor().post(`/api/share/${token}/accept`, {
      ...base,
      consent: true,
      revisionHash: sha256('other'),
    });
    expect(staleHash.status).toBe(409);
    const badChoice = await visitor().post(`/api/share/${token}/accept`, {
      ...base,
      consent: true,
      selection: { build: { selected: false } },
    });
    expect(badChoice.status).toBe(400);
    expect(badChoice.body.error.message).toMatch(/not optional/);

    const attempts = await Promise.all(
      Array.from({ length: 100 }, () => visitor().post(`/api/share/${token}/accept`, { ...base, consent: true })),
    );
    const statuses = attempts.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const certificate = attempts.find((a) => a.status === 201)!.body as TAcceptanceCertificate;
    expect(certificate).toMatchObject({
      name: 'Dana Reyes',
      email: 'dana@example.com',
      revisionNumber: 1,
      revisionHash: shared.revision.hash,
      // No mark sent: the name typed is the signature, and the statement is typing's.
      consentText: consentText(ENGLISH, 'typed'),
      consentHash: sha256(consentText(ENGLISH, 'typed')),
      selection: { seo: { selected: true } },
      totals: { one_off: { total: 190_000 } },
    });
    expect(Date.parse(certificate.acceptedAt)).toBeLessThanOrEqual(Date.now());
    expect(certificate.ipAddress).toMatch(/\d+\.\d+\.\d+\.\d+/);

    const events = (await owner.get(`/api/proposals/${proposal.id}/events`)).body.items as TProposalEvent[];
    expect(events.filter((e) => e.type === 'accepted')).toHaveLength(1);
    expect(await countRows(server, 'acceptances where proposal_id = ' + `'${proposal.id}'`)).toBe(1);
    // The acceptance mails carry the sealed PDF: they go once it is made.
    await server.deps.seals.drain();
    await server.deps.outbox.drain();
    expect(mail.messages.filter((m) => m.subject === 'Dana Reyes accepted “Website redesign”.')).toHaveLength(1);
    await mail.waitForMail('dana@example.com', /^You accepted: Website redesign$/);

    const stored = (await owner.get(`/api/proposals/${proposal.id}`)).body as TProposal;
    expect(stored.status).toBe('accepted');
    const edit = await owner.patch(`/api/proposals/${proposal.id}`, { version: stored.version, title: 'Changed' });
    expect(edit.status).toBe(423);
    expect((await owner.post(`/api/proposals/${proposal.id}/withdraw`)).status).toBe(423);
    expect((await send(owner, stored)).status).toBe(423);
    expect((await visitor().post(`/api/share/${token}/decline`, { reason: 'late' })).status).toBe(409);
    expect((await owner.get(`/api/proposals/${proposal.id}/acceptance`)).body).toEqual(certificate);
    expect((await visitor().get(`/api/share/${token}/certificate`)).body).toEqual(certificate);

    // Accepted stays reachable, even once its valid-until day has passed.
    await server.deps.database.db.execute(
      sql`update proposals set valid_until = '2020-01-01' where id = ${proposal.id}`,
    );
    const later = await visitor().get(`/api/share/${token}`);
    expect(later.status).toBe(200);
    expect(later.body.status).toBe('accepted');
  });

  it('the acceptance mails to the client and the owner carry the sealed PDF with its certificate, and link to it', async () => {
    const { proposal, token } = await sent({ title: 'Attached PDF' });
    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    const accepted = await visitor().post(`/api/share/${token}/accept`, {
      name: 'Dana Reyes',
      email: 'dana@example.com',
      consent: true,
      revisionHash: shared.revision.hash,
      selection: { seo: { selected: true } },
    });
    expect(accepted.status, accepted.text).toBe(201);
    await server.deps.seals.drain();
    await server.deps.outbox.drain();
    const receipt = await mail.waitForMail('dana@example.com', /^You accepted: Attached PDF$/);
    const notice = await mail.waitForMail(ownerEmail, /^Dana Reyes accepted “Attached PDF”\.$/);
    const sealed = await owner.get(`/api/proposals/${proposal.id}/sealed-pdf`);
    expect(sealed.status, sealed.text).toBe(200);
    expect(receipt.links).toContain(`${server.env.baseUrl}/api/share/${token}/sealed-pdf`);
    expect(notice.links).toContain(`${server.env.baseUrl}/api/proposals/${proposal.id}/sealed-pdf`);
    for (const message of [receipt, notice]) {
      const files = pdfAttachments(message.raw);
      expect(files).toHaveLength(1);
      const [file] = files;
      expect(file!.filename).toMatch(/^P-\d{4}-\d{4}-revision-1-sealed\.pdf$/);
      // The very file stored when it was sealed.
      expect(Buffer.compare(file!.bytes, Buffer.from(sealed.bytes))).toBe(0);
      expect(file!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdfText(file!.bytes);
      for (const expected of [
        'Attached PDF',
        'SEO audit',
        'Certificate of acceptance',
        'Dana Reyes',
        shared.revision.hash,
      ]) {
        expect(text).toContain(expected);
      }
      expect(message.text).not.toContain('could not be attached');
      // /verify recognises the attached file as the accepted revision.
      const form = multipart([{ name: 'file', value: file!.bytes, filename: 'mailed.pdf', type: 'application/pdf' }]);
      const verified = await visitor().request('/api/verify', {
        method: 'POST',
        body: form.body,
        headers: { 'content-type': form.type },
      });
      expect(verified.body).toMatchObject({ match: true, acceptedBy: 'Dana Reyes', seal: { checked: true } });
    }
    // Mailing the PDF is not a download by anyone (the owner's one download above is).
    const events = (await owner.get(`/api/proposals/${proposal.id}/events`)).body.items as TProposalEvent[];
    expect(events.filter((e) => e.type === 'downloaded').map((e) => e.data)).toEqual([{ by: 'owner', sealed: true }]);
  });

  it('decline with a reason; the owner hears of it', async () => {
    const { proposal, token } = await sent();
    const res = await visitor().post(`/api/share/${token}/decline`, { reason: 'Over our budget this year.' });
    expect(res.status, res.text).toBe(204);
    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    expect(shared.status).toBe('declined');
    expect(shared.decline).toMatchObject({ reason: 'Over our budget this year.' });
    const hash = shared.revision.hash;
    const accept = await visitor().post(`/api/share/${token}/accept`, {
      name: 'Dana Reyes',
      email: 'dana@example.com',
      consent: true,
      revisionHash: hash,
    });
    expect(accept.status).toBe(409);
    await mail.waitForMail(ownerEmail, /^Dana Reyes declined “Website redesign”\.$/);
    expect(((await owner.get(`/api/proposals/${proposal.id}`)).body as TProposal).status).toBe('declined');
  });

  it('editing a sent proposal and sending again makes revision 2; the client sees the newest', async () => {
    const { proposal, token } = await sent();
    const edited = await owner.patch(`/api/proposals/${proposal.id}`, {
      version: proposal.version,
      document: sellingDocument(180_000),
    });
    expect(edited.status).toBe(200);
    // Until it is sent again, the client still sees revision 1.
    expect(((await visitor().get(`/api/share/${token}`)).body as TSharedProposal).snapshot.totals.one_off.total).toBe(
      150_000,
    );
    const again = await send(owner, edited.body as TProposal, 'Updated prices.');
    expect(again.status).toBe(200);
    await mail.waitForMail('dana@example.com', /^Revised proposal: Website redesign$/);
    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    expect(shared.revision.number).toBe(2);
    expect(shared.revisions.map((r) => r.number)).toEqual([1, 2]);
    expect(shared.snapshot.totals.one_off.total).toBe(180_000);
    const first = (await visitor().get(`/api/share/${token}/revisions/1`)).body as TRevision;
    expect(first.snapshot.totals.one_off.total).toBe(150_000);
    const oldHash = await visitor().post(`/api/share/${token}/accept`, {
      name: 'Dana Reyes',
      email: 'dana@example.com',
      consent: true,
      revisionHash: first.hash,
    });
    expect(oldHash.status).toBe(409);
  });

  it('withdraw answers 410 on the link (A4) until it is sent again, at the same address', async () => {
    const { proposal, token } = await sent();
    const withdrawn = await owner.post(`/api/proposals/${proposal.id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.status).toBe('draft');
    const gone = await visitor().get(`/api/share/${token}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toMatchObject({
      code: 'gone',
      details: { reason: 'withdrawn', senderName: 'Olivia Owner' },
    });
    expect(gone.body.error.message).toMatch(/withdrew this proposal/);
    expect((await owner.post(`/api/proposals/${proposal.id}/withdraw`)).status).toBe(409);

    const again = await send(owner, withdrawn.body as TProposal);
    expect(again.status).toBe(200);
    expect((await visitor().get(`/api/share/${token}`)).status).toBe(200);
  });

  it('expiry: on access and by the sweep, once; expired cannot be accepted; extending reopens it', async () => {
    const a = await sent();
    const b = await sent();
    const c = await sent();
    await server.deps.database.db.execute(
      sql`update proposals set valid_until = ${inDays(-1)} where id in (${a.proposal.id}, ${b.proposal.id}, ${c.proposal.id})`,
    );
    // The owner's own read expires it too, rather than showing "sent" until the next sweep.
    const ownRead = (await owner.get(`/api/proposals/${c.proposal.id}`)).body as TProposal;
    expect(ownRead.status).toBe('expired');
    const gone = await visitor().get(`/api/share/${a.token}`);
    expect(gone.status).toBe(410);
    expect(gone.body.error.details).toMatchObject({ reason: 'expired' });
    const accept = await visitor().post(`/api/share/${a.token}/accept`, {
      name: 'Dana Reyes',
      email: 'dana@example.com',
      consent: true,
      revisionHash: sha256('x'),
    });
    expect(accept.status).toBe(410);

    const deps = server.deps;
    const swept = await Promise.all([
      sweepExpired({ db: deps.database.db, database: deps.database, realtime: deps.realtime, logger: deps.logger }),
      sweepExpired({ db: deps.database.db, database: deps.database, realtime: deps.realtime, logger: deps.logger }),
    ]);
    // b expired in exactly one of the two sweeps (a already had, on access).
    expect(swept.reduce((x, y) => x + y, 0)).toBe(1);
    for (const p of [a, b]) {
      const events = (await owner.get(`/api/proposals/${p.proposal.id}/events`)).body.items as TProposalEvent[];
      expect(events.filter((e) => e.type === 'expired')).toHaveLength(1);
      expect(((await owner.get(`/api/proposals/${p.proposal.id}`)).body as TProposal).status).toBe('expired');
    }

    expect((await owner.post(`/api/proposals/${a.proposal.id}/extend`, { validUntil: inDays(-2) })).status).toBe(400);
    const extended = await owner.post(`/api/proposals/${a.proposal.id}/extend`, { validUntil: inDays(10) });
    expect(extended.status, extended.text).toBe(200);
    expect(extended.body).toMatchObject({ status: 'sent', validUntil: inDays(10), expiredAt: null });
    expect((await visitor().get(`/api/share/${a.token}`)).status).toBe(200);
  });

  it('the notification feed: where it stands now, then what came since (R10)', async () => {
    const start = await owner.get('/api/notifications');
    expect(start.status).toBe(200);
    expect(start.body.items).toEqual([]);
    const after = start.body.lastSeq as number;
    const { proposal, token } = await sent();
    await visitor().post(`/api/share/${token}/views`);
    await visitor().post(`/api/share/${token}/comments`, { name: 'Dana Reyes', body: 'Looks good.' });
    const feed = await owner.get(`/api/notifications?after=${after}`);
    expect(feed.body.items.map((n: { type: string }) => n.type)).toEqual(['opened', 'commented']);
    expect(feed.body.items[1]).toMatchObject({
      proposalId: proposal.id,
      text: 'Dana Reyes commented on “Website redesign”.',
      // The facts, from which the app writes the sentence in its own language.
      actor: 'Dana Reyes',
      amount: null,
    });
    expect(feed.body.lastSeq).toBeGreaterThan(after);
    expect((await other.get(`/api/notifications?after=0`)).body.items).toEqual([]);
    expect((await owner.get('/api/notifications?after=x')).status).toBe(400);
  });

  it('another user reaches none of it (A1)', async () => {
    const { proposal } = await sent();
    const id = proposal.id;
    const attempts = [
      other.get(`/api/proposals/${id}/events`),
      other.get(`/api/proposals/${id}/revisions`),
      other.get(`/api/proposals/${id}/revisions/1`),
      other.get(`/api/proposals/${id}/comments`),
      other.post(`/api/proposals/${id}/comments`, { body: 'hi' }),
      other.get(`/api/proposals/${id}/acceptance`),
      other.get(`/api/proposals/${id}/share-link`),
      other.post(`/api/proposals/${id}/send`, { version: proposal.version, message: '' }),
      other.post(`/api/proposals/${id}/withdraw`),
      other.post(`/api/proposals/${id}/extend`, { validUntil: inDays(30) }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect(((await owner.get(`/api/proposals/${id}`)).body as TProposal).status).toBe('sent');
    expect((await visitor().get(`/api/proposals/${id}/events`)).status).toBe(401);
  });

  it('/verify: an accepted revision’s hash matches, with who and when; nothing else does', async () => {
    const { token } = await sent();
    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    const before = await visitor().post('/api/verify', { hash: shared.revision.hash });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ match: false });
    await visitor().post(`/api/share/${token}/accept`, {
      name: 'Dana Reyes',
      email: 'dana@example.com',
      consent: true,
      revisionHash: shared.revision.hash,
    });
    await server.deps.seals.drain();
    const after = await visitor().post('/api/verify', { hash: `  ${shared.revision.hash.toUpperCase()} ` });
    expect(after.body).toEqual({
      match: true,
      proposalNumber: shared.snapshot.number,
      revisionNumber: 1,
      revisionHash: shared.revision.hash,
      acceptedBy: 'Dana Reyes',
      acceptedAt: expect.any(String),
      signers: [{ name: 'Dana Reyes', at: after.body.acceptedAt }],
      // The revision's sealed PDF exists; the hash checked is the revision's, not that file's.
      seal: {
        checked: false,
        sealedAt: expect.any(String),
        certificateFingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
        certificateSubject: expect.stringContaining('Draftwell seal'),
      },
    });
    expect((await visitor().post('/api/verify', { hash: sha256('nothing') })).body).toEqual({ match: false });
    const malformed = await visitor().post('/api/verify', { hash: 'abc' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields.hash).toMatch(/64 characters/);

    const form = (value: Uint8Array | string) =>
      multipart([{ name: 'file', value, filename: 'p.pdf', type: 'application/pdf' }]);
    const notPdf = form('<html>hi</html>');
    const refused = await visitor().request('/api/verify', {
      method: 'POST',
      body: notPdf.body,
      headers: { 'content-type': notPdf.type },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/not a PDF/);
    const unknownPdf = form('%PDF-1.7\n% a PDF this server never issued\n');
    const unknown = await visitor().request('/api/verify', {
      method: 'POST',
      body: unknownPdf.body,
      headers: { 'content-type': unknownPdf.type },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ match: false });
    const asText = await visitor().request('/api/verify', {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(asText.status).toBe(415);
  });

  it('PDFs for the owner and the client; the accepted one carries the certificate and /verify knows it', async () => {
    const { proposal, token } = await sent();
    const draftOnly = (await owner.post('/api/proposals', { title: 'Never sent' })).body as TProposal;
    const none = await owner.get(`/api/proposals/${draftOnly.id}/pdf`);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toMatch(/Send the proposal first/);

    const ownerPdf = await owner.request(`/api/proposals/${proposal.id}/pdf`, { method: 'GET' });
    expect(ownerPdf.status).toBe(200);
    expect(ownerPdf.headers.get('content-type')).toBe('application/pdf');
    expect(ownerPdf.headers.get('content-disposition')).toMatch(
      /^attachment; filename="P-\d{4}-\d{4}-revision-1\.pdf"$/,
    );
    const ownerText = pdfText(ownerPdf.bytes);
    expect(ownerText).toContain('Website redesign');
    expect(ownerText).toContain('Website build');
    expect(ownerText).toContain('$1,500');

    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    await visitor().post(`/api/share/${token}/accept`, {
      name: 'Dana Reyes',
      email: 'dana@example.com',
      consent: true,
      revisionHash: shared.revision.hash,
      selection: { seo: { selected: true } },
    });
    const clientPdf = await visitor().request(`/api/share/${token}/pdf`, { method: 'GET' });
    expect(clientPdf.status).toBe(200);
    expect(clientPdf.headers.get('content-disposition')).toMatch(/-revision-1-accepted\.pdf"$/);
    const text = pdfText(clientPdf.bytes);
    for (const expected of [
      'Website redesign',
      'Website build',
      'SEO audit',
      '$1,900',
      'Dana Reyes',
      shared.revision.hash,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Certificate of acceptance/i);
    expect((await visitor().get(`/api/share/${token}/pdf?revision=9`)).status).toBe(404);

    const form = multipart([{ name: 'file', value: clientPdf.bytes, filename: 'signed.pdf', type: 'application/pdf' }]);
    const verified = await visitor().request('/api/verify', {
      method: 'POST',
      body: form.body,
      headers: { 'content-type': form.type },
    });
    expect(verified.body).toMatchObject({ match: true, acceptedBy: 'Dana Reyes', revisionHash: shared.revision.hash });
    // The PDF from before the acceptance is of the accepted revision too.
    const early = multipart([{ name: 'file', value: ownerPdf.bytes, filename: 'draft.pdf', type: 'application/pdf' }]);
    const earlyResult = await visitor().request('/api/verify', {
      method: 'POST',
      body: early.body,
      headers: { 'content-type': early.type },
    });
    expect(earlyResult.body).toMatchObject({ match: true, acceptedBy: 'Dana Reyes' });

    const events = (await owner.get(`/api/proposals/${proposal.id}/events`)).body.items as TProposalEvent[];
    expect(events.filter((e) => e.type === 'downloaded').map((e) => e.actor)).toEqual(['owner', 'client']);
  });

  it('mass assignment on send is refused (A2)', async () => {
    const draft = await readyDraft(owner);
    const res = await owner.post(`/api/proposals/${draft.id}/send`, {
      version: draft.version,
      message: '',
      status: 'accepted',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.status ?? res.body.error.fields._).toMatch(/Unknown field/);
  });
});

describe('the mail outbox (R9)', () => {
  it('keeps mail while SMTP is down and sends each once when it is back', async () => {
    const port = await freePort();
    const server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, TRUST_PROXY: 'true' } });
    const { client, user } = await signUp(server, { name: 'Olivia Owner' });
    await verifyEmail(server, user.id);
    const draft = await readyDraft(client);
    const res = await send(client, draft);
    expect(res.status, res.text).toBe(200);

    // Down: the send succeeded, the mail waits with the reason (beside the sign-up's own
    // confirmation mail, which waits in the same outbox).
    await server.deps.outbox.drain();
    const waiting = (await server.deps.database.db.execute(
      sql`select attempts, last_error, sent_at from mail_outbox where "to" = 'dana@example.com'`,
    )) as unknown as { rows: Array<{ attempts: number; last_error: string | null; sent_at: Date | null }> };
    expect(waiting.rows).toHaveLength(1);
    expect(waiting.rows[0]!.sent_at).toBeNull();
    expect(waiting.rows[0]!.attempts).toBeGreaterThanOrEqual(1);
    expect(waiting.rows[0]!.last_error).toBeTruthy();

    const sink = await startMailSink({ port });
    try {
      // Its retry is due now rather than after the backoff.
      await server.deps.database.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
      await Promise.all([server.deps.outbox.drain(), server.deps.outbox.drain()]);
      await sink.waitForMail('dana@example.com', /^Proposal: Website redesign$/);
      await server.deps.outbox.drain();
      expect(sink.messages.filter((m) => m.to.includes('dana@example.com'))).toHaveLength(1);
      const sent = (await server.deps.database.db.execute(
        sql`select sent_at from mail_outbox where sent_at is not null and "to" = 'dana@example.com'`,
      )) as unknown as { rows: unknown[] };
      expect(sent.rows).toHaveLength(1);
    } finally {
      await server.close();
      await sink.close();
    }
  });

  it('acceptance never waits for the PDF: when it cannot be made, the mails go with their link and it is logged', async () => {
    const sink = await startMailSink();
    const server = await startTestServer({ mail: sink, env: { TRUST_PROXY: 'true' } });
    try {
      const { client, user, email } = await signUp(server, { name: 'Olivia Owner' });
      await verifyEmail(server, user.id);
      const draft = await readyDraft(client, { title: 'Unprintable' });
      expect((await send(client, draft)).status).toBe(200);
      const token = tokenOf((await client.get(`/api/proposals/${draft.id}/share-link`)).body.url as string);
      const visitor = server.client({ ip: nextIp() });
      const shared = (await visitor.get(`/api/share/${token}`)).body as TSharedProposal;
      // Nothing is sealed or sent before the test has spoiled what the PDF is made from.
      await server.deps.outbox.stop();
      await server.deps.seals.stop();
      const accepted = await visitor.post(`/api/share/${token}/accept`, {
        name: 'Dana Reyes',
        email: 'dana@example.com',
        consent: true,
        revisionHash: shared.revision.hash,
        selection: { seo: { selected: true } },
      });
      expect(accepted.status, accepted.text).toBe(201);
      // Choices the proposal does not offer: the renderer refuses them, as any input it cannot draw.
      await server.deps.database.db.execute(
        sql`update acceptances set selection = '{"no-such-line":{"selected":true}}'::jsonb where proposal_id = ${draft.id}`,
      );
      const from = server.logs.length;
      // The seal fails for good (the renderer refuses the choices), and the mails waiting for it go.
      await server.deps.seals.drain();
      await server.deps.outbox.drain();
      const receipt = await sink.waitForMail('dana@example.com', /^You accepted: Unprintable$/);
      const notice = await sink.waitForMail(email, /^Dana Reyes accepted “Unprintable”\.$/);
      for (const message of [receipt, notice]) {
        expect(pdfAttachments(message.raw)).toEqual([]);
        expect(message.text).toContain('The PDF could not be attached to this email.');
        expect(message.html).toContain('The PDF could not be attached to this email.');
      }
      expect(receipt.links.some((link) => link.endsWith(`/p/${token}`))).toBe(true);
      expect(notice.links.some((link) => link.endsWith(`/proposals/${draft.id}`))).toBe(true);
      const warnings = server.logs
        .slice(from)
        .filter((l) => l.msg === 'mail attachment could not be made; the mail goes with its link only');
      expect(warnings).toHaveLength(2);
      expect(await countRows(server, 'mail_outbox where sent_at is null')).toBe(0);
    } finally {
      await server.close();
      await sink.close();
    }
  });
});
