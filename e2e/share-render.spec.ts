import { randomBytes } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, newUser, test } from './fixtures';
import { api, CLIENT, inDays, sellingDocument, type TProposal } from './support/proposals';

/**
 * The client's page rendered on the server and hydrated in the browser (decision 0020, QUALITY
 * P9), against the real build: the server's HTML holds the proposal (or why the link does not
 * open) and the data beside it; with the page's code held back, the page is there to read, its
 * controls waiting; once the code runs, React hydrates those very elements without a mismatch
 * (no console error, no uncaught error) and asks nothing more of the API than to record the
 * visit. In every state a signer can find the page in.
 */

type TSignerSpec = { name: string; email: string; role: string };
type TSigningState = { signers: Array<{ email: string; url: string | null }> };

const SEED = '<script type="application/json" id="share-seed">';
const address = (who: string) => `${who}-${randomBytes(4).toString('hex')}@render.e2e.draftwell.test`;
const pathOf = (url: string) => new URL(url, 'http://localhost').pathname;
const tokenOf = (url: string) => pathOf(url).split('/').pop()!;

/** Signs through the API, as a signer's browser would, on the revision the link shows. */
async function signViaApi(request: APIRequestContext, origin: string, link: string, who: TSignerSpec) {
  const token = tokenOf(link);
  const page = await request.get(`/api/share/${token}`);
  expect(page.status()).toBe(200);
  const { revision } = (await page.json()) as { revision: { hash: string } };
  const signed = await request.post(`/api/share/${token}/accept`, {
    headers: { origin, 'content-type': 'application/json' },
    data: { name: who.name, email: who.email, consent: true, revisionHash: revision.hash, selection: {} },
  });
  expect(signed.status(), await signed.text()).toBeLessThan(300);
}

/**
 * Opens `path` with the page's code held back: the server's page alone, then the code let through.
 * Returns once hydrated, with what the browser reported meanwhile and the API requests it made.
 */
async function openAndHydrate(page: Page, path: string, firstHeading: RegExp) {
  const reported: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') reported.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => reported.push(`uncaught: ${error.message}`));
  const apiRequests: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(`${req.method()} ${url.pathname}`);
  });

  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/share-boot-*.js', async (route) => {
    await released;
    await route.continue();
  });

  const response = await page.goto(path);
  expect(response!.status()).toBe(200);
  // The server's page, before any of the page's code has run: readable, its controls held back.
  const heading = page.getByRole('heading', { name: firstHeading }).first();
  await expect(heading).toBeVisible();
  await expect(page.locator('main fieldset')).toHaveAttribute('disabled');
  await page.evaluate(() => {
    (window as unknown as { serverRoot: Element | null }).serverRoot = document.querySelector('#root > *');
    (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('h1, h2');
  });

  release();
  await expect(page.locator('main fieldset')).not.toHaveAttribute('disabled');
  await expect(page.getByRole('button', { name: /Switch to the (dark|light) theme/ })).not.toHaveAttribute(
    'aria-disabled',
  );
  // Hydrated in place: the very elements the server sent.
  expect(
    await page.evaluate(() => {
      const kept = window as unknown as { serverRoot: Element | null; serverHeading: Element | null };
      return (
        kept.serverRoot !== null &&
        kept.serverRoot === document.querySelector('#root > *') &&
        kept.serverHeading === document.querySelector('h1, h2')
      );
    }),
  ).toBe(true);
  await page.waitForLoadState('networkidle');
  return { reported, apiRequests };
}

test.describe('the client’s page, rendered on the server', () => {
  let ownerContext: BrowserContext;
  let origin: string;

  test.beforeEach(async ({ newContext, signUpViaApi, mail, baseURL }) => {
    ownerContext = await newContext();
    origin = new URL(baseURL!).origin;
    const owner = await signUpViaApi(ownerContext.request, newUser('owner'));
    const message = await mail.waitFor(owner.email, /^Confirm your email for Draftwell$/);
    expect((await ownerContext.request.get(mail.linkIn(message))).ok()).toBe(true);
  });

  async function sendTo(title: string, signers: TSignerSpec[], signing: Record<string, unknown> = {}) {
    const owner = api(ownerContext, origin);
    const created = await owner.post<TProposal>('/api/proposals', { title });
    const ready = await owner.patch<TProposal>(`/api/proposals/${created.id}`, {
      version: created.version,
      client: { ...CLIENT, name: signers[0]!.name, email: signers[0]!.email },
      validUntil: inDays(20),
      document: sellingDocument(', here is how we would rebuild your website.'),
    });
    await owner.post(`/api/proposals/${created.id}/send`, { version: ready.version, message: '', signers, signing });
    const state = await owner.get<TSigningState>(`/api/proposals/${created.id}/signers`);
    return { id: created.id, linkOf: (email: string) => state.signers.find((s) => s.email === email)!.url! };
  }

  test('P9: the HTML holds the proposal and its data; a link that does not open holds nothing of one', async ({
    request,
  }) => {
    const title = `Bakery website ${randomBytes(3).toString('hex')}`;
    const dana = { name: 'Dana Reyes', email: address('dana'), role: '' };
    const { linkOf } = await sendTo(title, [dana]);

    const res = await request.get(pathOf(linkOf(dana.email)));
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${title} — `);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(html).toContain(SEED);
    expect(html).toContain(`"title":"${title}"`);

    const unknown = await request.get(`/p/${randomBytes(32).toString('base64url')}`);
    expect(unknown.status()).toBe(200);
    const missing = await unknown.text();
    expect(missing).toContain('<title>Proposal unavailable</title>');
    expect(missing).toContain('This link does not exist');
    expect(missing).not.toContain('"proposal"');
    expect(missing).not.toContain(title);
  });

  test('P9: hydrates without a mismatch when signable, waiting for another signer, signed and waiting, accepted, declined, and for a link that does not exist', async ({
    newContext,
    request,
  }) => {
    test.setTimeout(120_000);
    const title = `Website redesign ${randomBytes(3).toString('hex')}`;
    const ann = { name: 'Ann First', email: address('ann'), role: 'CEO' };
    const ben = { name: 'Ben Second', email: address('ben'), role: 'CFO' };
    const { linkOf } = await sendTo(title, [ann, ben], { order: 'sequential' });
    const single = { name: 'Dana Reyes', email: address('dana'), role: '' };
    const declined = await sendTo(`${title} (declined)`, [single]);

    const visit = async (link: string, heading: RegExp) => {
      const page = await (await newContext()).newPage();
      const token = tokenOf(link);
      const { reported, apiRequests } = await openAndHydrate(page, pathOf(link), heading);
      expect(reported, `what the browser reported on ${heading}`).toEqual([]);
      // Its data came with the page: the browser only records the visit (not for a link that does not open).
      expect(apiRequests.filter((r) => r.startsWith('GET'))).toEqual([]);
      expect(apiRequests.every((r) => r === `POST /api/share/${token}/views`)).toBe(true);
      return page;
    };

    // Open, Ann's turn: she can sign.
    const annPage = await visit(linkOf(ann.email), /^Valid until /);
    await expect(annPage.getByRole('link', { name: 'Review and sign' })).toBeVisible();

    // Ben's turn has not come.
    await visit(linkOf(ben.email), /^Waiting for Ann First to sign first$/);

    // Ann signed; Ben still to.
    await signViaApi(request, origin, linkOf(ann.email), ann);
    const signedPage = await visit(linkOf(ann.email), /^You signed on /);
    await expect(signedPage.getByText('Waiting for: Ben Second.', { exact: false })).toBeVisible();

    // Ben signs: accepted, with the certificate.
    await signViaApi(request, origin, linkOf(ben.email), ben);
    const accepted = await visit(linkOf(ben.email), /^Accepted by Ann First and Ben Second on /);
    await expect(
      accepted.getByRole('heading', { name: 'Accepted by Ann First and Ben Second', level: 2, exact: true }),
    ).toBeVisible();

    // Declined.
    const decline = await request.post(`/api/share/${tokenOf(declined.linkOf(single.email))}/decline`, {
      headers: { origin, 'content-type': 'application/json' },
      data: { reason: 'Over our budget.' },
    });
    expect(decline.status()).toBe(204);
    await visit(declined.linkOf(single.email), /^Declined on /);

    // No such link.
    await visit(`/p/${randomBytes(32).toString('base64url')}`, /^This link does not exist$/);
  });
});
