import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consentText,
  formatUtcInstant,
  type TAcceptanceCertificate,
  type TProposalEvent,
  type TSharedProposal,
  type TSignatureMarkData,
  type TSignaturePending,
  type TSigningState,
} from '@draftwell/shared';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { SAMPLE_JPEG_DATA_URL, SAMPLE_PNG_DATA_URL } from '@draftwell/shared/share/signature-samples';
import {
  findCertificate,
  latestRevision,
  listComments,
  listRevisions,
  toRevisionSummary,
} from '../src/modules/revisions/records';
import { signaturesOn, signerName, signersOf } from '../src/modules/signers/signers';
import { CODE_TRIES } from '../src/modules/share/email-code';
import { serverI18n } from '../src/lib/i18n';
import { SHARE_RATE } from '../src/modules/share/share.service';
import { proposals } from '../src/db/schema';
import { sealStatus } from '../src/modules/seal/sealed-documents';
import { readyDraft, verifyEmail } from './proposal-fixtures';
import {
  backends,
  countRows,
  countStatements,
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
 * Several signers (issue 15): each with their own link, all at once or in order, the owner's
 * countersignature before or after, correcting one signer without sending again, a decline ending
 * the round, the email code, and exactly one completion however many sign at once.
 */

/** poppler's pdfsig, which CI installs; without it the check outside the app is left to sealed-pdf.test.ts's notice. */
const HAS_PDFSIG = spawnSync('pdfsig', ['-v']).status === 0;

/** The consent statement as the app's English pages show it. */
const ENGLISH = serverI18n('en');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

describe.each(backends())('several signers (%s)', (backend: TBackend) => {
  let server: TTestServer;
  let mail: TMailSink;
  let owner: Client;
  let ownerEmail: string;
  let other: Client;
  const visitor = () => server.client({ ip: nextIp() });
  /** Addresses no other test uses, so each test reads only its own mail. */
  const address = (who: string) => `${who}-${randomUUID().slice(0, 8)}@acme.example`;

  beforeAll(async () => {
    mail = await startMailSink();
    server = await startTestServer({ backend, mail, env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' } });
    const a = await signUp(server, { name: 'Olivia Owner' });
    owner = a.client;
    ownerEmail = a.email;
    await verifyEmail(server, a.user.id);
    const b = await signUp(server, { name: 'Mallory Other' });
    other = b.client;
    await verifyEmail(server, b.user.id);
  });
  afterAll(async () => {
    await server.close();
    await mail.close();
  });

  type TSignerSpec = { name: string; email: string; role?: string };

  /** Sends a ready draft to these signers; returns each signer's link as emailed (when it was). */
  async function sendTo(
    signers: TSignerSpec[],
    signing: Record<string, unknown> = {},
    extra: Record<string, unknown> = {},
  ) {
    const draft = await readyDraft(owner);
    const res = await owner.post(`/api/proposals/${draft.id}/send`, {
      version: draft.version,
      message: 'Please sign.',
      signers,
      signing,
      ...extra,
    });
    expect(res.status, res.text).toBe(200);
    const state = (await owner.get(`/api/proposals/${draft.id}/signers`)).body as TSigningState;
    return { proposal: res.body as TProposal, state };
  }

  const tokenFor = (state: TSigningState, email: string) => tokenOf(state.signers.find((s) => s.email === email)!.url!);

  async function read(token: string) {
    const res = await visitor().get(`/api/share/${token}`);
    expect(res.status, res.text).toBe(200);
    return res.body as TSharedProposal;
  }

  async function sign(token: string, who: TSignerSpec, extra: Record<string, unknown> = {}) {
    const page = await read(token);
    return visitor().post(`/api/share/${token}/accept`, {
      name: who.name,
      email: who.email,
      consent: true,
      revisionHash: page.revision.hash,
      selection: { seo: { selected: true } },
      ...extra,
    });
  }

  it('all at once: each signer has their own link and mail; accepted when the last signs; the certificate lists both', async () => {
    const ceo = { name: 'Carla Chief', email: address('ceo'), role: 'Client — CEO' };
    const cfo = { name: 'Frank Finance', email: address('cfo'), role: 'Client — CFO' };
    const { proposal, state } = await sendTo([ceo, cfo]);
    expect(state.settings).toEqual({
      order: 'parallel',
      countersign: 'none',
      emailCode: false,
      methods: ['typed', 'drawn', 'uploaded'],
    });
    expect(state.signers.map((s) => [s.position, s.party, s.email, s.canSignNow])).toEqual([
      [1, 'client', ceo.email, true],
      [2, 'client', cfo.email, true],
    ]);
    expect(state.awaiting.map((a) => a.name)).toEqual([ceo.name, cfo.name]);
    // Each got their own link by email.
    const ceoMail = await mail.waitForMail(ceo.email, /^Proposal: Website redesign$/);
    const cfoMail = await mail.waitForMail(cfo.email, /^Proposal: Website redesign$/);
    expect(ceoMail.text).toMatch(/^Hi Carla Chief,/);
    const ceoToken = tokenOf(ceoMail.links.find((l) => l.includes('/p/'))!);
    const cfoToken = tokenOf(cfoMail.links.find((l) => l.includes('/p/'))!);
    expect(ceoToken).not.toBe(cfoToken);
    expect(ceoToken).toBe(tokenFor(state, ceo.email));

    const seen = await read(cfoToken);
    expect(seen.signing).toMatchObject({
      order: 'parallel',
      you: { name: cfo.name, email: cfo.email, role: cfo.role, signedAt: null },
      yourTurn: true,
      waitingFor: [],
      fixedSelection: null,
    });
    // The page names the other signers but never their addresses.
    expect(seen.signing.signers.map((s) => [s.name, s.you])).toEqual([
      [ceo.name, false],
      [cfo.name, true],
    ]);
    expect(JSON.stringify(seen.signing.signers)).not.toContain(ceo.email);

    // A signer cannot sign as someone else.
    const asOther = await sign(cfoToken, { ...cfo, email: ceo.email });
    expect(asOther.status).toBe(400);
    expect(asOther.body.error.fields.email).toMatch(/This link was sent to c\*\*\*@acme\.example/);

    const first = await sign(ceoToken, ceo);
    expect(first.status, first.text).toBe(202);
    const pending = first.body as TSignaturePending;
    expect(pending).toMatchObject({
      complete: false,
      signature: { name: ceo.name, email: ceo.email, party: 'client' },
    });
    expect(pending.awaiting.map((a) => a.name)).toEqual([cfo.name]);
    expect((await sign(ceoToken, ceo)).status).toBe(409);
    const mid = (await owner.get(`/api/proposals/${proposal.id}`)).body as TProposal;
    expect(mid.status).toBe('sent');
    expect(mid.awaiting).toEqual([{ name: cfo.name, party: 'client' }]);
    await mail.waitForMail(ownerEmail, /^Carla Chief signed “Website redesign”\.$/);

    // The first signer's choices are fixed for the second, whatever they send.
    expect((await read(cfoToken)).signing.fixedSelection).toEqual({ seo: { selected: true } });
    const last = await sign(cfoToken, cfo, { selection: {} });
    expect(last.status, last.text).toBe(201);
    const certificate = last.body as TAcceptanceCertificate;
    expect(certificate).toMatchObject({ name: ceo.name, email: ceo.email, selection: { seo: { selected: true } } });
    expect(certificate.signatures.map((s) => [s.position, s.name, s.email, s.role, s.emailProof])).toEqual([
      [1, ceo.name, ceo.email, ceo.role, 'link'],
      [2, cfo.name, cfo.email, cfo.role, 'link'],
    ]);
    const done = (await owner.get(`/api/proposals/${proposal.id}`)).body as TProposal;
    expect(done).toMatchObject({ status: 'accepted', awaiting: [] });
    // Everyone gets the accepted PDF.
    await server.deps.outbox.drain();
    // Each receipt carries the sealed PDF, linked through the signer's own link.
    for (const [who, token] of [
      [ceo, ceoToken],
      [cfo, cfoToken],
    ] as const) {
      const receipt = await mail.waitForMail(who.email, /^You accepted: Website redesign$/);
      expect(receipt.text).toContain(`/api/share/${token}/sealed-pdf`);
    }
    await mail.waitForMail(ownerEmail, /^Carla Chief and Frank Finance accepted “Website redesign”\.$/);
    const events = (await owner.get(`/api/proposals/${proposal.id}/events`)).body.items as TProposalEvent[];
    expect(events.filter((e) => e.type === 'signed').map((e) => e.data.name)).toEqual([ceo.name, cfo.name]);
    expect(events.filter((e) => e.type === 'accepted')).toHaveLength(1);
  });

  it('in order: only the first is emailed; the next gets their link when the previous signs', async () => {
    const first = { name: 'Ann First', email: address('ann') };
    const second = { name: 'Ben Second', email: address('ben') };
    const { state } = await sendTo([first, second], { order: 'sequential' });
    expect(state.signers.map((s) => s.canSignNow)).toEqual([true, false]);
    await mail.waitForMail(first.email, /^Proposal: Website redesign$/);
    await server.deps.outbox.drain();
    expect(mail.messages.some((m) => m.to.includes(second.email))).toBe(false);

    // The second signer's link works (the owner may have shared it) but says whose turn it is.
    const secondToken = tokenFor(state, second.email);
    const waiting = await read(secondToken);
    expect(waiting.signing).toMatchObject({ yourTurn: false, waitingFor: [first.name] });
    const early = await sign(secondToken, second);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(/not your turn.*Ann First signs first/);

    expect((await sign(tokenFor(state, first.email), first)).status).toBe(202);
    const invite = await mail.waitForMail(second.email, /^Proposal: Website redesign$/);
    expect(tokenOf(invite.links.find((l) => l.includes('/p/'))!)).toBe(secondToken);
    expect((await read(secondToken)).signing).toMatchObject({ yourTurn: true, waitingFor: [] });
    expect((await sign(secondToken, second)).status).toBe(201);
  });

  it('issue 24: a visit and a download are credited to the signer whose link it was, on every plan, in the feed and the mail', async () => {
    const first = { name: 'Ann First', email: address('ann') };
    const second = { name: 'Ben Second', email: address('ben') };
    const { proposal, state } = await sendTo([first, second], { order: 'sequential' });
    const secondId = state.signers.find((s) => s.email === second.email)!.id;
    const secondToken = tokenFor(state, second.email);
    const before = (await owner.get('/api/notifications')).body.lastSeq as number;
    // Ben opens his link and downloads the PDF before Ann has even looked.
    expect((await visitor().post(`/api/share/${secondToken}/views`)).status).toBe(201);
    expect((await visitor().get(`/api/share/${secondToken}/pdf`)).status).toBe(200);

    const events = async (who: Client = owner) =>
      ((await who.get(`/api/proposals/${proposal.id}/events`)).body.items as TProposalEvent[]).filter(
        (e) => e.type === 'opened' || e.type === 'downloaded',
      );
    const ben = { signerId: secondId, name: second.name };
    const [opened, downloaded] = await events();
    expect(opened).toMatchObject({ type: 'opened', data: { seconds: 0, ...ben } });
    expect(downloaded).toMatchObject({ type: 'downloaded', data: { by: 'client', ...ben } });
    const feed = await owner.get(`/api/notifications?after=${before}`);
    expect(feed.body.items).toEqual([
      expect.objectContaining({ type: 'opened', text: `${second.name} opened “Website redesign”.` }),
    ]);
    // The owner's mail on the first visit names him too.
    await mail.waitForMail(ownerEmail, new RegExp(`^${second.name} opened “Website redesign”\\.$`));

    // A visit recorded before visits carried a name (the signer's id only) is named from the signer.
    await server.deps.database.db.execute(
      sql`update proposal_events set data = data - 'name' where proposal_id = ${proposal.id} and type = 'opened'`,
    );
    expect((await events())[0]!.data).toMatchObject(ben);

    // On the free plan the visit keeps whose it was, and only that.
    const ownerId = (await owner.session())!.user.id;
    await server.deps.database.db.execute(
      sql`insert into subscriptions (user_id, plan, status, source) values (${ownerId}, 'free', 'active', 'admin')`,
    );
    try {
      const [freeOpened, freeDownloaded] = await events();
      expect(freeOpened!.data).toEqual(ben);
      expect(freeOpened).toMatchObject({ ipAddress: null, userAgent: null });
      expect(freeDownloaded!.data).toEqual({ by: 'client', ...ben });
    } finally {
      await server.deps.database.db.execute(sql`delete from subscriptions where user_id = ${ownerId}`);
    }
  });

  it('countersign after: the owner signs last in the app, after every client; then it is accepted', async () => {
    const client = { name: 'Cleo Client', email: address('cleo') };
    const { proposal, state } = await sendTo([client], { countersign: 'after' });
    expect(state.signers.map((s) => [s.party, s.canSignNow])).toEqual([
      ['client', true],
      ['owner', false],
    ]);
    expect(state.signers[1]!.url).toBeNull();
    const hash = (await read(tokenFor(state, client.email))).revision.hash;
    const tooSoon = await owner.post(`/api/proposals/${proposal.id}/countersign`, {
      name: 'Olivia Owner',
      consent: true,
      revisionHash: hash,
    });
    expect(tooSoon.status).toBe(409);

    expect((await sign(tokenFor(state, client.email), client)).status).toBe(202);
    await mail.waitForMail(ownerEmail, /^Cleo Client signed “Website redesign”: it is your turn to countersign\.$/);
    const waiting = (await owner.get(`/api/proposals/${proposal.id}`)).body as TProposal;
    expect(waiting.awaiting).toEqual([{ name: 'Olivia Owner', party: 'owner' }]);
    // Another user cannot countersign it, nor see its signers (A1).
    expect(
      (
        await other.post(`/api/proposals/${proposal.id}/countersign`, {
          name: 'Mallory',
          consent: true,
          revisionHash: hash,
        })
      ).status,
    ).toBe(404);
    expect((await other.get(`/api/proposals/${proposal.id}/signers`)).status).toBe(404);

    const done = await owner.post(`/api/proposals/${proposal.id}/countersign`, {
      name: 'Olivia Owner',
      consent: true,
      revisionHash: hash,
    });
    expect(done.status, done.text).toBe(201);
    const certificate = done.body as TAcceptanceCertificate;
    expect(certificate.signatures.map((s) => [s.party, s.name, s.emailProof])).toEqual([
      ['client', client.name, 'link'],
      ['owner', 'Olivia Owner', 'account'],
    ]);
    expect(certificate.name).toBe(client.name);
    expect(((await owner.get(`/api/proposals/${proposal.id}`)).body as TProposal).status).toBe('accepted');

    // /verify names every signer of the revision, in order.
    const verified = await visitor().post('/api/verify', { hash: certificate.revisionHash });
    expect(verified.body).toMatchObject({ match: true, signers: [{ name: client.name }, { name: 'Olivia Owner' }] });

    // The sealed PDF lists both signatures on its certificate, and poppler calls its signature valid.
    await server.deps.seals.drain();
    const sealed = await owner.get(`/api/proposals/${proposal.id}/sealed-pdf`);
    expect(sealed.status, sealed.text).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(sealed.bytes) }).toString(
      'utf8',
    );
    expect(text).toContain('Signatures');
    expect(text).toMatch(/1\. Cleo Client/);
    expect(text).toMatch(/2\. Olivia Owner \(sender\)/);
    expect(text).toContain('Signed in to Draftwell as the sender');
    if (HAS_PDFSIG) {
      const file = path.join(tmpdir(), `signers-${proposal.id}.pdf`);
      writeFileSync(file, sealed.bytes);
      const report = spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout;
      expect(report).toContain('Signature Validation: Signature is Valid.');
    }
  });

  it('countersign before: the owner signs as they send; one client signature then completes it', async () => {
    const client = { name: 'Dora Client', email: address('dora') };
    const draft = await readyDraft(owner);
    const unsigned = await owner.post(`/api/proposals/${draft.id}/send`, {
      version: draft.version,
      signers: [client],
      signing: { countersign: 'before' },
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error.fields.ownerSignature).toMatch(/Sign before sending/);
    // A language the product does not speak is refused, naming the list; nothing is sent.
    const unknown = await owner.post(`/api/proposals/${draft.id}/send`, {
      version: draft.version,
      signers: [client],
      signing: { countersign: 'before' },
      ownerSignature: { name: 'Olivia Owner', consent: true, language: 'xx' },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.error)).toMatch(/ownerSignature/);
    // The owner read the statement in German (the app's language): that text is recorded.
    const res = await owner.post(`/api/proposals/${draft.id}/send`, {
      version: draft.version,
      signers: [client],
      signing: { countersign: 'before' },
      ownerSignature: { name: 'Olivia Owner', consent: true, language: 'de' },
    });
    expect(res.status, res.text).toBe(200);
    const state = (await owner.get(`/api/proposals/${draft.id}/signers`)).body as TSigningState;
    expect(state.signers.map((s) => [s.position, s.party, s.signedAt !== null])).toEqual([
      [1, 'owner', true],
      [2, 'client', false],
    ]);
    expect(state.awaiting).toEqual([{ name: client.name, party: 'client' }]);
    const shared = await read(tokenFor(state, client.email));
    expect(shared.signing.signers.map((s) => [s.party, s.signedAt !== null])).toEqual([
      ['owner', true],
      ['client', false],
    ]);
    const done = await sign(tokenFor(state, client.email), client);
    expect(done.status, done.text).toBe(201);
    expect((done.body as TAcceptanceCertificate).signatures.map((s) => s.party)).toEqual(['owner', 'client']);
    const ownerSigned = (done.body as TAcceptanceCertificate).signatures[0]!;
    expect(ownerSigned.consentText).toBe(consentText(serverI18n('de'), 'typed'));
    expect(ownerSigned.consentText).not.toBe(consentText(serverI18n('en'), 'typed'));
  });

  it('the owner corrects an address, revokes and reissues one signer’s link without sending again', async () => {
    const right = { name: 'Gus Good', email: address('gus') };
    const typo = { name: 'Hal Typo', email: address('hal-typo') };
    const { proposal, state } = await sendTo([right, typo]);
    const halId = state.signers.find((s) => s.email === typo.email)!.id;
    const oldToken = tokenFor(state, typo.email);
    const fixed = address('hal');

    const clash = await owner.patch(`/api/proposals/${proposal.id}/signers/${halId}`, { email: right.email });
    expect(clash.status).toBe(400);
    expect((await owner.patch(`/api/proposals/${proposal.id}/signers/${halId}`, {})).status).toBe(400);
    expect((await other.patch(`/api/proposals/${proposal.id}/signers/${halId}`, { email: fixed })).status).toBe(404);
    expect((await owner.patch(`/api/proposals/${proposal.id}/signers/not-a-uuid`, { email: fixed })).status).toBe(404);

    const corrected = await owner.patch(`/api/proposals/${proposal.id}/signers/${halId}`, { email: fixed });
    expect(corrected.status, corrected.text).toBe(200);
    const after = corrected.body as TSigningState;
    const newToken = tokenFor(after, fixed);
    expect(newToken).not.toBe(oldToken);
    expect((await visitor().get(`/api/share/${oldToken}`)).status).toBe(404);
    const invite = await mail.waitForMail(fixed, /^Proposal: Website redesign$/);
    expect(tokenOf(invite.links.find((l) => l.includes('/p/'))!)).toBe(newToken);
    // The other signer's link is untouched.
    expect(tokenFor(after, right.email)).toBe(tokenFor(state, right.email));

    const revoked = await owner.post(`/api/proposals/${proposal.id}/signers/${halId}/revoke`);
    expect(revoked.status).toBe(200);
    expect((revoked.body as TSigningState).signers.find((s) => s.id === halId)!.url).toBeNull();
    expect((await visitor().get(`/api/share/${newToken}`)).status).toBe(404);

    const reissued = await owner.post(`/api/proposals/${proposal.id}/signers/${halId}/reissue`);
    expect(reissued.status).toBe(200);
    const third = tokenFor(reissued.body as TSigningState, fixed);
    expect((await visitor().get(`/api/share/${third}`)).status).toBe(200);
    await server.deps.outbox.drain();
    const mails = mail.messages.filter((m) => m.to.includes(fixed) && m.subject === 'Proposal: Website redesign');
    expect(mails).toHaveLength(2);

    const events = (await owner.get(`/api/proposals/${proposal.id}/events`)).body.items as TProposalEvent[];
    expect(events.filter((e) => e.type === 'signer_changed').map((e) => e.data.action)).toEqual([
      'corrected',
      'revoked',
      'reissued',
    ]);
    // A signer who has signed cannot be changed.
    expect((await sign(tokenFor(state, right.email), right)).status).toBe(202);
    const rightId = state.signers.find((s) => s.email === right.email)!.id;
    expect((await owner.post(`/api/proposals/${proposal.id}/signers/${rightId}/reissue`)).status).toBe(409);
  });

  it('one signer declining ends the round for everyone', async () => {
    const a = { name: 'Ivy Yes', email: address('ivy') };
    const b = { name: 'Jon No', email: address('jon') };
    const { proposal, state } = await sendTo([a, b]);
    expect((await sign(tokenFor(state, a.email), a)).status).toBe(202);
    const declined = await visitor().post(`/api/share/${tokenFor(state, b.email)}/decline`, { reason: 'Over budget' });
    expect(declined.status).toBe(204);
    const stored = (await owner.get(`/api/proposals/${proposal.id}`)).body as TProposal;
    expect(stored).toMatchObject({ status: 'declined', awaiting: [] });
    expect((await sign(tokenFor(state, a.email), a)).status).toBe(409);
    const page = await read(tokenFor(state, a.email));
    expect(page.decline).toMatchObject({ reason: 'Over budget' });
    const events = (await owner.get(`/api/proposals/${proposal.id}/events`)).body.items as TProposalEvent[];
    expect(events.find((e) => e.type === 'declined')!.data).toMatchObject({ name: b.name, reason: 'Over budget' });
  });

  it('sending again keeps unchanged signers’ links, drops removed ones, and needs every signature again', async () => {
    const stay = { name: 'Kim Stay', email: address('kim') };
    const go = { name: 'Leo Go', email: address('leo') };
    const { proposal, state } = await sendTo([stay, go]);
    expect((await sign(tokenFor(state, stay.email), stay)).status).toBe(202);
    const current = (await owner.get(`/api/proposals/${proposal.id}`)).body as TProposal;
    const fresh = { name: 'Mia New', email: address('mia') };
    const again = await owner.post(`/api/proposals/${proposal.id}/send`, {
      version: current.version,
      signers: [stay, fresh],
    });
    expect(again.status, again.text).toBe(200);
    const next = (await owner.get(`/api/proposals/${proposal.id}/signers`)).body as TSigningState;
    expect(next.signers.map((s) => s.email)).toEqual([stay.email, fresh.email]);
    expect(tokenFor(next, stay.email)).toBe(tokenFor(state, stay.email));
    expect((await visitor().get(`/api/share/${tokenFor(state, go.email)}`)).status).toBe(404);
    // Revision 2 needs Kim's signature again.
    expect(next.signers.map((s) => s.signedAt)).toEqual([null, null]);
    await mail.waitForMail(stay.email, /^Revised proposal: Website redesign$/);
    // The evidence of the signature on revision 1 stays.
    expect(await countRows(server, `signatures where proposal_id = '${proposal.id}'`)).toBe(1);
  });

  it('an email code before signing: sent to the signer, single-address, five tries, ten minutes', async () => {
    const signer = { name: 'Nia Code', email: address('nia') };
    const { state } = await sendTo([signer], { emailCode: true });
    const token = tokenFor(state, signer.email);
    expect((await read(token)).signing.emailCode).toBe(true);
    const noCode = await sign(token, signer);
    expect(noCode.status).toBe(400);
    expect(noCode.body.error.fields.code).toMatch(/Type the 6-digit code we emailed to n\*\*\*@acme\.example/);

    const sent = await visitor().post(`/api/share/${token}/code`);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.sentTo).toBe(`n***@${signer.email.split('@')[1]}`);
    const codeMail = await mail.waitForMail(signer.email, /is your code to sign/);
    const code = /^(\d{6}) is your code/.exec(codeMail.subject)![1]!;
    expect(codeMail.text).toContain(code);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await sign(token, signer, { code: wrong });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.code).toMatch(/not right/);
    expect((await sign(token, signer, { code: 'abc' })).status).toBe(400);

    // Expired: the right code no longer works after its ten minutes.
    await server.deps.database.db.execute(
      sql`update proposal_signers set code_expires_at = now() - interval '1 second' where email = ${signer.email}`,
    );
    const late = await sign(token, signer, { code });
    expect(late.status).toBe(400);
    expect(late.body.error.fields.code).toMatch(/expired/);

    // Five tries per code, counted even when they race.
    await visitor().post(`/api/share/${token}/code`);
    const second = await mail.waitForMail(signer.email, /is your code to sign/, 10_000).then(async () => {
      await server.deps.outbox.drain();
      const codes = mail.messages.filter((m) => m.to.includes(signer.email) && /is your code/.test(m.subject));
      return /^(\d{6})/.exec(codes.at(-1)!.subject)![1]!;
    });
    const other = String((Number(second) + 1) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: CODE_TRIES + 3 }, () => sign(token, signer, { code: other })),
    );
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(3);
    const locked = await sign(token, signer, { code: second });
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toMatch(/Ask for a new code/);

    await visitor().post(`/api/share/${token}/code`);
    await server.deps.outbox.drain();
    const codes = mail.messages.filter((m) => m.to.includes(signer.email) && /is your code/.test(m.subject));
    const third = /^(\d{6})/.exec(codes.at(-1)!.subject)![1]!;
    const ok = await sign(token, signer, { code: third });
    expect(ok.status, ok.text).toBe(201);
    expect((ok.body as TAcceptanceCertificate).signatures[0]!.emailProof).toBe('code');
  });

  it('50 signatures at once on one proposal: one each, exactly one completion and one set of mails', async () => {
    const signers = Array.from({ length: 5 }, (_, i) => ({
      name: `Signer Number${i + 1}`,
      email: address(`s${i + 1}`),
    }));
    const { proposal, state } = await sendTo(signers);
    const hash = (await read(tokenFor(state, signers[0]!.email))).revision.hash;
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const who = signers[i % signers.length]!;
        return visitor().post(`/api/share/${tokenFor(state, who.email)}/accept`, {
          name: who.name,
          email: who.email,
          consent: true,
          revisionHash: hash,
          selection: {},
        });
      }),
    );
    const statuses = attempts.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 202)).toHaveLength(4);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    expect(await countRows(server, `signatures where proposal_id = '${proposal.id}'`)).toBe(5);
    expect(await countRows(server, `acceptances where proposal_id = '${proposal.id}'`)).toBe(1);
    // The receipts wait for the sealed PDF: the seal first (its job runs in the background, and
    // on a busy machine it was not always done by the time the outbox was drained), then the mail.
    await server.deps.seals.drain();
    await server.deps.outbox.drain();
    for (const who of signers) {
      expect(mail.messages.filter((m) => m.to.includes(who.email) && /^You accepted/.test(m.subject))).toHaveLength(1);
    }
    expect(
      mail.messages.filter(
        (m) =>
          m.to.includes(ownerEmail.toLowerCase()) &&
          /accepted “Website redesign”/.test(m.subject) &&
          m.subject.includes('Signer Number1'),
      ),
    ).toHaveLength(1);
  });

  it('signatures drawn or uploaded, as the proposal allows; the mark is kept with the evidence', async () => {
    const drawer = { name: 'Quinn Draw', email: address('quinn') };
    const uploader = { name: 'Rita Upload', email: address('rita') };
    const { state } = await sendTo([drawer, uploader], { methods: ['drawn', 'uploaded'] });
    expect((await read(tokenFor(state, drawer.email))).signing.methods).toEqual(['drawn', 'uploaded']);
    // Typing is not allowed here: neither a typed mark nor none at all (which means the typed name).
    const typed = await sign(tokenFor(state, drawer.email), drawer, { mark: { kind: 'typed', text: drawer.name } });
    expect(typed.status).toBe(400);
    expect(typed.body.error.fields.mark).toBeTruthy();
    expect((await sign(tokenFor(state, drawer.email), drawer)).status).toBe(400);
    // A drawing must be a real PNG; an upload a PNG or JPEG.
    const fake = await sign(tokenFor(state, drawer.email), drawer, {
      mark: { kind: 'drawn', image: 'data:image/png;base64,' + Buffer.from('not a png').toString('base64') },
    });
    expect(fake.status).toBe(400);
    expect(await countRows(server, `signatures where email = '${drawer.email}'`)).toBe(0);

    expect(
      (await sign(tokenFor(state, drawer.email), drawer, { mark: { kind: 'drawn', image: SAMPLE_PNG_DATA_URL } }))
        .status,
    ).toBe(202);
    const done = await sign(tokenFor(state, uploader.email), uploader, {
      mark: { kind: 'uploaded', image: SAMPLE_JPEG_DATA_URL },
    });
    expect(done.status, done.text).toBe(201);
    expect((done.body as TAcceptanceCertificate).signatures.map((s) => s.mark)).toEqual([
      { kind: 'drawn', image: SAMPLE_PNG_DATA_URL },
      { kind: 'uploaded', image: SAMPLE_JPEG_DATA_URL },
    ]);
  });

  it('each signature records the consent statement of the way it was given; the certificate and the PDF give each signer their own time, address and browser', async () => {
    const typist = { name: 'Tess Typed', email: address('tess') };
    const drawer = { name: 'Dirk Drawn', email: address('dirk') };
    const uploader = { name: 'Una Uploaded', email: address('una') };
    const browsers = {
      owner:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Safari/605.1.15',
      typist: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      drawer:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      uploader: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:150.0) Gecko/20100101 Firefox/150.0',
    };
    // The owner signs as they send, with an uploaded image, from an address of their own.
    const ownerIp = nextIp();
    const draft = await readyDraft(owner);
    const sent = await owner.from(ownerIp).post(
      `/api/proposals/${draft.id}/send`,
      {
        version: draft.version,
        signers: [typist, drawer, uploader],
        signing: { countersign: 'before' },
        ownerSignature: {
          name: 'Olivia Owner',
          consent: true,
          mark: { kind: 'uploaded', image: SAMPLE_JPEG_DATA_URL },
        },
      },
      { headers: { 'user-agent': browsers.owner } },
    );
    expect(sent.status, sent.text).toBe(200);
    const state = (await owner.get(`/api/proposals/${draft.id}/signers`)).body as TSigningState;

    const ips = { owner: ownerIp, typist: nextIp(), drawer: nextIp(), uploader: nextIp() };
    async function signAs(who: 'typist' | 'drawer' | 'uploader', signer: TSignerSpec, mark: TSignatureMarkData) {
      const token = tokenFor(state, signer.email);
      const page = await read(token);
      return server
        .client({ ip: ips[who] })
        .post(
          `/api/share/${token}/accept`,
          { name: signer.name, email: signer.email, consent: true, revisionHash: page.revision.hash, mark },
          { headers: { 'user-agent': browsers[who] } },
        );
    }
    const typed = await signAs('typist', typist, { kind: 'typed', text: typist.name });
    expect(typed.status, typed.text).toBe(202);
    // What the signer answered with is what is kept: their statement is the one of their way of signing.
    expect((typed.body as TSignaturePending).signature).toMatchObject({
      consentText: consentText(ENGLISH, 'typed'),
      consentHash: sha256(consentText(ENGLISH, 'typed')),
    });
    expect((await signAs('drawer', drawer, { kind: 'drawn', image: SAMPLE_PNG_DATA_URL })).status).toBe(202);
    const done = await signAs('uploader', uploader, { kind: 'uploaded', image: SAMPLE_PNG_DATA_URL });
    expect(done.status, done.text).toBe(201);

    const certificate = (await owner.get(`/api/proposals/${draft.id}/acceptance`)).body as TAcceptanceCertificate;
    expect(done.body).toEqual(certificate);
    const expected = [
      { name: 'Olivia Owner', method: 'uploaded', ip: ips.owner, browser: browsers.owner },
      { name: typist.name, method: 'typed', ip: ips.typist, browser: browsers.typist },
      { name: drawer.name, method: 'drawn', ip: ips.drawer, browser: browsers.drawer },
      { name: uploader.name, method: 'uploaded', ip: ips.uploader, browser: browsers.uploader },
    ] as const;
    expect(
      certificate.signatures.map((g) => [g.name, g.mark?.kind, g.ipAddress, g.userAgent, g.consentText, g.consentHash]),
    ).toEqual(
      expected.map((e) => [
        e.name,
        e.method,
        e.ip,
        e.browser,
        consentText(ENGLISH, e.method),
        sha256(consentText(ENGLISH, e.method)),
      ]),
    );
    expect(consentText(ENGLISH, 'typed')).toContain('typing my full name and ticking this box');
    expect(consentText(ENGLISH, 'drawn')).toContain('drawing my signature and ticking this box');
    expect(consentText(ENGLISH, 'uploaded')).toContain('uploading an image of my signature and ticking this box');
    // The acceptance's own statement is its first client signer's.
    expect([certificate.consentText, certificate.consentHash]).toEqual([
      consentText(ENGLISH, 'typed'),
      sha256(consentText(ENGLISH, 'typed')),
    ]);

    // The PDF's certificate: each signature with its own time (once, with its zone), address,
    // browser and statement.
    const pdf = await owner.get(`/api/proposals/${draft.id}/pdf`);
    expect(pdf.status).toBe(200);
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: Buffer.from(pdf.bytes) })
      .toString('utf8')
      .replace(/\s+/g, ' ');
    const page = text.slice(text.indexOf('Certificate of acceptance'));
    expect(page).not.toMatch(/UTC\s*UTC/);
    expect(page).not.toContain(certificate.acceptedAt);
    expect(page.match(/Accepted at /g)).toHaveLength(1);
    expect(page).toContain(`Accepted at ${formatUtcInstant(certificate.acceptedAt)} `);
    const starts = expected.map((e, i) => page.indexOf(`${i + 1}. ${e.name}`));
    expect(
      starts.every((at, i) => at > (starts[i - 1] ?? 0)),
      JSON.stringify(starts),
    ).toBe(true);
    expected.forEach((e, i) => {
      const part = page.slice(starts[i], starts[i + 1]);
      const signature = certificate.signatures[i]!;
      expect(part).toContain(`Signed at ${formatUtcInstant(signature.signedAt)}`);
      expect(part).toContain(`IP address ${e.ip}`);
      // A long value may be wrapped anywhere: compared without the spaces.
      const solid = part.replace(/\s/g, '');
      expect(solid).toContain(e.browser.replace(/\s/g, ''));
      expect(solid).toContain(consentText(ENGLISH, e.method).replace(/\s/g, ''));
      expect(part).toContain(sha256(consentText(ENGLISH, e.method)));
      for (const other of expected) if (other !== e) expect(part).not.toContain(other.ip);
    });
  });

  /**
   * The parts of a signer's page as separate reads give them, the way the page read them before it
   * became one statement (P3): what that statement answers must match them.
   */
  async function separateReads(proposalId: string) {
    const db = server.deps.database.db;
    const latest = (await latestRevision(db, proposalId))!;
    const [revisions, comments, acceptance, seal, signers, signed] = await Promise.all([
      listRevisions(db, proposalId),
      listComments(db, proposalId),
      findCertificate(db, proposalId),
      sealStatus(db, proposalId),
      signersOf(db, proposalId),
      signaturesOn(db, latest.id),
    ]);
    return {
      revision: toRevisionSummary(latest),
      revisions,
      comments,
      acceptance,
      seal: seal.status,
      signers: signers.map((s) => ({
        name: signerName(s),
        role: s.role,
        party: s.party,
        signedAt: signed.find((g) => g.signerId === s.id)?.signedAt.toISOString() ?? null,
      })),
      fixedSelection: signed.find((g) => g.party === 'client' && g.selection)?.selection ?? null,
    };
  }

  /** A signer's page, in one statement, with or without the rate limits, matching the separate reads. */
  async function readInOne(token: string, proposalId: string) {
    const ip = nextIp();
    const { result, statements } = await countStatements(server, async (as) =>
      as(server.client({ ip })).get(`/api/share/${token}`),
    );
    expect(result.status, result.text).toBe(200);
    expect(statements).toHaveLength(1);
    const page = result.body as TSharedProposal;
    const unlimited = { ...server, deps: { ...server.deps, env: { ...server.deps.env, rateLimit: false } } };
    const open = await countStatements(unlimited, async (as) => as(server.client({ ip })).get(`/api/share/${token}`));
    expect(open.statements).toHaveLength(1);
    expect(open.result.body).toEqual(page);
    // The address counted one request each time, and no miss.
    expect(await countRows(server, `app_rate_limits where key = 'share:${ip}' and count = 1`)).toBe(1);
    expect(await countRows(server, `app_rate_limits where key = 'share-miss:${ip}'`)).toBe(0);

    const separately = await separateReads(proposalId);
    expect(page.revision).toEqual(separately.revision);
    expect(page.revisions).toEqual(separately.revisions);
    expect(page.comments).toEqual(separately.comments);
    expect(page.acceptance).toEqual(separately.acceptance);
    const sealed = separately.seal === 'sealed' ? 'ready' : separately.seal;
    expect(page.sealedPdf).toBe(page.status === 'accepted' ? sealed : 'none');
    expect(page.signing.signers.map(({ you: _you, ...s }) => s)).toEqual(separately.signers);
    expect(page.signing.fixedSelection).toEqual(separately.fixedSelection);
    return page;
  }

  it('a signer’s page is one statement that shows what separate reads show: signatures of the newest revision, removed, revoked and withdrawn links, the seal (P3)', async () => {
    const ann = { name: 'Ann Order', email: address('ann-order'), role: 'Client — CEO' };
    const bob = { name: 'Bob Order', email: address('bob-order'), role: 'Client — CFO' };
    const cat = { name: 'Cat Dropped', email: address('cat-dropped') };
    const { proposal, state } = await sendTo([ann, bob, cat], { order: 'sequential' });
    const annToken = tokenFor(state, ann.email);
    const bobToken = tokenFor(state, bob.email);
    const catToken = tokenFor(state, cat.email);
    const asked = await visitor().post(`/api/share/${bobToken}/comments`, { name: bob.name, body: 'Which week?' });
    expect(asked.status, asked.text).toBe(201);
    expect((await owner.post(`/api/proposals/${proposal.id}/comments`, { body: 'The first.' })).status).toBe(201);

    // In order: Ann first; Bob waits for her.
    const before = await readInOne(bobToken, proposal.id);
    expect(before.signing).toMatchObject({ yourTurn: false, waitingFor: [ann.name], fixedSelection: null });
    expect(before.signing.you).toMatchObject({ name: bob.name, email: bob.email, role: bob.role, signedAt: null });
    expect(before.comments.map((c) => c.body)).toEqual(['Which week?', 'The first.']);

    // Two signers of three and one signature: Ann's, with the options she chose.
    const chosen = { seo: { selected: true } };
    expect((await sign(annToken, ann, { selection: chosen })).status).toBe(202);
    const one = await readInOne(bobToken, proposal.id);
    expect(one.signing).toMatchObject({ yourTurn: true, waitingFor: [], fixedSelection: chosen });
    expect(one.signing.signers.map((s) => [s.name, s.signedAt !== null, s.you])).toEqual([
      [ann.name, true, false],
      [bob.name, false, true],
      [cat.name, false, false],
    ]);
    expect((await readInOne(annToken, proposal.id)).signing).toMatchObject({
      yourTurn: false,
      you: { name: ann.name },
    });

    // Sent again without Cat: revision 2 has no signature yet, Ann's on revision 1 does not count,
    // and Cat's link opens nothing (a miss for that address, counted in the same statement).
    const current = (await owner.get(`/api/proposals/${proposal.id}`)).body as TProposal;
    const again = await owner.post(`/api/proposals/${proposal.id}/send`, {
      version: current.version,
      signers: [ann, bob],
      signing: { order: 'sequential' },
    });
    expect(again.status, again.text).toBe(200);
    const revised = await readInOne(annToken, proposal.id);
    expect(revised.revision.number).toBe(2);
    expect(revised.revisions.map((r) => r.number)).toEqual([1, 2]);
    expect(revised.signing.signers.map((s) => [s.name, s.signedAt])).toEqual([
      [ann.name, null],
      [bob.name, null],
    ]);
    expect(revised.signing).toMatchObject({ yourTurn: true, fixedSelection: null });
    const guesser = nextIp();
    const dropped = await countStatements(server, async (as) =>
      as(server.client({ ip: guesser })).get(`/api/share/${catToken}`),
    );
    expect(dropped.result.status).toBe(404);
    expect(dropped.statements).toHaveLength(1);
    expect(await countRows(server, `app_rate_limits where key = 'share-miss:${guesser}' and count = 1`)).toBe(1);
    // Over the address's limit it is a 429, and the miss is not counted as one (as when it was checked first).
    await server.deps.database.db.execute(
      sql`update app_rate_limits set count = ${SHARE_RATE.all.max} where key = ${`share:${guesser}`}`,
    );
    const over = await server.client({ ip: guesser }).get(`/api/share/${catToken}`);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await countRows(server, `app_rate_limits where key = 'share-miss:${guesser}' and count = 1`)).toBe(1);

    // Bob's link revoked: nothing opens by it, the page nor anything else; reissued, the new one does.
    const bobId = state.signers.find((s) => s.email === bob.email)!.id;
    expect((await owner.post(`/api/proposals/${proposal.id}/signers/${bobId}/revoke`)).status).toBe(200);
    const revoked = await countStatements(server, async (as) => as(visitor()).get(`/api/share/${bobToken}`));
    expect(revoked.result.status).toBe(404);
    expect(revoked.statements).toHaveLength(1);
    expect((await visitor().get(`/api/share/${bobToken}/certificate`)).status).toBe(404);
    const reissued = await owner.post(`/api/proposals/${proposal.id}/signers/${bobId}/reissue`);
    expect(reissued.status, reissued.text).toBe(200);
    const bobAgain = tokenFor(reissued.body as TSigningState, bob.email);
    expect((await readInOne(bobAgain, proposal.id)).signing.you.name).toBe(bob.name);

    // Both sign revision 2: accepted, the certificate with both signatures, then the sealed PDF's states.
    expect((await sign(annToken, ann, { selection: chosen })).status).toBe(202);
    const done = await sign(bobAgain, bob);
    expect(done.status, done.text).toBe(201);
    await server.deps.seals.drain();
    const accepted = await readInOne(annToken, proposal.id);
    expect(accepted).toMatchObject({ status: 'accepted', sealedPdf: 'ready' });
    expect(accepted.acceptance).toEqual(done.body);
    expect(accepted.acceptance!.signatures.map((g) => g.name)).toEqual([ann.name, bob.name]);
    const setSeal = (status: string) =>
      server.deps.database.db.execute(
        sql`update sealed_documents set status = ${status}, next_attempt_at = now() + interval '1 day'
            where proposal_id = ${proposal.id}`,
      );
    for (const [status, shown] of [
      ['pending', 'pending'],
      ['failed', 'failed'],
      ['sealed', 'ready'],
    ] as const) {
      await setSeal(status);
      expect((await readInOne(bobAgain, proposal.id)).sealedPdf).toBe(shown);
    }

    // A signer of a withdrawn proposal: 410 naming the newest revision's sender and when, in one statement.
    const other = await sendTo([
      { name: 'Dee One', email: address('dee') },
      { name: 'Eve Two', email: address('eve') },
    ]);
    // The revision names its sender apart from the owner's account, so the 410 shows which it took.
    await server.deps.database.db.execute(
      sql`update proposal_revisions set snapshot = jsonb_set(snapshot, '{sender,name}', '"Reyes Studio"')
          where proposal_id = ${other.proposal.id}`,
    );
    const withdrawn = await owner.post(`/api/proposals/${other.proposal.id}/withdraw`);
    expect(withdrawn.status, withdrawn.text).toBe(200);
    const senderName = (await owner.get(`/api/proposals/${other.proposal.id}/revisions/1`)).body.snapshot.sender.name;
    expect(senderName).toBe('Reyes Studio');
    const [stored] = await server.deps.database.db
      .select({ withdrawnAt: proposals.withdrawnAt })
      .from(proposals)
      .where(eq(proposals.id, other.proposal.id));
    for (const signer of other.state.signers) {
      const gone = await countStatements(server, async (as) => as(visitor()).get(`/api/share/${tokenOf(signer.url!)}`));
      expect(gone.result.status).toBe(410);
      expect(gone.statements).toHaveLength(1);
      expect(gone.result.body.error.details).toEqual({
        reason: 'withdrawn',
        senderName,
        at: stored!.withdrawnAt!.toISOString(),
      });
    }
  });

  it('the client record remembers the signers for the next send', async () => {
    const created = await owner.post('/api/clients', { name: 'Acme Corp', email: address('acme') });
    expect(created.status, created.text).toBe(201);
    const draft = await readyDraft(owner, { clientId: created.body.id });
    const signer = { name: 'Pat Buyer', email: address('pat'), role: 'Client — Head of Ops' };
    const res = await owner.post(`/api/proposals/${draft.id}/send`, { version: draft.version, signers: [signer] });
    expect(res.status, res.text).toBe(200);
    const client = await owner.get(`/api/clients/${created.body.id}`);
    expect(client.body.signers).toEqual([signer]);
  });
});
