import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProposalEvent, TSealStatus, TSharedProposal } from '@draftwell/shared';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { derived, generateP12, SigningConfigError } from '../src/modules/seal/signing-identity';
import { signingIdentities } from '../src/db/schema';
import {
  backends,
  type Client,
  countRows,
  createPostgresDatabase,
  freePort,
  multipart,
  nextIp,
  pairsOfBackendAndStorage,
  randomSecret,
  signUp,
  startMailSink,
  startTestServer,
  tempDir,
  type TMailSink,
  type TTestServer,
} from './helpers';
import { readyDraft, send, verifyEmail } from './proposal-fixtures';

/**
 * The sealed PDF (issue 15, decision 0014, R17): the accepted PDF signed by the server, checked
 * outside the app with poppler's pdfsig; stored once, served unchanged, mailed once it exists,
 * finished by another instance when one dies, failures shown to the owner with a retry.
 */

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
// pdfsig (poppler-utils) and openssl are npm test's prerequisites (scripts/test-prerequisites.mjs):
// a machine without them fails these tests rather than skipping them.

/** What poppler's pdfsig says of a PDF's signatures (it exits 0 for a broken signature too). */
function pdfsig(bytes: Uint8Array): string {
  const file = path.join(tempDir('dw-pdfsig-'), 'checked.pdf');
  writeFileSync(file, bytes);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  if (run.error) throw new Error(`pdfsig could not run (${run.error.message}): install poppler-utils`);
  return `${run.stdout}${run.stderr}`;
}

function pdfText(bytes: Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(bytes) }).toString('utf8');
}

/** The PDF files attached to a mail (base64 MIME parts of type application/pdf). */
function pdfAttachments(raw: string): Buffer[] {
  const found: Buffer[] = [];
  for (const part of raw.replace(/\r\n/g, '\n').split(/\n--[^\n]+\n/)) {
    const end = part.indexOf('\n\n');
    if (end === -1) continue;
    if (!/^content-type:\s*application\/pdf/im.test(part.slice(0, end).replace(/\n[ \t]+/g, ' '))) continue;
    found.push(Buffer.from(part.slice(end + 2).replace(/\s+/g, ''), 'base64'));
  }
  return found;
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

type TParties = { server: TTestServer; owner: Client; ownerEmail: string };

async function ownerOn(server: TTestServer): Promise<TParties> {
  const a = await signUp(server, { name: 'Olivia Owner' });
  await verifyEmail(server, a.user.id);
  return { server, owner: a.client, ownerEmail: a.email };
}

async function sentProposal(p: TParties, title: string) {
  const draft = await readyDraft(p.owner, { title });
  const res = await send(p.owner, draft);
  expect(res.status, res.text).toBe(200);
  const link = await p.owner.get(`/api/proposals/${draft.id}/share-link`);
  const token = tokenOf(link.body.url as string);
  const shared = (await p.server.client({ ip: nextIp() }).get(`/api/share/${token}`)).body as TSharedProposal;
  return { proposal: res.body as TProposal, token, shared };
}

const acceptance = (shared: TSharedProposal) => ({
  name: 'Dana Reyes',
  email: 'dana@example.com',
  consent: true,
  revisionHash: shared.revision.hash,
  selection: { seo: { selected: true } },
});

async function accept(p: TParties, token: string, shared: TSharedProposal) {
  const res = await p.server.client({ ip: nextIp() }).post(`/api/share/${token}/accept`, acceptance(shared));
  expect(res.status, res.text).toBe(201);
}

async function sealOf(p: TParties, id: string): Promise<TSealStatus> {
  const res = await p.owner.get(`/api/proposals/${id}/seal`);
  expect(res.status, res.text).toBe(200);
  return res.body as TSealStatus;
}

/** Sealed files in the storage (DATA_DIR/files or the bucket): each stored once, none left behind by a lost race. */
const storedSeals = async (server: TTestServer) => (await server.stored.keys()).filter((f) => f.startsWith('sealed-'));

const backendsAndStorages = pairsOfBackendAndStorage();

describe.each(backendsAndStorages)('the sealed PDF (%s, %s storage)', (backend, storage) => {
  let mail: TMailSink;
  let p: TParties;

  beforeAll(async () => {
    mail = await startMailSink();
    const server = await startTestServer({
      backend,
      storage,
      mail,
      env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' },
    });
    p = await ownerOn(server);
  });
  afterAll(async () => {
    await p.server.close();
    await mail.close();
  });

  it('an accepted proposal is sealed once, stored once and served unchanged to the owner and the client', async () => {
    const { proposal, token, shared } = await sentProposal(p, 'Sealed website');
    expect((await sealOf(p, proposal.id)).status).toBe('none');
    await accept(p, token, shared);
    await p.server.deps.seals.drain();

    const status = await sealOf(p, proposal.id);
    // Seen in several runs (stops 30, 32, 35): still pending after drain. The cause was 1 in 512
    // generated certificates (a padded serial OpenSSL 3 refuses; signing-identity.test.ts). The
    // message names the job's attempts and last error, and an unexpected seal error is now logged
    // as an error with its stack, which the test server prints.
    expect(status, JSON.stringify(status)).toMatchObject({
      status: 'sealed',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    if (status.status !== 'sealed') throw new Error('not sealed');
    const client = p.server.client({ ip: nextIp() });
    const downloads = [
      await p.owner.get(`/api/proposals/${proposal.id}/sealed-pdf`),
      await p.owner.get(`/api/proposals/${proposal.id}/sealed-pdf`),
      await client.get(`/api/share/${token}/sealed-pdf`),
    ];
    for (const res of downloads) {
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="P-\d{4}-\d{4}-revision-1-sealed\.pdf"$/,
      );
      expect(sha256(res.bytes)).toBe(status.sha256);
      expect(res.bytes.byteLength).toBe(status.size);
    }
    expect(((await client.get(`/api/share/${token}`)).body as TSharedProposal).sealedPdf).toBe('ready');

    // What it is made of: the document and the certificate page, with its way to /verify.
    const text = pdfText(downloads[0]!.bytes);
    for (const expected of ['Sealed website', 'Certificate of acceptance', 'Dana Reyes', shared.revision.hash]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(`${p.server.env.baseUrl}/verify`);
    // The link (and the QR code beside it) opens /verify with the revision hash.
    expect(Buffer.from(downloads[0]!.bytes).toString('latin1')).toContain(
      `/URI (${p.server.env.baseUrl}/verify?hash=${shared.revision.hash})`,
    );

    // /verify recognises the sealed file itself, names who signed and the certificate it was sealed with.
    const certificate = await p.server.client({ ip: nextIp() }).get('/api/verify/certificate');
    expect(certificate.status).toBe(200);
    expect(certificate.body).toMatchObject({
      fingerprint: status.certificateFingerprint,
      selfSigned: true,
      timestamped: false,
    });
    const form = multipart([{ name: 'file', value: downloads[2]!.bytes, filename: 's.pdf', type: 'application/pdf' }]);
    const verified = await p.server.client({ ip: nextIp() }).request('/api/verify', {
      method: 'POST',
      body: form.body,
      headers: { 'content-type': form.type },
    });
    expect(verified.body).toMatchObject({
      match: true,
      revisionHash: shared.revision.hash,
      signers: [{ name: 'Dana Reyes' }],
      seal: { checked: true, certificateFingerprint: status.certificateFingerprint },
    });

    const events = (await p.owner.get(`/api/proposals/${proposal.id}/events`)).body.items as TProposalEvent[];
    expect(events.filter((e) => e.type === 'sealed')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'downloaded').map((e) => e.data)).toEqual([
      { by: 'owner', sealed: true },
      { by: 'owner', sealed: true },
      // The client's download names the signer whose link it was (issue 24).
      { by: 'client', sealed: true, signerId: expect.any(String), name: 'Dana Reyes' },
    ]);
    // Another user reaches none of it (A1); a wrong token neither (A3).
    const other = (await signUp(p.server, { name: 'Mallory' })).client;
    expect((await other.get(`/api/proposals/${proposal.id}/sealed-pdf`)).status).toBe(404);
    expect((await other.get(`/api/proposals/${proposal.id}/seal`)).status).toBe(404);
    expect((await other.post(`/api/proposals/${proposal.id}/seal`)).status).toBe(404);
    expect((await client.get(`/api/share/${'x'.repeat(43)}/sealed-pdf`)).status).toBe(404);
  });

  it('streams the stored file with its length; one missing or of another size is a 503, one altered is cut short', async () => {
    const { proposal, token, shared } = await sentProposal(p, 'Kept in storage');
    await accept(p, token, shared);
    await p.server.deps.seals.drain();
    // The receipts carry the sealed PDF: they go out before the stored file is tampered with below,
    // or the outbox reads it altered and logs that during a later test.
    await p.server.deps.outbox.drain();
    const status = await sealOf(p, proposal.id);
    if (status.status !== 'sealed') throw new Error('not sealed');
    const url = `${p.server.url}/api/proposals/${proposal.id}/sealed-pdf`;
    const headers = { cookie: p.owner.cookieHeader() };
    const ok = await fetch(url, { headers });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-length')).toBe(String(status.size));
    const bytes = Buffer.from(await ok.arrayBuffer());
    expect(sha256(bytes)).toBe(status.sha256);

    const keyOf = async () => {
      for (const k of await storedSeals(p.server)) {
        if (sha256((await p.server.stored.read(k))!) === status.sha256) return k;
      }
      throw new Error('the sealed file is not in the storage');
    };
    const sealedKey = await keyOf();
    const client = p.server.client({ ip: nextIp() });

    // One byte changed, same size: the download starts, and stops before its end.
    const altered = Buffer.from(bytes);
    altered[20] = altered[20]! ^ 0xff;
    await p.server.stored.write(sealedKey, altered);
    const { errors } = await p.server.withErrorLogs(async () => {
      const cut = await fetch(url, { headers });
      expect(cut.status).toBe(200);
      await expect(cut.arrayBuffer()).rejects.toThrow();
    });
    expect(errors.map((e) => e.msg)).toEqual(['sealed PDF altered in storage; its download was cut short']);

    // Another size, or gone: a 503 before anything is sent, for the owner and the client.
    await p.server.stored.write(sealedKey, bytes.subarray(0, bytes.length - 1));
    for (const write of [null, 'remove'] as const) {
      if (write === 'remove') await p.server.stored.remove(sealedKey);
      const { result, errors: logged } = await p.server.withErrorLogs(async () => [
        await p.owner.get(`/api/proposals/${proposal.id}/sealed-pdf`),
        await client.get(`/api/share/${token}/sealed-pdf`),
      ]);
      for (const res of result) {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('60');
        expect(res.body.error.message).toBe('The sealed PDF cannot be read just now. Try again later.');
      }
      expect(logged.map((e) => e.msg)).toEqual([
        'sealed PDF missing from storage or altered',
        'sealed PDF missing from storage or altered',
      ]);
    }
    // Put back as it was: served again.
    await p.server.stored.write(sealedKey, bytes);
    expect(sha256((await client.get(`/api/share/${token}/sealed-pdf`)).bytes)).toBe(status.sha256);
  });

  it('pdfsig: the sealed PDF is signed and not modified; one changed byte is caught', async () => {
    const { proposal, token, shared } = await sentProposal(p, 'Checked by poppler');
    await accept(p, token, shared);
    await p.server.deps.seals.drain();
    const sealed = (await p.owner.get(`/api/proposals/${proposal.id}/sealed-pdf`)).bytes;

    const report = pdfsig(sealed);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signer Certificate Common Name: Draftwell seal (self-signed)');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    // Self-signed: valid, and of an issuer no reader trusts by itself (the README says so).
    expect(report).toContain('Certificate issuer is unknown');

    // One byte of the signed range changed (in the binary comment under the header, so the file
    // still opens): the digest no longer matches.
    const tampered = Buffer.from(sealed);
    expect(tampered.subarray(0, 9).toString('latin1')).toBe('%PDF-1.3\n');
    tampered[10] = tampered[10]! ^ 0x01;
    const tamperedReport = pdfsig(tampered);
    expect(tamperedReport).not.toContain('Signature is Valid');
    expect(tamperedReport).toMatch(/Digest Mismatch|Signature is Invalid/);
    // And /verify does not know the changed file.
    const form = multipart([{ name: 'file', value: tampered, filename: 't.pdf', type: 'application/pdf' }]);
    const verified = await p.server.client({ ip: nextIp() }).request('/api/verify', {
      method: 'POST',
      body: form.body,
      headers: { 'content-type': form.type },
    });
    expect(verified.body).toEqual({ match: false });
  });

  it('issue 25: the title and the signer’s name in any script are sealed as text, and the seal is valid', async () => {
    const title = 'Website 見積書 प्रस्ताव ใบเสนอราคา 👍';
    const { proposal, token, shared } = await sentProposal(p, title);
    const signer = 'ليلى حداد';
    const res = await p.server
      .client({ ip: nextIp() })
      .post(`/api/share/${token}/accept`, { ...acceptance(shared), name: signer });
    expect(res.status, res.text).toBe(201);
    await p.server.deps.seals.drain();
    const sealed = (await p.owner.get(`/api/proposals/${proposal.id}/sealed-pdf`)).bytes;

    expect(pdfsig(sealed)).toContain('Signature Validation: Signature is Valid.');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: Buffer.from(sealed) })
      .toString('utf8')
      .replace(/\s+/g, ' ');
    expect(text).not.toContain('\ufffd');
    // On the title page and the certificate at least.
    expect(text.split(title).length - 1, text).toBeGreaterThanOrEqual(2);
    expect(text.split(signer).length - 1, text).toBeGreaterThanOrEqual(2);
  });

  it('R7: 50 concurrent accepts make one acceptance, one sealed PDF and one set of mails', async () => {
    const { proposal, token, shared } = await sentProposal(p, 'Fifty at once');
    const before = (await storedSeals(p.server)).length;
    const attempts = await Promise.all(
      Array.from({ length: 50 }, () =>
        p.server.client({ ip: nextIp() }).post(`/api/share/${token}/accept`, acceptance(shared)),
      ),
    );
    const statuses = attempts.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    await Promise.all([p.server.deps.seals.drain(), p.server.deps.seals.drain()]);
    await p.server.deps.outbox.drain();
    expect(await countRows(p.server, `sealed_documents where proposal_id = '${proposal.id}'`)).toBe(1);
    expect((await storedSeals(p.server)).length).toBe(before + 1);
    const receipt = await mail.waitForMail('dana@example.com', /^You accepted: Fifty at once$/);
    await mail.waitForMail(p.ownerEmail, /^Dana Reyes accepted “Fifty at once”\.$/);
    await p.server.deps.outbox.drain();
    expect(mail.messages.filter((m) => m.subject === 'You accepted: Fifty at once')).toHaveLength(1);
    expect(mail.messages.filter((m) => m.subject === 'Dana Reyes accepted “Fifty at once”.')).toHaveLength(1);
    const status = await sealOf(p, proposal.id);
    expect(status.status).toBe('sealed');
    expect(pdfAttachments(receipt.raw).map((b) => sha256(b))).toEqual([status.status === 'sealed' && status.sha256]);
    // Asking again changes nothing: it is sealed.
    const again = await p.owner.post(`/api/proposals/${proposal.id}/seal`);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(status);
  });

  it('a proposal accepted before sealed PDFs existed keeps its PDF as it was, and is sealed only when asked', async () => {
    const { proposal, token, shared } = await sentProposal(p, 'Accepted long ago');
    await accept(p, token, shared);
    await p.server.deps.seals.drain();
    // Its mails go first (they carry the sealed file: none must be reading it as it goes).
    await p.server.deps.outbox.drain();
    // As it stood before this change: accepted, no seal (its row and file gone).
    const removed = (await p.server.deps.database.db.execute(
      sql`delete from sealed_documents where proposal_id = ${proposal.id} returning storage_key`,
    )) as unknown as { rows: Array<{ storage_key: string }> };
    await p.server.deps.storage.delete(removed.rows[0]!.storage_key);
    expect(await sealOf(p, proposal.id)).toEqual({ status: 'none' });
    const missing = await p.owner.get(`/api/proposals/${proposal.id}/sealed-pdf`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/accepted before sealed PDFs existed/);
    const client = p.server.client({ ip: nextIp() });
    expect((await client.get(`/api/share/${token}/sealed-pdf`)).status).toBe(404);
    expect(((await client.get(`/api/share/${token}`)).body as TSharedProposal).sealedPdf).toBe('none');
    // Its downloads are as they were: the PDF with its certificate, made on demand.
    const pdf = await p.owner.get(`/api/proposals/${proposal.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toMatch(/-revision-1-accepted\.pdf"$/);
    expect(pdfsig(pdf.bytes)).not.toContain('Signature Validation');

    const asked = await p.owner.post(`/api/proposals/${proposal.id}/seal`);
    expect(asked.status, asked.text).toBe(202);
    expect(['pending', 'sealed']).toContain((asked.body as TSealStatus).status);
    await p.server.deps.seals.drain();
    expect((await sealOf(p, proposal.id)).status).toBe('sealed');
    expect((await client.get(`/api/share/${token}/sealed-pdf`)).status).toBe(200);

    // Not accepted: nothing to seal.
    const draft = await readyDraft(p.owner, { title: 'Still a draft' });
    const refused = await p.owner.post(`/api/proposals/${draft.id}/seal`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/Only an accepted proposal/);
  });
});

describe('the sealed PDF while it is being made, when it fails, and when an instance dies (R17)', () => {
  it('while pending: a 409 with Retry-After, the mails wait without counting a failure; then both go with it', async () => {
    const sink = await startMailSink();
    const server = await startTestServer({ mail: sink, env: { TRUST_PROXY: 'true' } });
    try {
      const p = await ownerOn(server);
      const { proposal, token, shared } = await sentProposal(p, 'Waiting mail');
      await server.deps.seals.stop();
      await accept(p, token, shared);
      const pending = await p.owner.get(`/api/proposals/${proposal.id}/sealed-pdf`);
      expect(pending.status).toBe(409);
      expect(pending.headers.get('retry-after')).toBe('5');
      expect(pending.body.error.message).toMatch(/still being made/);
      expect(pending.body.error.details).toMatchObject({ status: 'pending' });
      const clientPending = await server.client({ ip: nextIp() }).get(`/api/share/${token}/sealed-pdf`);
      expect(clientPending.status).toBe(409);
      expect(((await server.client().get(`/api/share/${token}`)).body as TSharedProposal).sealedPdf).toBe('pending');

      await server.deps.outbox.drain();
      expect(sink.messages.filter((m) => /accepted/.test(m.subject))).toEqual([]);
      const waiting = (await server.deps.database.db.execute(
        sql`select attempts, last_error, next_attempt_at > now() as later from mail_outbox where attachment->>'kind' = 'sealed_pdf'`,
      )) as unknown as { rows: Array<{ attempts: number; last_error: string | null; later: boolean }> };
      expect(waiting.rows).toHaveLength(2);
      for (const row of waiting.rows) expect(row).toEqual({ attempts: 0, last_error: null, later: true });

      // The seal is made: the waiting mails are due at once and go with it.
      await server.deps.seals.drain();
      await server.deps.outbox.drain();
      const receipt = await sink.waitForMail('dana@example.com', /^You accepted: Waiting mail$/);
      const notice = await sink.waitForMail(p.ownerEmail, /^Dana Reyes accepted “Waiting mail”\.$/);
      const sealed = await p.owner.get(`/api/proposals/${proposal.id}/sealed-pdf`);
      for (const m of [receipt, notice]) {
        expect(pdfAttachments(m.raw).map((b) => sha256(b))).toEqual([sha256(sealed.bytes)]);
        expect(m.text).toContain('Download the digitally signed PDF:');
      }
    } finally {
      await server.close();
      await sink.close();
    }
  });

  it('a failed seal is shown to the owner (status and timeline) and sealed when asked again', async () => {
    const sink = await startMailSink();
    const server = await startTestServer({ mail: sink, env: { TRUST_PROXY: 'true' } });
    try {
      const p = await ownerOn(server);
      const { proposal, token, shared } = await sentProposal(p, 'Fails first');
      await server.deps.seals.stop();
      await accept(p, token, shared);
      // Choices the proposal does not offer: the renderer refuses them, for good.
      const original = (await server.deps.database.db.execute(
        sql`select selection from acceptances where proposal_id = ${proposal.id}`,
      )) as unknown as { rows: Array<{ selection: unknown }> };
      await server.deps.database.db.execute(
        sql`update acceptances set selection = '{"no-such-line":{"selected":true}}'::jsonb where proposal_id = ${proposal.id}`,
      );
      await server.deps.seals.drain();
      const failed = await sealOf(p, proposal.id);
      expect(failed).toMatchObject({ status: 'failed', error: expect.stringMatching(/could not be drawn/) });
      const events = (await p.owner.get(`/api/proposals/${proposal.id}/events`)).body.items as TProposalEvent[];
      expect(events.filter((e) => e.type === 'seal_failed')).toHaveLength(1);
      const download = await p.owner.get(`/api/proposals/${proposal.id}/sealed-pdf`);
      expect(download.status).toBe(409);
      expect(download.body.error.message).toMatch(/could not be made.*ask for it again/);
      // The mails did not wait for a seal that failed: they went with their link.
      await server.deps.outbox.drain();
      const receipt = await sink.waitForMail('dana@example.com', /^You accepted: Fails first$/);
      expect(pdfAttachments(receipt.raw)).toEqual([]);
      expect(receipt.text).toContain('The PDF could not be attached to this email.');

      // Fixed, then asked again: sealed.
      await server.deps.database.db.execute(
        sql`update acceptances set selection = ${JSON.stringify(original.rows[0]!.selection)}::jsonb where proposal_id = ${proposal.id}`,
      );
      const asked = await p.owner.post(`/api/proposals/${proposal.id}/seal`);
      expect(asked.status).toBe(202);
      expect(asked.body).toMatchObject({ status: 'pending', attempts: 0 });
      await server.deps.seals.drain();
      expect((await sealOf(p, proposal.id)).status).toBe('sealed');
    } finally {
      await server.close();
      await sink.close();
    }
  });

  it.each(backends())(
    'R17 (%s): an instance that dies mid-seal leaves the job to another, which finishes it; its mails go once',
    async (backend) => {
      const sink = await startMailSink();
      const authSecret = randomSecret();
      const a = await startTestServer({ backend, mail: sink, authSecret, env: { TRUST_PROXY: 'true' } });
      const p = await ownerOn(a);
      const { proposal, token, shared } = await sentProposal(p, 'Survives a crash');
      await a.deps.seals.stop();
      await a.deps.outbox.stop();
      await accept(p, token, shared);
      // Instance A claimed the job (its lease) and died before storing anything.
      await a.deps.database.db.execute(
        sql`update sealed_documents set locked_until = now() + interval '2 minutes', attempts = 1 where proposal_id = ${proposal.id}`,
      );
      await a.close();

      const b = await startTestServer({
        backend,
        mail: sink,
        authSecret,
        env: { TRUST_PROXY: 'true' },
        ...(backend === 'pglite' ? { dataDir: a.dataDir } : { databaseUrl: a.databaseUrl }),
      });
      try {
        // Not before A's lease runs out.
        await b.deps.seals.drain();
        const [held] = (
          (await b.deps.database.db.execute(
            sql`select status from sealed_documents where proposal_id = ${proposal.id}`,
          )) as unknown as { rows: Array<{ status: string }> }
        ).rows;
        expect(held!.status).toBe('pending');
        // Time passes: A's lease runs out (as it does two minutes after A died).
        await b.deps.database.db.execute(
          sql`update sealed_documents set locked_until = now() - interval '1 second' where proposal_id = ${proposal.id}`,
        );
        const owner = b.client();
        owner.jar.clear();
        for (const [k, v] of p.owner.jar) owner.jar.set(k, v);
        // B finishes it: at once, or after a retry where a render did not finish in time on a busy
        // machine (its backoff is 20 s at this attempt); what counts is that it ends sealed.
        await expect
          .poll(
            async () => {
              await b.deps.seals.drain();
              return ((await owner.get(`/api/proposals/${proposal.id}/seal`)).body as TSealStatus).status;
            },
            { timeout: 60_000, interval: 500 },
          )
          .toBe('sealed');
        await b.deps.outbox.drain();
        await sink.waitForMail('dana@example.com', /^You accepted: Survives a crash$/);
        await b.deps.outbox.drain();
        expect(sink.messages.filter((m) => m.subject === 'You accepted: Survives a crash')).toHaveLength(1);
        expect(await countRows(b, `sealed_documents where status = 'pending'`)).toBe(0);
      } finally {
        await b.close();
        await sink.close();
      }
    },
    90_000,
  );
});

describe('the signing identity', () => {
  it.each(backends())(
    'instances on one database (%s) make and use one self-signed certificate, kept across restarts',
    async (backend) => {
      const authSecret = randomSecret();
      const pglite = backend === 'pglite' ? await PGlite.create() : undefined;
      const databaseUrl = backend === 'postgres' ? await createPostgresDatabase() : undefined;
      const dataDir = tempDir();
      const start = () =>
        startTestServer({
          backend,
          authSecret,
          ...(pglite ? { pglite, dataDir, skipDataDirLock: true } : { databaseUrl }),
        });
      // On one PGlite connection one after the other (their migrations do not interleave).
      const [a, b] = pglite ? [await start(), await start()] : await Promise.all([start(), start()]);
      try {
        // Both need it at once: each makes one, one is stored, both use that one.
        const [ca, cb] = await Promise.all([
          a.client().get('/api/verify/certificate'),
          b.client().get('/api/verify/certificate'),
        ]);
        expect(ca.status, ca.text).toBe(200);
        expect(cb.body).toEqual(ca.body);
        expect(ca.body).toMatchObject({ fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/), selfSigned: true });
        expect(await countRows(a, 'signing_identities')).toBe(1);
        // Kept across restarts: the same one after both stop and one starts again.
        await Promise.all([a.close(), b.close()]);
        const c = await start();
        expect((await c.client().get('/api/verify/certificate')).body).toEqual(ca.body);
        await c.close();
      } finally {
        await pglite?.close();
      }
    },
  );

  it('an operator certificate (a .p12 made by openssl) seals; a wrong passphrase stops the start', async () => {
    const dir = tempDir('dw-p12-');
    const key = path.join(dir, 'key.pem');
    const crt = path.join(dir, 'cert.pem');
    const p12 = path.join(dir, 'seal.p12');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        crt,
        '-days',
        '30',
        '-subj',
        '/CN=Acme Proposals Seal/O=Acme Ltd',
      ],
      { stdio: 'ignore' },
    );
    execFileSync(
      'openssl',
      ['pkcs12', '-export', '-inkey', key, '-in', crt, '-out', p12, '-passout', 'pass:correct horse'],
      {
        stdio: 'ignore',
      },
    );
    const fingerprint = new X509Certificate(readFileSync(crt)).fingerprint256.replaceAll(':', '').toLowerCase();

    await expect(startTestServer({ env: { SIGNING_CERT_P12: p12, SIGNING_CERT_PASSPHRASE: 'wrong' } })).rejects.toThrow(
      SigningConfigError,
    );
    await expect(startTestServer({ env: { SIGNING_CERT_P12: path.join(dir, 'missing.p12') } })).rejects.toThrow(
      /SIGNING_CERT_P12: no file at/,
    );

    const sink = await startMailSink();
    const server = await startTestServer({
      mail: sink,
      env: { TRUST_PROXY: 'true', SIGNING_CERT_P12: p12, SIGNING_CERT_PASSPHRASE: 'correct horse' },
    });
    try {
      const certificate = await server.client().get('/api/verify/certificate');
      expect(certificate.body).toMatchObject({
        fingerprint,
        selfSigned: false,
        subject: expect.stringContaining('CN=Acme Proposals Seal'),
      });
      const p = await ownerOn(server);
      const { proposal, token, shared } = await sentProposal(p, 'Operator seal');
      await accept(p, token, shared);
      await server.deps.seals.drain();
      expect(await sealOf(p, proposal.id)).toMatchObject({ status: 'sealed', certificateFingerprint: fingerprint });
      const sealed = (await p.owner.get(`/api/proposals/${proposal.id}/sealed-pdf`)).bytes;
      const report = pdfsig(sealed);
      expect(report).toContain('Signer Certificate Common Name: Acme Proposals Seal');
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(await countRows(server, 'signing_identities')).toBe(0);
    } finally {
      await server.close();
      await sink.close();
    }
  });

  it('a stored certificate OpenSSL cannot read (made before the serial fix) is replaced, and sealing works', async () => {
    const sink = await startMailSink();
    const server = await startTestServer({ mail: sink, env: { TRUST_PROXY: 'true' } });
    try {
      const { keyId, passphrase } = derived(server.env.authSecret);
      // The old serial from random bytes 00 7f …: "0" and 32 hex digits, written 00 7f ….
      const unreadable = await generateP12('Old seal', passphrase, `0007f${'ab'.repeat(14)}`);
      const db = server.deps.database.db;
      await db.insert(signingIdentities).values({
        keyId,
        p12: unreadable.toString('base64'),
        fingerprint: 'f'.repeat(64),
        subject: 'CN=Old seal',
      });
      const p = await ownerOn(server);
      const { proposal, token, shared } = await sentProposal(p, 'After the serial fix');
      await accept(p, token, shared);
      await server.deps.seals.drain();
      expect(await sealOf(p, proposal.id)).toMatchObject({ status: 'sealed' });
      const rows = await db.select().from(signingIdentities);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.p12).not.toBe(unreadable.toString('base64'));
      expect(pdfsig((await p.owner.get(`/api/proposals/${proposal.id}/sealed-pdf`)).bytes)).toContain(
        'Signature Validation: Signature is Valid.',
      );
    } finally {
      await server.close();
      await sink.close();
    }
  });

  it('with SIGNING_TSA_URL each seal carries an RFC 3161 timestamp from that server', async () => {
    const tsa = await startLocalTsa();
    const server = await startTestServer({ env: { TRUST_PROXY: 'true', SIGNING_TSA_URL: tsa.url } });
    try {
      expect((await server.client().get('/api/verify/certificate')).body).toMatchObject({ timestamped: true });
      const p = await ownerOn(server);
      const { proposal, token, shared } = await sentProposal(p, 'Timestamped');
      await accept(p, token, shared);
      await server.deps.seals.drain();
      expect((await sealOf(p, proposal.id)).status).toBe('sealed');
      expect(tsa.requests()).toBeGreaterThanOrEqual(1);
      const sealed = Buffer.from((await p.owner.get(`/api/proposals/${proposal.id}/sealed-pdf`)).bytes);
      // The signature's /Contents holds a timeStampToken unsigned attribute (id-aa-timeStampToken).
      const contents = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(sealed.toString('latin1'))![1]!.toLowerCase();
      expect(contents).toContain('060b2a864886f70d010910020e');
      expect(pdfsig(sealed)).toContain('Signature Validation: Signature is Valid.');
    } finally {
      await server.close();
      await tsa.close();
    }
  });
});

/**
 * An RFC 3161 timestamp server on loopback, answering with `openssl ts -reply` and a TSA
 * certificate made for the test.
 */
async function startLocalTsa(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  const dir = tempDir('dw-tsa-');
  const file = (name: string) => path.join(dir, name);
  writeFileSync(
    file('ext.cnf'),
    '[v3_tsa]\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n',
  );
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      file('tsa.key'),
      '-out',
      file('tsa.crt'),
      '-days',
      '30',
      '-subj',
      '/CN=Test TSA',
      '-extensions',
      'v3_tsa',
      '-config',
      file('ext.cnf'),
    ],
    { stdio: 'ignore', env: { ...process.env, OPENSSL_CONF: file('ext.cnf') } },
  );
  writeFileSync(file('serial'), '01\n');
  writeFileSync(
    file('tsa.cnf'),
    [
      '[tsa]',
      'default_tsa = tsa_config',
      '[tsa_config]',
      `serial = ${file('serial')}`,
      `signer_cert = ${file('tsa.crt')}`,
      `signer_key = ${file('tsa.key')}`,
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
  let count = 0;
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      count += 1;
      const query = file(`q${count}.tsq`);
      const reply = file(`r${count}.tsr`);
      writeFileSync(query, Buffer.concat(chunks));
      try {
        execFileSync('openssl', ['ts', '-reply', '-config', file('tsa.cnf'), '-queryfile', query, '-out', reply], {
          stdio: 'ignore',
        });
        res.writeHead(200, { 'content-type': 'application/timestamp-reply' });
        res.end(readFileSync(reply));
      } catch {
        res.writeHead(500);
        res.end();
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => srv.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/tsr`,
    requests: () => count,
    close: () => new Promise<void>((resolve) => srv.close(() => resolve())),
  };
}
