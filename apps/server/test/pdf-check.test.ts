import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyDraft } from './proposal-fixtures';
import { backends, signUp, startTestServer, type Client, type TTestServer } from './helpers';

/**
 * Issue 25: no character is dropped from the PDF silently. Before sending, the owner's app asks
 * which characters of the proposal (title, client, text, and the sender's own details) no PDF font
 * can draw, and names them.
 */
describe.each(backends())('what the PDF cannot show (%s)', (backend) => {
  let server: TTestServer;
  let owner: Client;
  let stranger: Client;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    owner = (await signUp(server, { name: 'Olivia Owner' })).client;
    stranger = (await signUp(server, { name: 'Sam Stranger' })).client;
  });
  afterAll(() => server.close());

  const check = async (id: string, client = owner) => client.get(`/api/proposals/${id}/pdf-check`);

  it('nothing for text in the 12 scripts the PDF draws, emoji and accents included', async () => {
    const draft = await readyDraft(owner, {
      title: 'Łódź · Καλημέρα · Привет · שלום · مرحبا · नमस्ते · สวัสดี · 你好 · 報價 · こんにちは · 안녕 · 👍🏽 👩‍💻',
    });
    const res = await check(draft.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ unshown: [] });
  });

  it('names each character no font has, once, wherever it is: title, client, text', async () => {
    const draft = await readyDraft(owner, {
      title: 'தமிழ் proposal',
      client: { name: 'অমিত', company: 'Acme', email: 'amit@example.com', phone: '', address: '𓀀 Cairo' },
    });
    const res = await check(draft.id);
    expect(res.status, res.text).toBe(200);
    const unshown = res.body.unshown as { character: string; codePoint: string }[];
    expect(unshown.slice(0, 2)).toEqual([
      { character: 'த', codePoint: 'U+0BA4' },
      { character: 'ம', codePoint: 'U+0BAE' },
    ]);
    const characters = unshown.map((u) => u.character);
    expect(characters).toEqual(expect.arrayContaining(['অ', '𓀀']));
    expect(new Set(characters).size).toBe(characters.length);
    expect(characters).not.toContain(' ');
  });

  it('is the owner’s alone: another account gets a 404', async () => {
    const draft = await readyDraft(owner);
    const res = await check(draft.id, stranger);
    expect(res.status).toBe(404);
    expect((await check('not-a-proposal')).status).toBe(404);
  });
});
