import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, countRows, pairsOfBackendAndStorage, signUp, startTestServer, type TTestServer } from './helpers';

const put = (client: Client, json: unknown) => client.request('/api/profile', { method: 'PUT', json });

/** PUT /api/profile/logo with a multipart body, as a browser's FormData sends it. */
async function putLogo(client: Client, bytes: Uint8Array, filename = 'logo.png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), filename);
  const encoded = new Request('http://localhost/', { method: 'PUT', body: form });
  return client.request('/api/profile/logo', {
    method: 'PUT',
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  });
}

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } })
    .png()
    .toBuffer();

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
  locale: 'en-GB',
  defaultLanguage: 'fr',
  version: 0,
  ...overrides,
});

// Run on both storages: the logo is a stored file (DATA_DIR/files or a bucket).
const backendsAndStorages = pairsOfBackendAndStorage();

describe.each(backendsAndStorages)('business profile API (%s, %s storage)', (backend, storage) => {
  let server: TTestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend, storage, env: { TRUST_PROXY: 'true' } });
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
      locale: 'en-US',
      defaultLanguage: 'en',
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

  describe('logo', () => {
    const stored = () => server.stored.keys();

    it('PUT stores the logo (scaled to 1024 px), creating the profile with its defaults', async () => {
      const { client } = await signUp(server, { name: 'Logo First' });
      const res = await putLogo(client, await pngOf(3000, 1500));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        displayName: 'Logo First',
        brandColor: '#4338ca',
        logoFileId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        version: 1,
        updatedAt: expect.any(String),
      });
      expect((await client.get('/api/profile')).body).toEqual(res.body);

      const file = await client.get(`/api/files/${res.body.logoFileId}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      const served = await fetch(new URL(`/api/files/${res.body.logoFileId}`, server.url), {
        headers: { cookie: client.cookieHeader() },
      });
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([1024, 512]);

      // The logo-less profile PUT (strict: no logoFileId) keeps the logo and its version moves on.
      const saved = await put(client, profile({ version: 1 }));
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ logoFileId: res.body.logoFileId, version: 2 });

      // A client that still thinks nothing was saved gets the conflict, with the logo in it.
      const { client: other } = await signUp(server);
      await putLogo(other, await pngOf(10, 10));
      const stale = await put(other, profile());
      expect(stale.status).toBe(409);
      expect(stale.body.error.current.logoFileId).toEqual(expect.any(String));
    });

    it('replacing the logo deletes the old file; DELETE clears it and deletes the file', async () => {
      const { client } = await signUp(server);
      const saved = await put(client, profile());
      expect(saved.body.version).toBe(1);

      const first = await putLogo(client, await pngOf(200, 100));
      expect(first.body).toMatchObject({ company: 'Example Studio', version: 2 });
      const firstId = first.body.logoFileId as string;
      expect(await stored()).toContain(`${firstId}.png`);

      const filesBefore = await countRows(server, 'files');
      const second = await putLogo(client, await pngOf(100, 100), '../../second.png');
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ company: 'Example Studio', version: 3 });
      const secondId = second.body.logoFileId as string;
      expect(secondId).not.toBe(firstId);
      expect((await client.get(`/api/files/${firstId}`)).status).toBe(404);
      expect(await stored()).not.toContain(`${firstId}.png`);
      expect(await stored()).toContain(`${secondId}.png`);
      expect(await countRows(server, 'files')).toBe(filesBefore);

      const cleared = await client.request('/api/profile/logo', { method: 'DELETE' });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ logoFileId: null, version: 4, company: 'Example Studio' });
      expect((await client.get(`/api/files/${secondId}`)).status).toBe(404);
      expect(await stored()).not.toContain(`${secondId}.png`);
      expect(await countRows(server, 'files')).toBe(filesBefore - 1);

      const again = await client.request('/api/profile/logo', { method: 'DELETE' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(cleared.body);

      const { client: fresh } = await signUp(server, { name: 'No Profile' });
      const none = await fresh.request('/api/profile/logo', { method: 'DELETE' });
      expect(none.status).toBe(200);
      expect(none.body).toMatchObject({ displayName: 'No Profile', logoFileId: null, version: 0 });
    });

    it('deleting the logo file through /api/files clears the logo and moves the version on', async () => {
      const { client } = await signUp(server);
      const set = await putLogo(client, await pngOf(50, 50));
      expect(set.body.version).toBe(1);
      expect((await client.delete(`/api/files/${set.body.logoFileId}`)).status).toBe(204);
      expect((await client.get('/api/profile')).body).toMatchObject({ logoFileId: null, version: 2 });
    });

    it('a refused upload leaves the current logo and profile as they were', async () => {
      const { client } = await signUp(server);
      const set = await putLogo(client, await pngOf(50, 50));
      for (const bytes of [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), new Uint8Array(0)]) {
        const res = await putLogo(client, bytes, 'logo.png');
        expect(res.status).toBe(415);
      }
      const missing = await client.request('/api/profile/logo', {
        method: 'PUT',
        json: { logoFileId: set.body.logoFileId },
      });
      expect(missing.status).toBe(415);
      expect((await client.get('/api/profile')).body).toEqual(set.body);
      expect((await client.get(`/api/files/${set.body.logoFileId}`)).status).toBe(200);
    });

    it('A1: another user cannot read or delete my logo; their logo calls touch only their profile', async () => {
      const alice = await signUp(server);
      const bob = await signUp(server);
      const set = await putLogo(alice.client, await pngOf(50, 50));
      expect((await bob.client.get(`/api/files/${set.body.logoFileId}`)).status).toBe(404);
      expect((await bob.client.delete(`/api/files/${set.body.logoFileId}`)).status).toBe(404);
      expect((await bob.client.request('/api/profile/logo', { method: 'DELETE' })).body.logoFileId).toBeNull();
      expect((await alice.client.get('/api/profile')).body).toEqual(set.body);
      expect((await alice.client.get(`/api/files/${set.body.logoFileId}`)).status).toBe(200);
    });
  });
});
