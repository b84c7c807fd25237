import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { hasLoneSurrogate } from '@draftwell/shared/text';
import { readyDraft, send, verifyEmail } from './proposal-fixtures';
import {
  backends,
  countRows,
  nextIp,
  signUp,
  startTestServer,
  type Client,
  type TBackend,
  type TResult,
  type TTestServer,
} from './helpers';

/**
 * QUALITY A23: text that splits a character, numbers past a column's range and impossible dates
 * are refused with a 400 and a message wherever they come, and nothing is written.
 */

const INT4_MAX = 2_147_483_647;
const EMOJI = '\u{1F600}';
/** Half a character each: high alone, low alone, low before high, high at the very end. */
const LONE_SURROGATES = ['\uD83D', '\uDE00', 'a\uDE00\uD83Db', `Price ${EMOJI.slice(0, 1)}`];

const cursorOf = (k: string, id = '00000000-0000-4000-8000-000000000000') =>
  Buffer.from(JSON.stringify({ k, id })).toString('base64url');

function expect400(res: TResult, what: string, field?: string) {
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBe(400);
  expect(res.body.error.message, what).toBeTruthy();
  if (field) expect(Object.keys(res.body.error.fields ?? {}), `${what}: ${res.text.slice(0, 300)}`).toContain(field);
}

describe.each(backends())('A23 broken text, numbers past a column, impossible dates (%s)', (backend: TBackend) => {
  let server: TTestServer;
  let owner: Client;
  let ownerId: string;
  let other: Client;

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' } });
    const a = await signUp(server, { name: 'Olivia Owner' });
    owner = a.client;
    ownerId = a.user.id;
    await verifyEmail(server, ownerId);
    other = (await signUp(server, { name: 'Mallory Other' })).client;
  });
  afterAll(() => server.close());

  async function sentProposal() {
    const draft = await readyDraft(owner);
    const res = await send(owner, draft);
    expect(res.status, res.text).toBe(200);
    const link = await owner.get(`/api/proposals/${draft.id}/share-link`);
    return { proposal: res.body as TProposal, token: new URL(link.body.url as string).pathname.split('/').pop()! };
  }

  it('a comment whose 140th character is an emoji is kept whole, and its event excerpt cut between characters', async () => {
    const { proposal, token } = await sentProposal();
    for (const emoji of [EMOJI, '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}', '\u{1F1EB}\u{1F1F7}']) {
      const body = `${'x'.repeat(139)}${emoji} and the rest of the comment.`;
      const fromOwner = await owner.post(`/api/proposals/${proposal.id}/comments`, { body });
      expect(fromOwner.status, fromOwner.text).toBe(201);
      expect(fromOwner.body.body).toBe(body);
      const fromClient = await server
        .client({ ip: nextIp() })
        .post(`/api/share/${token}/comments`, { name: 'Dana Reyes', body });
      expect(fromClient.status, fromClient.text).toBe(201);
    }
    const events = (await owner.get(`/api/proposals/${proposal.id}/events`)).body.items as Array<{
      type: string;
      data: { excerpt?: string };
    }>;
    const excerpts = events.filter((e) => e.type === 'commented').map((e) => e.data.excerpt!);
    expect(excerpts).toHaveLength(6);
    for (const excerpt of excerpts) {
      expect(excerpt).toBe('x'.repeat(139));
      expect(hasLoneSurrogate(excerpt)).toBe(false);
    }
  });

  it('lone surrogates in any JSON body are a 400 naming the field, and nothing is written', async () => {
    const { proposal, token } = await sentProposal();
    const draft = (await owner.post('/api/proposals', { title: 'Untouched' })).body as TProposal;
    const client = (await owner.post('/api/clients', { name: 'Ada' })).body as { id: string };
    const before = {
      proposals: await countRows(server, 'proposals'),
      clients: await countRows(server, 'clients'),
      savedItems: await countRows(server, 'saved_items'),
      templates: await countRows(server, 'templates'),
      comments: await countRows(server, 'proposal_comments'),
      contact: await countRows(server, 'contact_messages'),
      users: await countRows(server, 'users'),
    };
    for (const bad of LONE_SURROGATES) {
      const what = JSON.stringify(bad);
      expect400(await owner.post('/api/proposals', { title: bad }), `create ${what}`, 'title');
      expect400(await owner.patch(`/api/proposals/${draft.id}`, { version: 1, title: bad }), `patch ${what}`, 'title');
      expect400(
        await owner.patch(`/api/proposals/${draft.id}`, {
          version: 1,
          document: {
            version: 1,
            blocks: [
              {
                id: 'a',
                type: 'rich_text',
                content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: bad }] }] },
              },
            ],
          },
        }),
        `document ${what}`,
      );
      expect400(await owner.post('/api/clients', { name: bad }), `client ${what}`, 'name');
      expect400(await owner.patch(`/api/clients/${client.id}`, { version: 1, company: bad }), `client patch ${what}`);
      expect400(
        await owner.post('/api/saved-items', { description: bad, unitPrice: 1, currency: 'EUR' }),
        `saved item ${what}`,
        'description',
      );
      expect400(
        await owner.post('/api/templates', { name: bad, document: { version: 1, blocks: [] } }),
        `template ${what}`,
        'name',
      );
      expect400(await owner.post(`/api/proposals/${proposal.id}/comments`, { body: bad }), `reply ${what}`, 'body');
      expect400(
        await server.client({ ip: nextIp() }).post(`/api/share/${token}/comments`, { name: 'Dana Reyes', body: bad }),
        `client comment ${what}`,
        'body',
      );
      expect400(
        await server
          .client({ ip: nextIp() })
          .post('/api/contact', { name: 'Ada', email: 'ada@example.com', message: `Hello there ${bad}` }),
        `contact ${what}`,
        'message',
      );
      expect400(
        await server.client({ ip: nextIp() }).post('/api/auth/sign-up/email', {
          name: bad,
          email: 'surrogate@example.com',
          password: 'velvet-otter-harbour-19',
        }),
        `sign-up ${what}`,
        'name',
      );
      // In a key as much as in a value.
      const keyed = await owner.request('/api/proposals', {
        method: 'POST',
        body: `{"title":"Fine","${bad.replace(/[\uD800-\uDFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}":1}`,
        headers: { 'content-type': 'application/json' },
      });
      expect400(keyed, `key ${what}`);
    }
    expect({
      proposals: await countRows(server, 'proposals'),
      clients: await countRows(server, 'clients'),
      savedItems: await countRows(server, 'saved_items'),
      templates: await countRows(server, 'templates'),
      comments: await countRows(server, 'proposal_comments'),
      contact: await countRows(server, 'contact_messages'),
      users: await countRows(server, 'users'),
    }).toEqual(before);
    expect((await owner.get(`/api/proposals/${draft.id}`)).body).toMatchObject({ title: 'Untouched', version: 1 });
  });

  it('a lone surrogate in a page cursor is a 400', async () => {
    for (const path of ['/api/proposals', '/api/templates', '/api/clients', '/api/saved-items']) {
      expect400(await owner.get(`${path}?cursor=${cursorOf('\uD83D')}`), path, 'cursor');
    }
  });

  it('every version field takes the same range: past 32 bits, negative or fractional is a 400', async () => {
    const draft = (await owner.post('/api/proposals', { title: 'Versions' })).body as TProposal;
    const client = (await owner.post('/api/clients', { name: 'Ada' })).body as { id: string };
    const item = (await owner.post('/api/saved-items', { description: 'Day', unitPrice: 1, currency: 'EUR' })).body as {
      id: string;
    };
    const template = (await owner.post('/api/templates', { name: 'Mine', document: { version: 1, blocks: [] } }))
      .body as { id: string };
    const profile = (await owner.get('/api/profile')).body as Record<string, unknown>;
    const { logoFileId: _logo, updatedAt: _updated, ...profileInput } = profile;
    const sendable = await readyDraft(owner);
    const writes: Array<[string, (version: number) => Promise<TResult>]> = [
      ['proposal', (version) => owner.patch(`/api/proposals/${draft.id}`, { version, title: 'x' })],
      ['send', (version) => owner.post(`/api/proposals/${sendable.id}/send`, { version, message: '' })],
      ['client', (version) => owner.patch(`/api/clients/${client.id}`, { version, name: 'x' })],
      ['saved item', (version) => owner.patch(`/api/saved-items/${item.id}`, { version, unitPrice: 2 })],
      ['template', (version) => owner.patch(`/api/templates/${template.id}`, { version, name: 'x' })],
      ['profile', (version) => owner.request('/api/profile', { method: 'PUT', json: { ...profileInput, version } })],
    ];
    for (const [what, write] of writes) {
      for (const version of [INT4_MAX + 1, 2 ** 53, -1, 1.5]) {
        expect400(await write(version), `${what} version ${version}`, 'version');
      }
      // The largest version a column holds is a conflict (409), not an error.
      expect((await write(INT4_MAX)).status, `${what} version ${INT4_MAX}`).toBe(409);
    }
  });

  it('a keyset cursor with a date PostgreSQL cannot hold is a 400', async () => {
    for (const path of ['/api/proposals', '/api/templates']) {
      for (const k of ['0000-01-01T00:00:00.000000Z', '0000-12-31T23:59:59.999999Z', '2026-02-30T00:00:00.000000Z']) {
        expect400(await owner.get(`${path}?cursor=${cursorOf(k)}`), `${path} ${k}`, 'cursor');
      }
      // The earliest and latest dates it can hold are pages (empty ones), not errors.
      for (const k of ['0001-01-01T00:00:00.000000Z', '9999-12-31T23:59:59.999999Z']) {
        const res = await owner.get(`${path}?cursor=${cursorOf(k)}`);
        expect(res.status, `${path} ${k}: ${res.text}`).toBe(200);
      }
    }
  });

  it('an impossible date in a body is a 400', async () => {
    const draft = (await owner.post('/api/proposals', { title: 'Dates' })).body as TProposal;
    for (const validUntil of ['0000-01-01', '2026-02-30', '2026-13-01']) {
      expect400(
        await owner.patch(`/api/proposals/${draft.id}`, { version: 1, validUntil }),
        `patch ${validUntil}`,
        'validUntil',
      );
    }
    const { proposal } = await sentProposal();
    for (const validUntil of ['0000-01-01', '2026-02-30']) {
      expect400(
        await owner.post(`/api/proposals/${proposal.id}/extend`, { validUntil }),
        `extend ${validUntil}`,
        'validUntil',
      );
    }
  });

  it('a proposal takes only its owner’s client: an unknown or foreign clientId is a 404 and is not stored', async () => {
    const theirs = (await other.post('/api/clients', { name: 'Not yours', email: 'not-yours@example.com' })).body as {
      id: string;
    };
    const unknown = '00000000-0000-4000-8000-000000000000';
    const before = await countRows(server, 'proposals');
    for (const clientId of [theirs.id, unknown]) {
      const created = await owner.post('/api/proposals', { title: 'With a client', clientId });
      expect(created.status, created.text).toBe(404);
      expect(created.body.error.fields).toHaveProperty('clientId');
    }
    expect(await countRows(server, 'proposals')).toBe(before);

    const draft = (await owner.post('/api/proposals', { title: 'Keeps its client' })).body as TProposal;
    const details = { name: 'Typed', company: '', email: '', phone: '', address: '' };
    for (const clientId of [theirs.id, unknown]) {
      for (const patch of [{ clientId }, { clientId, client: details }]) {
        const res = await owner.patch(`/api/proposals/${draft.id}`, { version: 1, ...patch });
        expect(res.status, `${JSON.stringify(patch)}: ${res.text}`).toBe(404);
        expect(res.body.error.fields).toHaveProperty('clientId');
      }
    }
    const after = (await owner.get(`/api/proposals/${draft.id}`)).body as TProposal;
    expect(after).toMatchObject({ clientId: null, version: 1, client: { name: '' } });
  });

  it('update-user with a missing, null or invalid name is a 400 and the name stays', async () => {
    const { client } = await signUp(server, { name: 'Kept Name' });
    for (const name of [null, '', '   ', 42, ['x'], { a: 1 }, 'x'.repeat(101), '\uD83D']) {
      const res = await client.post('/api/auth/update-user', { name });
      expect400(res, `name ${JSON.stringify(name)}`, 'name');
    }
    expect((await client.session())!.user.name).toBe('Kept Name');
    const renamed = await client.post('/api/auth/update-user', { name: 'New Name' });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await client.session())!.user.name).toBe('New Name');
  });

  it('/api/verify refuses a JSON body past a small limit with 413 before reading it', async () => {
    const declared = 64 * 1024;
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(new URL('/api/verify', server.url), {
        method: 'POST',
        headers: {
          origin: server.env.baseUrl,
          'content-type': 'application/json',
          'content-length': String(declared),
          'x-forwarded-for': nextIp(),
        },
      });
      req.on('response', (r) => {
        let body = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (body += c));
        r.on('end', () => {
          req.destroy();
          resolve({ status: r.statusCode ?? 0, body });
        });
      });
      req.on('error', reject);
      // Only the start of the body: an answer can only come from the declared length.
      req.write('{"hash":"');
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.code).toBe('too_large');
    // A hash as it is really sent still gets its answer.
    const ok = await server.client({ ip: nextIp() }).post('/api/verify', { hash: 'a'.repeat(64) });
    expect(ok.status, ok.text).toBe(200);
  });
});
