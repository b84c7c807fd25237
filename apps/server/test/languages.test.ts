import { LANGUAGE_LIST, LANGUAGE_TAGS } from '@draftwell/shared/i18n/languages';
import type { TRevision } from '@draftwell/shared/share/revision';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyDraft, send } from './proposal-fixtures';
import { makeKey, shareOf, verifiedOwner, withKey, type TOwner } from './public-api-support';
import { backends, startTestServer, type Client, type TTestServer } from './helpers';

/**
 * A language per proposal (issue 25, part 2): a BCP 47 tag of the supported list on proposals and
 * clients, in the app's API and in /api/v1. A new proposal takes the one asked for, else its saved
 * client's, else the business profile's default; a sent revision records it.
 */

const REFUSED = `Choose one of the supported languages: ${LANGUAGE_LIST}.`;

/** Tags that are not on the list, as they can come: unknown, a region we do not have, another case, not a string. */
const UNSUPPORTED: unknown[] = [
  'xx',
  'pt',
  'zh-TW',
  'EN',
  'pt-br',
  '',
  ' de',
  'de-DE',
  42,
  null,
  ['de'],
  { tag: 'de' },
];

const put = (client: Client, json: unknown) => client.request('/api/profile', { method: 'PUT', json });

describe.each(backends())('languages on proposals and clients (%s)', (backend) => {
  let server: TTestServer;
  let owner: TOwner;
  beforeAll(async () => {
    server = await startTestServer({ backend });
    owner = await verifiedOwner(server, 'Lena Polyglot');
  });
  afterAll(() => server.close());

  const create = async (body: Record<string, unknown>) => {
    const res = await owner.client.post('/api/proposals', body);
    expect(res.status, res.text).toBe(201);
    return res.body as TProposal;
  };

  it('a new proposal is asked for, else its client’s, else the profile’s default; English before any is set', async () => {
    expect((await create({})).language).toBe('en');
    expect((await owner.client.get('/api/profile')).body.defaultLanguage).toBe('en');

    const profile = await put(owner.client, {
      displayName: 'Lena Polyglot',
      company: '',
      jobTitle: '',
      phone: '',
      website: '',
      address: '',
      brandColor: '#4338ca',
      defaultCurrency: 'EUR',
      defaultTaxRate: 0,
      defaultValidityDays: 30,
      emailSignature: '',
      defaultLanguage: 'de',
      version: 0,
    });
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body.defaultLanguage).toBe('de');
    expect((await create({})).language).toBe('de');

    const reader = await owner.client.post('/api/clients', { name: 'Yuki Tanaka', language: 'ja' });
    expect(reader.status, reader.text).toBe(201);
    expect(reader.body.language).toBe('ja');
    const silent = await owner.client.post('/api/clients', { name: 'No Language' });
    expect(silent.body.language).toBeNull();

    expect((await create({ clientId: reader.body.id })).language).toBe('ja');
    expect((await create({ clientId: silent.body.id })).language).toBe('de');
    expect((await create({ clientId: reader.body.id, language: 'ar' })).language).toBe('ar');

    // A profile saved without the field keeps the language chosen before.
    const { logoFileId: _logo, updatedAt: _at, defaultLanguage: _language, ...stored } = profile.body;
    const kept = await put(owner.client, { ...stored, locale: 'en-GB' });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.defaultLanguage).toBe('de');
  });

  it('every supported tag is taken and read back, on a proposal and on a client', async () => {
    const draft = await create({});
    let version = draft.version;
    for (const tag of LANGUAGE_TAGS) {
      const res = await owner.client.patch(`/api/proposals/${draft.id}`, { version, language: tag });
      expect(res.status, res.text).toBe(200);
      expect(res.body.language).toBe(tag);
      version = res.body.version;
    }
    expect((await owner.client.get(`/api/proposals/${draft.id}`)).body.language).toBe(LANGUAGE_TAGS.at(-1));

    const client = await owner.client.post('/api/clients', { name: 'Omar Haddad', language: 'ar' });
    const cleared = await owner.client.patch(`/api/clients/${client.body.id}`, { language: null, version: 1 });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.language).toBeNull();
    const set = await owner.client.patch(`/api/clients/${client.body.id}`, { language: 'he', version: 2 });
    expect(set.body.language).toBe('he');
  });

  it('an unsupported tag is a 400 that lists the supported ones, and nothing is written', async () => {
    const draft = await create({ language: 'fr' });
    const client = await owner.client.post('/api/clients', { name: 'Camille Martin', language: 'fr' });
    for (const language of UNSUPPORTED) {
      const made = await owner.client.post('/api/proposals', { language });
      expect(made.status, `${JSON.stringify(language)}: ${made.text}`).toBe(400);
      expect(made.body.error.fields).toEqual({ language: REFUSED });

      const patched = await owner.client.patch(`/api/proposals/${draft.id}`, { version: draft.version, language });
      expect(patched.status, patched.text).toBe(400);
      expect(patched.body.error.fields).toEqual({ language: REFUSED });

      if (language !== null) {
        const clientPatch = await owner.client.patch(`/api/clients/${client.body.id}`, { language, version: 1 });
        expect(clientPatch.status, clientPatch.text).toBe(400);
        expect(clientPatch.body.error.fields).toEqual({ language: REFUSED });
      }
      const profile = await put(owner.client, { defaultLanguage: language });
      expect(profile.status).toBe(400);
    }
    const after = await owner.client.get(`/api/proposals/${draft.id}`);
    expect(after.body).toMatchObject({ language: 'fr', version: draft.version });
    expect((await owner.client.get(`/api/clients/${client.body.id}`)).body).toMatchObject({
      language: 'fr',
      version: 1,
    });
  });

  it('a sent revision records its language; changing it afterwards changes only the next revision', async () => {
    const draft = await readyDraft(owner.client, { language: 'ko' });
    const sent = await send(owner.client, draft);
    expect(sent.status, sent.text).toBe(200);
    const { shared } = await shareOf(server, owner.client, draft.id);
    expect(shared.snapshot.language).toBe('ko');

    const changed = await owner.client.patch(`/api/proposals/${draft.id}`, {
      version: (sent.body as TProposal).version,
      language: 'hi',
    });
    expect(changed.status, changed.text).toBe(200);
    const first = await owner.client.get(`/api/proposals/${draft.id}/revisions/1`);
    expect(first.status, first.text).toBe(200);
    expect((first.body as TRevision).snapshot.language).toBe('ko');
    expect((await shareOf(server, owner.client, draft.id)).shared.snapshot.language).toBe('ko');
  });

  it('/api/v1 creates, reads and updates a proposal’s language, and refuses an unsupported one with the list', async () => {
    const { key } = await makeKey(owner.client, ['proposals:read', 'proposals:write', 'clients:read', 'clients:write']);
    const client = await withKey(server, key, '/api/v1/clients', {
      method: 'POST',
      json: { name: 'Su-bin Park', language: 'ko' },
    });
    expect(client.status, client.text).toBe(201);
    expect(client.body.language).toBe('ko');

    const fromClient = await withKey(server, key, '/api/v1/proposals', {
      method: 'POST',
      json: { clientId: client.body.id },
    });
    expect(fromClient.status, fromClient.text).toBe(201);
    expect(fromClient.body.language).toBe('ko');

    const asked = await withKey(server, key, '/api/v1/proposals', { method: 'POST', json: { language: 'zh-CN' } });
    expect(asked.body.language).toBe('zh-CN');
    const read = await withKey(server, key, `/api/v1/proposals/${asked.body.id}`);
    expect(read.body.language).toBe('zh-CN');
    const listed = await withKey(server, key, '/api/v1/proposals?limit=100');
    expect((listed.body.items as TProposal[]).find((p) => p.id === asked.body.id)?.language).toBe('zh-CN');

    const updated = await withKey(server, key, `/api/v1/proposals/${asked.body.id}`, {
      method: 'PATCH',
      json: { version: asked.body.version, language: 'tr' },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.language).toBe('tr');

    const refused = await withKey(server, key, '/api/v1/proposals', { method: 'POST', json: { language: 'klingon' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ language: REFUSED });
  });
});
