import type { TDocument, TPricingTable } from '@draftwell/shared';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyDraft, send, sellingDocument, verifyEmail } from './proposal-fixtures';
import { backends, countRows, nextIp, signUp, startTestServer, type Client, type TTestServer } from './helpers';

/**
 * A quantity the client chooses within the sender's range: the client's page says when a number
 * is outside it, and the server, which decides, refuses one at acceptance with a 400 that names
 * the range, and records nothing.
 */

/** The sample proposal with a "Pages" line the client may take 4 to 12 of (6 by default, $100 each). */
function rangedDocument(): TDocument {
  const document = sellingDocument();
  const fees = document.blocks.find((b): b is TPricingTable => b.type === 'pricing_table')!;
  fees.lines.push({
    id: 'pages',
    description: 'Pages',
    quantity: 6000,
    unit: 'pages',
    unitPrice: 10_000,
    discountPercent: 0,
    taxPercent: 0,
    billing: 'one_off',
    optional: false,
    selected: true,
    quantityRange: { min: 4000, max: 12_000 },
  });
  return document;
}

describe.each(backends())('quantities chosen by the client (%s)', (backend) => {
  let server: TTestServer;
  let owner: Client;
  const visitor = () => server.client({ ip: nextIp() });

  beforeAll(async () => {
    server = await startTestServer({ backend, env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' } });
    const signed = await signUp(server, { name: 'Olivia Owner' });
    owner = signed.client;
    await verifyEmail(server, signed.user.id);
  });
  afterAll(() => server.close());

  async function sentToken(): Promise<{ proposal: TProposal; token: string; hash: string }> {
    const draft = await readyDraft(owner, { document: rangedDocument() });
    const sent = await send(owner, draft);
    expect(sent.status, sent.text).toBe(200);
    const link = await owner.get(`/api/proposals/${draft.id}/share-link`);
    const token = new URL(link.body.url as string).pathname.split('/').pop()!;
    const shared = (await visitor().get(`/api/share/${token}`)).body as TSharedProposal;
    return { proposal: sent.body as TProposal, token, hash: shared.revision.hash };
  }

  const answer = (hash: string, selection: unknown) => ({
    name: 'Dana Reyes',
    email: 'dana@example.com',
    consent: true,
    revisionHash: hash,
    selection,
  });

  it.each([
    ['above the range', 12_001, 'Choose a quantity from 4 to 12 for "Pages"; got 12.001.'],
    ['far above the range', 1_000_000, 'Choose a quantity from 4 to 12 for "Pages"; got 1000.'],
    ['below the range', 3000, 'Choose a quantity from 4 to 12 for "Pages"; got 3.'],
    ['of zero', 0, 'Choose a quantity from 4 to 12 for "Pages"; got 0.'],
  ])('refuses a quantity %s with a 400 naming the range, and records nothing', async (_label, quantity, message) => {
    const { proposal, token, hash } = await sentToken();
    const res = await visitor().post(`/api/share/${token}/accept`, answer(hash, { pages: { quantity } }));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid', message, fields: { selection: message } });
    expect(await countRows(server, `acceptances where proposal_id = '${proposal.id}'`)).toBe(0);
    expect((await owner.get(`/api/proposals/${proposal.id}`)).body.status).toBe('sent');
  });

  it.each([
    ['negative', -5000, "A quantity can't be negative."],
    ['not whole thousandths', 5000.5, 'Enter the quantity as a whole number of thousandths.'],
  ])('refuses a quantity that is %s with a 400 beside it, and records nothing', async (_label, quantity, message) => {
    const { proposal, token, hash } = await sentToken();
    const res = await visitor().post(`/api/share/${token}/accept`, answer(hash, { pages: { quantity } }));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.fields).toEqual({ 'selection.pages.quantity': message });
    expect(await countRows(server, `acceptances where proposal_id = '${proposal.id}'`)).toBe(0);
  });

  it('refuses a quantity on a line whose quantity is fixed', async () => {
    const { token, hash } = await sentToken();
    const res = await visitor().post(`/api/share/${token}/accept`, answer(hash, { build: { quantity: 2000 } }));
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.message).toBe('The quantity of "Website build" is fixed at 1.');
  });

  it.each([4000, 12_000, 9000])('accepts %s thousandths, in the range, and prices it', async (quantity) => {
    const { token, hash } = await sentToken();
    const res = await visitor().post(`/api/share/${token}/accept`, answer(hash, { pages: { quantity } }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.selection).toEqual({ pages: { quantity } });
    expect(res.body.totals.one_off.total).toBe(150_000 + (quantity / 1000) * 10_000);
  });
});
