import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, signUp, startTestServer, type Client, type TTestServer } from './helpers';

const put = (client: Client, json: unknown) => client.request('/api/profile', { method: 'PUT', json });

const profile = (overrides: Record<string, unknown> = {}) => ({
  displayName: 'Alice Example',
  company: 'Example Studio',
  jobTitle: 'Founder',
  phone: '+1 555 0100',
  website: 'https://studio.example.com',
  address: '1 Main Street\nSpringfield',
  brandColor: '#0f766e',
  defaultCurrency: 'EUR',
  defaultTaxRate: 1900,
  defaultValidityDays: 45,
  emailSignature: 'Best,\nAlice',
  version: 0,
  ...overrides,
});

describe.each(backends())('business profile API (%s)', (backend) => {
  let server: TTestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers defaults before the first save: the user name and the column defaults, version 0', async () => {
    const { client } = await signUp(server, { name: 'Grace Hopper' });
    const res = await client.get('/api/profile');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      displayName: 'Grace Hopper',
      company: '',
      jobTitle: '',
      phone: '',
      website: '',
      address: '',
      logoFileId: null,
      brandColor: '#4338ca',
      defaultCurrency: 'USD',
      defaultTaxRate: 0,
      defaultValidityDays: 30,
      emailSignature: '',
      version: 0,
      updatedAt: null,
    });
  });

  it('version 0 creates, version n updates, and a stale version answers 409 with the current profile', async () => {
    const { client } = await signUp(server);
    const created = await put(client, profile());
    expect(created.status).toBe(200);
    const { version: _sent, ...fields } = profile();
    expect(created.body).toEqual({ ...fields, logoFileId: null, version: 1, updatedAt: expect.any(String) });
    expect((await client.get('/api/profile')).body).toEqual(created.body);

    const again = await put(client, profile({ company: 'Second tab' }));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'conflict', current: created.body });

    const updated = await put(client, profile({ company: 'Renamed Studio', version: 1 }));
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ company: 'Renamed Studio', version: 2 });

    const stale = await put(client, profile({ company: 'Stale tab', version: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body.error.current).toEqual(updated.body);
    const jump = await put(client, profile({ company: 'Jumped', version: 50 }));
    expect(jump.status).toBe(409);
    expect((await client.get('/api/profile')).body).toEqual(updated.body);
  });

  it('a version for a profile that was never saved answers 409 with the defaults', async () => {
    const { client } = await signUp(server, { name: 'Never Saved' });
    const res = await put(client, profile({ version: 3 }));
    expect(res.status).toBe(409);
    expect(res.body.error.current).toMatchObject({ displayName: 'Never Saved', version: 0 });
    expect((await client.get('/api/profile')).body.version).toBe(0);
  });

  it('trims text and lower-cases the brand colour; empty website is allowed', async () => {
    const { client } = await signUp(server);
    const res = await put(client, profile({ displayName: '  Spaced  ', brandColor: '#ABCDEF', website: '' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayName: 'Spaced', brandColor: '#abcdef', website: '' });
  });

  it('refuses invalid fields with the field and its message, and saves nothing', async () => {
    const { client } = await signUp(server, { name: 'Validator' });
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ website: 'javascript:alert(1)' }, 'website', /https:\/\//],
      [{ website: 'ftp://files.example.com' }, 'website', /https:\/\//],
      [{ website: 'not a url' }, 'website', /https:\/\//],
      [{ brandColor: 'red' }, 'brandColor', /#4338ca/],
      [{ brandColor: '#12345' }, 'brandColor', /#4338ca/],
      [{ defaultCurrency: 'usd' }, 'defaultCurrency', /three-letter/],
      [{ defaultCurrency: 'XYZ' }, 'defaultCurrency', /ISO 4217/],
      [{ defaultTaxRate: 10_001 }, 'defaultTaxRate', /100 %/],
      [{ defaultValidityDays: 0 }, 'defaultValidityDays', /at least 1/],
      [{ defaultValidityDays: 366 }, 'defaultValidityDays', /365/],
      [{ displayName: '' }, 'displayName', /name/i],
      [{ emailSignature: 's'.repeat(2001) }, 'emailSignature', /2,000/],
      [{ version: -1 }, 'version', /./],
    ];
    for (const [override, field, message] of cases) {
      const res = await put(client, profile(override));
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(override)).toEqual({ [field]: expect.stringMatching(message) });
    }
    const missing = await put(client, { version: 0, displayName: 'Only a name' });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields)).toEqual(expect.arrayContaining(['brandColor', 'defaultCurrency']));
    expect((await client.get('/api/profile')).body.version).toBe(0);
  });

  it('A2: logoFileId, ownerId and other unknown keys are refused with 400 naming them', async () => {
    const { client } = await signUp(server);
    const { user: other } = await signUp(server);
    const res = await put(
      client,
      profile({ ownerId: other.id, logoFileId: '00000000-0000-4000-8000-000000000000', createdAt: '2000-01-01' }),
    );
    expect(res.status).toBe(400);
    for (const key of ['ownerId', 'logoFileId', 'createdAt']) expect(res.body.error.fields._).toContain(key);
    expect((await client.get('/api/profile')).body.version).toBe(0);
  });

  it('A1: each user reads and writes only their own profile', async () => {
    const alice = await signUp(server, { name: 'Alice' });
    const bob = await signUp(server, { name: 'Bob' });
    const saved = await put(alice.client, profile({ company: 'Alice Private Co' }));
    expect(saved.status).toBe(200);

    const bobView = await bob.client.get('/api/profile');
    expect(bobView.body).toMatchObject({ displayName: 'Bob', company: '', version: 0 });
    expect(bobView.text).not.toContain('Alice Private');

    const bobSave = await put(bob.client, profile({ displayName: 'Bob', company: 'Bob Co' }));
    expect(bobSave.status).toBe(200);
    const bobUpdate = await put(bob.client, profile({ displayName: 'Bob', company: 'Bob Co 2', version: 1 }));
    expect(bobUpdate.status).toBe(200);
    expect((await alice.client.get('/api/profile')).body).toEqual(saved.body);
  });

  it('answers 401 without a session', async () => {
    const anon = server.client();
    for (const res of [await anon.get('/api/profile'), await put(anon, profile())]) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
  });
});
