import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, signUp, startTestServer, type Client, type TTestServer } from './helpers';

describe.each(backends())('export my data (%s)', (backend) => {
  let server: TTestServer;
  let alice: Client;
  let aliceEmail: string;
  let bob: Client;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true' } });
    const a = await signUp(server, { name: 'Alice' });
    alice = a.client;
    aliceEmail = a.email;
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

  it('answers 401 without a session', async () => {
    expect((await server.client().get('/api/account/export')).status).toBe(401);
  });
});
