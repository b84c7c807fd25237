import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDocument } from '@draftwell/shared';
import { MAX_SECTIONS } from '@draftwell/shared/document/sections';
import type { TProposalEvent } from '@draftwell/shared/share/share-api';
import { readyDraft, send, sellingDocument, verifyEmail } from './proposal-fixtures';
import {
  backends,
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
 * Time per section (issue 16, analytics per section): the client's page reports seconds by
 * section index with its view beacons; the server names the sections from the revision the visit
 * opened, keeps the largest figure of each, never more than the time on the page, and the paid
 * plans' owners see them in the events. Owner visits have no view to report to.
 */

type TNode = Record<string, unknown>;
const heading = (...content: TNode[]): TNode => ({ type: 'heading', attrs: { level: 2 }, content });
const text = (t: string): TNode => ({ type: 'text', text: t });

/** The sample proposal with three sections before its fees: For <client company>, Scope, Pricing. */
function sectionedDocument(): TDocument {
  const sample = sellingDocument();
  return {
    ...sample,
    blocks: [
      {
        id: 'sections',
        type: 'rich_text',
        content: {
          type: 'doc',
          content: [
            heading(text('For '), { type: 'variable', attrs: { name: 'client.company' } }),
            { type: 'paragraph', content: [text('We build websites.')] },
            heading(text('Scope')),
            heading(text('Pricing')),
          ],
        },
      } as TDocument['blocks'][number],
      ...sample.blocks,
    ],
  };
}

describe.each(backends())('time per section (%s)', (backend: TBackend) => {
  let server: TTestServer;
  let mail: TMailSink;
  let owner: Client;
  let ownerId: string;

  beforeAll(async () => {
    mail = await startMailSink();
    server = await startTestServer({ backend, mail, env: { TRUST_PROXY: 'true', DEFAULT_PLAN: 'pro' } });
    const a = await signUp(server, { name: 'Olivia Owner' });
    owner = a.client;
    ownerId = a.user.id;
    await verifyEmail(server, ownerId);
  });
  afterAll(async () => {
    await server.close();
    await mail.close();
  });

  async function sentWithSections(who: Client = owner) {
    const draft = await readyDraft(who, { document: sectionedDocument() });
    const res = await send(who, draft);
    expect(res.status, res.text).toBe(200);
    const link = await who.get(`/api/proposals/${draft.id}/share-link`);
    return { id: draft.id, token: new URL(link.body.url as string).pathname.split('/').pop()! };
  }

  const openedEvents = async (who: Client, id: string) =>
    ((await who.get(`/api/proposals/${id}/events`)).body.items as TProposalEvent[]).filter((e) => e.type === 'opened');

  it('names the revision’s sections, keeps the largest figure of each, never more than the page', async () => {
    const { id, token } = await sentWithSections();
    const guest = server.client({ ip: nextIp() });
    const view = await guest.post(`/api/share/${token}/views`);
    expect(view.status).toBe(201);
    const beacon = (body: unknown) => guest.post(`/api/share/${token}/views/${view.body.viewId}`, body);

    expect((await beacon({ seconds: 30, sections: [5, 0, 20] })).status).toBe(204);
    // Later and out of order: smaller figures change nothing, larger ones grow; more than the page is cut.
    expect((await beacon({ seconds: 40, sections: [3, 12, 90] })).status).toBe(204);
    // A report without sections keeps them.
    expect((await beacon({ seconds: 41 })).status).toBe(204);
    // Indexes past the revision's sections are dropped.
    expect((await beacon({ seconds: 41, sections: [0, 0, 0, 7, 7] })).status).toBe(204);

    const [opened] = await openedEvents(owner, id);
    // The visit's other data (the signer who opened it) is not this test's.
    expect(opened!.data).toMatchObject({
      seconds: 41,
      sections: [
        { index: 0, title: 'For Reyes & Co', seconds: 5 },
        { index: 1, title: 'Scope', seconds: 12 },
        { index: 2, title: 'Pricing', seconds: 40 },
      ],
    });
  });

  it('issue 24: every block counts: a table before the first heading is named by its title, a timeline is in its section', async () => {
    const sample = sellingDocument();
    const [intro, fees] = sample.blocks;
    const document: TDocument = {
      ...sample,
      blocks: [
        fees!,
        intro!,
        {
          id: 'scope',
          type: 'rich_text',
          content: { type: 'doc', content: [heading(text('Scope')), { type: 'paragraph', content: [text('…')] }] },
        } as TDocument['blocks'][number],
        { id: 'plan', type: 'timeline', milestones: [] },
        { id: 'sign', type: 'signature' },
      ],
    };
    const draft = await readyDraft(owner, { document });
    expect((await send(owner, draft)).status).toBe(200);
    const link = await owner.get(`/api/proposals/${draft.id}/share-link`);
    const token = new URL(link.body.url as string).pathname.split('/').pop()!;
    const guest = server.client({ ip: nextIp() });
    const view = await guest.post(`/api/share/${token}/views`);
    // Fees, the letter ("Opening"), then Scope with the timeline and the signatures in it.
    const beacon = await guest.post(`/api/share/${token}/views/${view.body.viewId}`, {
      seconds: 60,
      sections: [9, 4, 30],
    });
    expect(beacon.status).toBe(204);
    const [opened] = await openedEvents(owner, draft.id);
    expect(opened!.data.sections).toEqual([
      { index: 0, title: 'Fees', seconds: 9 },
      { index: 1, title: 'Opening', seconds: 4 },
      { index: 2, title: 'Scope', seconds: 30 },
    ]);
  });

  it('refuses what is not a list of whole seconds, or too long a list, with a message (400)', async () => {
    const { token } = await sentWithSections();
    const guest = server.client({ ip: nextIp() });
    const view = await guest.post(`/api/share/${token}/views`);
    const at = `/api/share/${token}/views/${view.body.viewId}`;
    for (const sections of [
      [1.5],
      [-1],
      ['3'],
      [86_401],
      'Pricing',
      Array.from({ length: MAX_SECTIONS + 1 }, () => 1),
    ]) {
      const res = await guest.post(at, { seconds: 10, sections });
      expect(res.status, JSON.stringify(sections)).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
    // A visit of another proposal is not reached through this link.
    const other = await sentWithSections();
    const otherView = await server.client({ ip: nextIp() }).post(`/api/share/${other.token}/views`);
    expect(
      (await guest.post(`/api/share/${token}/views/${otherView.body.viewId}`, { seconds: 9, sections: [9] })).status,
    ).toBe(204);
    const [untouched] = await openedEvents(owner, other.id);
    expect(untouched!.data).toMatchObject({ seconds: 0 });
    expect(untouched!.data.sections).toBeUndefined();
  });

  it('a free plan’s owner does not see the time per section', async () => {
    const free = await signUp(server, { name: 'Frank Free' });
    await verifyEmail(server, free.user.id);
    await server.deps.database.db.execute(
      sql`insert into subscriptions (user_id, plan, status, source) values (${free.user.id}, 'free', 'active', 'admin')`,
    );
    const { id, token } = await sentWithSections(free.client);
    const guest = server.client({ ip: nextIp() });
    const view = await guest.post(`/api/share/${token}/views`);
    expect(
      (await guest.post(`/api/share/${token}/views/${view.body.viewId}`, { seconds: 20, sections: [10] })).status,
    ).toBe(204);
    const [opened] = await openedEvents(free.client, id);
    // Whose visit it was, and nothing of how long (issue 24).
    expect(Object.keys(opened!.data).sort()).toEqual(['name', 'signerId']);
    // It is kept, and shown once they upgrade.
    await server.deps.database.db.execute(sql`update subscriptions set plan = 'pro' where user_id = ${free.user.id}`);
    const [upgraded] = await openedEvents(free.client, id);
    expect(upgraded!.data).toMatchObject({ sections: [{ index: 0, title: 'For Reyes & Co', seconds: 10 }] });
  });
});
