import { randomBytes } from 'node:crypto';
import type { TDocument } from '@draftwell/shared/document';
import type { TProposalEvent } from '@draftwell/shared/share/share-api';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { setPlan } from './support/admin';
import { api, CLIENT, confirmedOwner, inDays, sellingDocument, type TProposal } from './support/proposals';

/**
 * Time per section (issue 16): the client reads the proposal, lingering on the fees table above
 * the first heading, on the timeline of "Scope of work" and longer on "Pricing", then leaves; the
 * page's beacon reports the seconds on each section; the owner, on a paid plan, sees which
 * sections were read and for how long, every block counted (issue 24: the fees table as an entry
 * of its own, the timeline in its section), whose visit it was, and the timeline says "read
 * Pricing for …".
 */

type TNode = Record<string, unknown>;
const text = (t: string): TNode => ({ type: 'text', text: t });
const LONG = 'Each week we review progress with you, agree the next steps and write down what changed. '.repeat(8);
/** A section taller than the window: its heading, then several long paragraphs. */
const section = (title: string): TNode[] => [
  { type: 'heading', attrs: { level: 1 }, content: [text(title)] },
  ...Array.from({ length: 5 }, () => ({ type: 'paragraph', content: [text(LONG)] })),
];

const MILESTONE = 'We agree the scope, then build, review and launch, with a call each week to check progress. ';

/**
 * The sample's fees table first, before any heading (an entry of its own, named by its title),
 * then three sections; the second, "Scope of work", takes in a timeline block after its text.
 */
function sectionedDocument(): TDocument {
  const sample = sellingDocument('.');
  const [intro, fees] = sample.blocks;
  return {
    ...sample,
    blocks: [
      fees!,
      {
        id: 'sections',
        type: 'rich_text',
        content: { type: 'doc', content: [...section('Introduction'), ...section('Scope of work')] },
      } as TDocument['blocks'][number],
      {
        id: 'plan',
        type: 'timeline',
        milestones: ['Discovery', 'Design', 'Build', 'Launch'].map((title, i) => ({
          id: `m${i}`,
          title,
          description: MILESTONE.repeat(6),
          when: { kind: 'duration', value: i + 1, unit: 'weeks' },
        })),
      },
      {
        id: 'pricing',
        type: 'rich_text',
        content: { type: 'doc', content: section('Pricing') },
      } as TDocument['blocks'][number],
      intro!,
    ],
  };
}

test('the owner sees which sections the client read and for how long', async ({
  page,
  baseURL,
  mail,
  newContext,
  signUpViaApi,
}) => {
  test.slow();
  const user = await confirmedOwner(page, mail, signUpViaApi);
  await setPlan(baseURL!, user.email, 'pro');
  const owner = api(page, baseURL!);
  const created = await owner.post<TProposal>('/api/proposals', { title: `Reading ${randomBytes(3).toString('hex')}` });
  const ready = await owner.patch<TProposal>(`/api/proposals/${created.id}`, {
    version: created.version,
    client: CLIENT,
    validUntil: inDays(14),
    document: sectionedDocument(),
  });
  await owner.post(`/api/proposals/${created.id}/send`, { version: ready.version, message: '' });
  const { url } = await owner.get<{ url: string }>(`/api/proposals/${created.id}/share-link`);

  // Before any visit, the card says what it will show.
  await page.goto(`/proposals/${created.id}`);
  const card = page.getByRole('region', { name: 'Reading by section' });
  await expect(card).toContainText('Not opened yet.');

  // The client reads: the scope for a while, the pricing longer; then leaves (the beacon goes).
  const client = await (await newContext()).newPage();
  // The page samples the section being read once a second: a fake clock runs those seconds at
  // once, so the test waits for no real time.
  await client.clock.install();
  await client.goto(url);
  const headingOf = (name: string) => client.getByRole('heading', { level: 2, name, exact: true });
  await expect(headingOf('Introduction')).toBeVisible();
  // The heading is in the server's HTML before the page's code runs: reading starts once the page
  // has hydrated, recorded the visit and loaded its section timer (the last script it fetches),
  // and nothing has been fetched since.
  await client.waitForLoadState('networkidle');
  await expect
    .poll(async () => {
      const events = await owner.get<{ items: TProposalEvent[] }>(`/api/proposals/${created.id}/events`);
      return events.items.some((e) => e.type === 'opened');
    })
    .toBe(true);
  const readFor = async (target: ReturnType<typeof headingOf>, ms: number) => {
    await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await client.clock.runFor(ms);
  };
  // The fees table, above every heading; then the timeline, below the text of "Scope of work".
  await readFor(headingOf('Fees'), 1500);
  await readFor(client.getByRole('heading', { level: 3, name: 'Design', exact: true }), 2500);
  await readFor(headingOf('Pricing'), 4500);
  await client.goto('about:blank');

  // The beacon is in once the visit's event has its sections.
  await expect
    .poll(
      async () => {
        const events = await owner.get<{ items: TProposalEvent[] }>(`/api/proposals/${created.id}/events`);
        const opened = events.items.find((e) => e.type === 'opened');
        return Array.isArray(opened?.data.sections)
          ? (opened.data.sections as { title: string }[]).map((s) => s.title)
          : [];
      },
      { message: 'the sections of the visit, reported by the page as it was left' },
    )
    .toContain('Pricing');

  await page.reload();
  const rows = card.getByRole('list', { name: 'Time on each section' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toHaveText(/^Fees\d+ s$/);
  await expect(rows.nth(1)).toHaveText(/^IntroductionNot read$|^Introduction\d+ s$/);
  await expect(rows.nth(2)).toHaveText(/^Scope of work\d+ s$/);
  await expect(rows.nth(3)).toHaveText(/^Pricing\d+ s$/);
  const seconds = async (i: number) => Number(/(\d+) s$/.exec((await rows.nth(i).textContent()) ?? '')?.[1] ?? 0);
  // The timeline's seconds went to its section, not to the heading read before it.
  expect(await seconds(2)).toBeGreaterThanOrEqual(2);
  expect(await seconds(3)).toBeGreaterThan(await seconds(2));
  await expect(card).toContainText('Revision 1: 1 visit, by Dana Reyes.');
  await expect(page.getByRole('region', { name: 'Activity', exact: true })).toContainText(/read Pricing for \d+ s/);
  await expectNoAxeViolations(page, 'the proposal with its reading by section');
});
