import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  countRows,
  multipart,
  nextIp,
  pairsOfBackendAndStorage,
  signUp,
  startTestServer,
  type TTestServer,
} from './helpers';
import { readyDraft, send, verifyEmail } from './proposal-fixtures';

const backendsAndStorages = pairsOfBackendAndStorage();

const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 9, g: 99, b: 199 } } })
    .png()
    .toBuffer();

async function upload(client: Client, bytes: Uint8Array, path = '/api/files', method = 'POST') {
  const { body, type } = multipart([{ name: 'file', value: bytes, filename: 'a.png', type: 'image/png' }]);
  const res = await client.request(path, { method, body, headers: { 'content-type': type } });
  expect(res.status, res.text).toBe(path === '/api/files' ? 201 : 200);
  return res.body;
}

describe.each(backendsAndStorages)('export my data (%s, %s storage)', (backend, storage) => {
  let server: TTestServer;
  let alice: Client;
  let aliceEmail: string;
  let bob: Client;
  let aliceId: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, storage, env: { TRUST_PROXY: 'true' } });
    const a = await signUp(server, { name: 'Alice' });
    alice = a.client;
    aliceEmail = a.email;
    aliceId = a.user.id;
    bob = (await signUp(server, { name: 'Bob' })).client;
  });
  afterAll(async () => {
    await server.close();
  });

  it('downloads every record of the user as JSON, and only theirs (A1), without secrets', async () => {
    expect((await alice.post('/api/clients', { name: 'Northwind Bakery' })).status).toBe(201);
    expect(
      (
        await alice.post('/api/saved-items', {
          description: 'Discovery workshop',
          unitPrice: 120000,
          currency: 'USD',
          taxRate: 0,
          billing: 'one_off',
        })
      ).status,
    ).toBe(201);
    const proposal = await alice.post('/api/proposals', { title: 'Website redesign' });
    expect(proposal.status).toBe(201);
    expect((await alice.post(`/api/templates/${proposal.body.id}/duplicate`, {})).status).toBe(404);
    expect((await alice.post('/api/templates/starter-consulting/duplicate', {})).status).toBe(201);
    expect((await bob.post('/api/clients', { name: 'Bob’s secret client' })).status).toBe(201);
    expect((await bob.post('/api/proposals', { title: 'Bob’s proposal' })).status).toBe(201);

    const res = await alice.get('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="draftwell-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = res.body;
    expect(data.format).toBe('draftwell-export/1');
    expect(data.user).toMatchObject({ name: 'Alice', email: aliceEmail });
    expect(data.clients.map((c: { name: string }) => c.name)).toEqual(['Northwind Bakery']);
    expect(data.savedItems.map((i: { description: string }) => i.description)).toEqual(['Discovery workshop']);
    expect(data.proposals.map((p: { title: string }) => p.title)).toEqual(['Website redesign']);
    expect(data.proposals[0].document).toEqual({ version: 1, blocks: [] });
    expect(data.templates).toHaveLength(1);
    expect(res.text).not.toContain('Bob');
    for (const secret of ['password', 'shareTokenHash', 'token']) expect(res.text).not.toContain(`"${secret}"`);
  });

  it('includes what was sent and what the client did, and no share link', async () => {
    await server.deps.database.db.execute(sql`update users set email_verified = true where id = ${aliceId}`);
    const created = (await alice.post('/api/proposals', { title: 'Sent one' })).body as { id: string };
    const ready = await alice.patch(`/api/proposals/${created.id}`, {
      version: 1,
      client: { name: 'Dana', company: '', email: 'dana@example.com', phone: '', address: '' },
      validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      document: {
        version: 1,
        blocks: [
          {
            id: 'a',
            type: 'rich_text',
            content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }] },
          },
        ],
      },
    });
    expect(
      (await alice.post(`/api/proposals/${created.id}/send`, { version: ready.body.version, message: '' })).status,
    ).toBe(200);
    const link = (await alice.get(`/api/proposals/${created.id}/share-link`)).body.url as string;
    const token = new URL(link).pathname.split('/').pop()!;
    const client = server.client({ ip: nextIp() });
    expect((await client.post(`/api/share/${token}/comments`, { name: 'Dana', body: 'Looks right.' })).status).toBe(
      201,
    );
    const page = (await client.get(`/api/share/${token}`)).body as { revision: { hash: string } };
    const accepted = await client.post(`/api/share/${token}/accept`, {
      name: 'Dana',
      email: 'dana@example.com',
      consent: true,
      revisionHash: page.revision.hash,
    });
    expect(accepted.status).toBe(201);

    const res = await alice.get('/api/account/export');
    const data = res.body;
    expect(data.revisions).toHaveLength(1);
    expect(data.revisions[0]).toMatchObject({ proposalId: created.id, number: 1, hash: page.revision.hash });
    expect(data.events.map((e: { type: string }) => e.type)).toEqual(['sent', 'commented', 'accepted']);
    expect(data.comments.map((c: { body: string }) => c.body)).toEqual(['Looks right.']);
    expect(data.acceptances).toHaveLength(1);
    expect(data.acceptances[0]).toMatchObject({ name: 'Dana', email: 'dana@example.com' });
    // The plan (none: the server's default) and what the send counted against it.
    expect(data.subscription).toBeNull();
    expect(data.usage).toEqual([
      { metric: 'proposalsSent', periodStart: expect.stringMatching(/^\d{4}-\d{2}-01$/), count: 1 },
    ]);
    expect(res.text).not.toContain(token);
    for (const secret of ['shareTokenHash', 'shareTokenSealed']) expect(res.text).not.toContain(`"${secret}"`);
  });

  it('lists my files (metadata and their address, not their storage) and they can be fetched', async () => {
    const file = await upload(alice, await png(12));
    const data = (await alice.get('/api/account/export')).body;
    const listed = (data.files as Array<Record<string, unknown>>).find((f) => f.id === file.id);
    expect(listed).toMatchObject({ id: file.id, url: `/api/files/${file.id}`, size: file.size, purpose: 'image' });
    expect(JSON.stringify(data)).not.toContain('storageKey');
    const fetched = await alice.get(listed!.url as string);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes.byteLength).toBe(file.size);
  });

  it('answers 401 without a session', async () => {
    expect((await server.client().get('/api/account/export')).status).toBe(401);
  });
});

describe.each(backendsAndStorages)('delete my account (%s, %s storage)', (backend, storage) => {
  it('deletes every stored file of the account (images, logo, sealed PDF) and no one else’s', async () => {
    const server = await startTestServer({ backend, storage, env: { TRUST_PROXY: 'true' } });
    try {
      const a = await signUp(server, { name: 'Leaving' });
      await verifyEmail(server, a.user.id);
      const bob = await signUp(server, { name: 'Staying' });
      const image = await upload(a.client, await png(20));
      const logo = await upload(a.client, await png(30), '/api/profile/logo', 'PUT');
      const bobs = await upload(bob.client, await png(25));

      // An accepted proposal, sealed: its PDF is stored too.
      const draft = await readyDraft(a.client, { title: 'Goodbye' });
      expect((await send(a.client, draft)).status).toBe(200);
      const token = new URL((await a.client.get(`/api/proposals/${draft.id}/share-link`)).body.url as string).pathname
        .split('/')
        .pop()!;
      const visitor = server.client({ ip: nextIp() });
      const page = (await visitor.get(`/api/share/${token}`)).body as { revision: { hash: string } };
      const accepted = await visitor.post(`/api/share/${token}/accept`, {
        name: 'Dana',
        email: 'dana@example.com',
        consent: true,
        revisionHash: page.revision.hash,
      });
      expect(accepted.status, accepted.text).toBe(201);
      await server.deps.seals.drain();
      await server.deps.outbox.drain();
      const keys = await server.stored.keys();
      const sealed = keys.filter((k) => k.startsWith('sealed-'));
      expect(sealed).toHaveLength(1);
      const leaving = [`${image.id}.png`, `${logo.logoFileId}.png`, sealed[0]!];
      for (const key of [...leaving, `${bobs.id}.png`]) expect(keys).toContain(key);

      const res = await a.client.post('/api/auth/delete-user', { password: a.password });
      expect(res.status, res.text).toBe(200);
      // The rows went with the account; their bytes go from the storage (at once, or on the next pass).
      await server.deps.fileDeletions.drain();
      const after = await server.stored.keys();
      for (const key of leaving) expect(after, key).not.toContain(key);
      expect(after).toContain(`${bobs.id}.png`);
      expect(await countRows(server, 'storage_deletions')).toBe(0);
      expect((await bob.client.get(`/api/files/${bobs.id}`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
