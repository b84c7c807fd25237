import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, newUser, refusedRequest, test, type TUser } from './fixtures';
import { expectNothingWiderThanTheScreen } from './support/overflow';
import { inDays, sellingDocument, showSignForm } from './support/proposals';
import { sellingDocument as sampleDocument } from './support/selling-document';
import { choosePdfToVerify } from './support/verify-page';

/**
 * The client's page at /p/:token and the public /verify page, in a browser with none of the
 * owner's cookies: the owner's side is set up through the API (sign up, confirm the email from
 * the mail sink, a proposal with a client email, an optional line and a valid-until date, send,
 * read the link). QUALITY A3, A4, A6, A19; PRODUCT client view and verify.
 */

type TProposal = { id: string; version: number };

const DOCUMENT = sellingDocument(', here is how we would rebuild your website.');

/** The owner's side, through the API with the owner's own cookies. */
class Owner {
  constructor(
    private readonly request: APIRequestContext,
    private readonly origin: string,
  ) {}

  private async send<T>(method: 'post' | 'patch' | 'get', url: string, data?: unknown): Promise<T> {
    const res = await this.request[method](url, {
      headers: { origin: this.origin, 'content-type': 'application/json' },
      ...(data === undefined ? {} : { data }),
    });
    expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  /** A sent proposal and its client link's path. */
  async sentProposal(title = 'Website redesign'): Promise<{ id: string; path: string; token: string }> {
    const created = await this.send<TProposal>('post', '/api/proposals', { title });
    const ready = await this.send<TProposal>('patch', `/api/proposals/${created.id}`, {
      version: created.version,
      client: { name: 'Dana Reyes', company: 'Reyes & Co', email: 'dana@example.com', phone: '', address: '' },
      validUntil: inDays(20),
      document: DOCUMENT,
    });
    const sent = await this.send<TProposal>('post', `/api/proposals/${created.id}/send`, {
      version: ready.version,
      message: 'Here is our proposal.',
    });
    this.versions.set(created.id, sent.version);
    const link = await this.send<{ url: string }>('get', `/api/proposals/${created.id}/share-link`);
    const path = new URL(link.url).pathname;
    return { id: created.id, path, token: path.split('/').pop()! };
  }

  private readonly versions = new Map<string, number>();

  /** Edits the sent proposal (a new price, a new sentence) and sends it again: revision 2. */
  async sendRevision(id: string) {
    const document = sampleDocument({
      intro: ', here is how we would rebuild your website, in two languages.',
      price: 180_000,
    });
    const edited = await this.send<TProposal>('patch', `/api/proposals/${id}`, {
      version: this.versions.get(id),
      document,
    });
    await this.send('post', `/api/proposals/${id}/send`, { version: edited.version, message: 'Now in two languages.' });
  }

  /** Saves the business profile as it is with another date format. */
  async chooseLocale(locale: string) {
    const {
      logoFileId: _logo,
      updatedAt: _at,
      ...profile
    } = await this.send<Record<string, unknown>>('get', '/api/profile');
    await this.request.put('/api/profile', {
      headers: { origin: this.origin, 'content-type': 'application/json' },
      data: { ...profile, locale },
    });
  }

  proposal(id: string) {
    return this.send<{ validUntil: string }>('get', `/api/proposals/${id}`);
  }

  withdraw(id: string) {
    return this.send('post', `/api/proposals/${id}/withdraw`);
  }

  events(id: string) {
    return this.send<{ items: { type: string; actor: string }[] }>('get', `/api/proposals/${id}/events`);
  }
}

test.describe('the client page /p/:token', () => {
  let owner: Owner;
  let ownerUser: TUser;

  test.beforeEach(async ({ newContext, signUpViaApi, mail, baseURL }) => {
    const context = await newContext();
    ownerUser = await signUpViaApi(context.request, newUser('owner'));
    // Sending needs a confirmed email: follow the link the sign-up mailed.
    const message = await mail.waitFor(ownerUser.email, /^Confirm your email for Draftwell$/);
    const confirmed = await context.request.get(mail.linkIn(message));
    expect(confirmed.ok()).toBe(true);
    owner = new Owner(context.request, new URL(baseURL!).origin);
  });

  const accept = (page: Page) => page.getByRole('form', { name: 'Sign the proposal' });
  const oneOffTotal = (page: Page) =>
    page.getByRole('region', { name: 'Sign this proposal' }).locator('[data-billing="one_off"] dd');

  test('opens with private headers, totals follow the options, a comment, and acceptance with consent', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const { id, path } = await owner.sentProposal();

    const response = await page.goto(path);
    const headers = response!.headers();
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['x-robots-tag']).toContain('noindex');

    await expect(page.getByRole('heading', { level: 1, name: 'Website redesign' })).toBeVisible();
    await expect(page.getByText('Dear Dana Reyes, here is how we would rebuild your website.')).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Valid until / })).toBeVisible();
    // The sender's page, not Draftwell's marketing header.
    await expect(page.getByRole('link', { name: 'Draftwell home' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'client page, open');

    await showSignForm(page);
    await expect(oneOffTotal(page)).toHaveText('$1,500');
    await page.getByRole('checkbox', { name: 'SEO audit' }).check();
    await expect(oneOffTotal(page)).toHaveText('$1,900');
    await expect(page.getByRole('region', { name: 'Sign this proposal' })).toContainText('SEO audit');

    const comment = page.getByRole('form', { name: 'Add a comment' });
    await comment.getByLabel('Your name').fill('Dana Reyes');
    await comment.getByLabel('Comment').fill('Can we start in March?');
    await comment.getByRole('button', { name: 'Post comment' }).click();
    const thread = page.getByRole('list', { name: 'Comments' });
    await expect(thread).toContainText('Dana Reyes');
    await expect(thread).toContainText('Can we start in March?');

    // The name and the address the link was sent to come filled in; the address cannot be changed.
    await expect(accept(page).getByLabel('Full name')).toHaveValue('Dana Reyes');
    await expect(accept(page).getByLabel('Email')).toHaveValue('dana@example.com');
    await expect(accept(page).getByLabel('Email')).not.toBeEditable();
    // Consent is required: without the box ticked, nothing is accepted.
    await accept(page).getByRole('button', { name: 'Sign and accept' }).click();
    const consent = accept(page).getByRole('checkbox', { name: /I agree to the statement above/ });
    await expect(consent).toHaveAttribute('aria-invalid', 'true');
    await expect(accept(page)).toContainText('Tick the box to agree to the terms of the electronic signature.');
    await expect(page.getByRole('region', { name: /^Accepted by/ })).toHaveCount(0);

    await consent.check();
    await accept(page).getByRole('button', { name: 'Sign and accept' }).click();
    const certificate = page.getByRole('region', { name: 'Accepted by Dana Reyes', exact: true });
    await expect(certificate).toBeVisible();
    await expect(certificate.getByRole('heading', { name: 'Accepted by Dana Reyes', exact: true })).toBeFocused();
    await expect(certificate).toContainText('dana@example.com');
    await expect(certificate).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4} at \d\d:\d\d:\d\d UTC/);
    await expect(certificate).toContainText('Revision 1');
    await expect(certificate).toContainText(/[0-9a-f]{64}/);
    await expect(certificate).toContainText('SEO audit');
    await expect(certificate).toContainText('$1,900');
    await expect(certificate.getByRole('button', { name: 'Print' })).toBeVisible();
    const download = page.waitForEvent('download');
    await certificate.getByRole('link', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await expect(accept(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^Accepted by Dana Reyes on / })).toBeVisible();
    await expectNoAxeViolations(page, 'client page, accepted, light');
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoAxeViolations(page, 'client page, accepted, dark');

    // The owner sees a client's visit (this browser has none of the owner's cookies) and the answer.
    const events = (await owner.events(id)).items;
    expect(events.filter((e) => e.type === 'opened' && e.actor === 'client')).toHaveLength(1);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['commented', 'accepted']));
  });

  test('a declined proposal says so, with the reason', async ({ page }) => {
    const { path } = await owner.sentProposal();
    await page.goto(path);
    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline this proposal?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'client page, decline dialog');
    await dialog.getByLabel('Reason (optional)').fill('Over our budget this year.');
    await dialog.getByRole('button', { name: 'Decline proposal' }).click();
    await expect(dialog).toHaveCount(0);
    const banner = page.getByRole('region', { name: /^Declined on / });
    await expect(banner).toContainText('Over our budget this year.');
    await expect(banner.getByRole('heading')).toBeFocused();
    await expect(accept(page)).toHaveCount(0);
  });

  test('every date is written the sender’s way: the banner, the document, the comments and the certificate', async ({
    page,
  }) => {
    await owner.chooseLocale('en-GB');
    const { id, path } = await owner.sentProposal();
    const { validUntil } = await owner.proposal(id);
    const british = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
      Date.parse(`${validUntil}T00:00:00Z`),
    );
    await page.goto(path);
    await expect(page.getByRole('heading', { name: new RegExp(`^Valid until ${british}`) })).toBeVisible();
    await expect(page.locator('header dl')).toContainText(`Valid until${british}`);

    // The comment form loads as the reader comes near it.
    await page.getByRole('region', { name: 'Questions and comments' }).scrollIntoViewIfNeeded();
    const comment = page.getByRole('form', { name: 'Add a comment' });
    await comment.getByLabel('Your name').fill('Dana Reyes');
    await comment.getByLabel('Comment').fill('Looks good.');
    await comment.getByRole('button', { name: 'Post comment' }).click();
    await expect(page.getByRole('list', { name: 'Comments' }).locator('time')).toHaveText(
      /^\d{1,2} [A-Z][a-z]+ \d{4} at \d{1,2}:\d\d/,
    );

    await showSignForm(page);
    await accept(page)
      .getByRole('checkbox', { name: /I agree to the statement above/ })
      .check();
    await accept(page).getByRole('button', { name: 'Sign and accept' }).click();
    const certificate = page.getByRole('region', { name: 'Accepted by Dana Reyes', exact: true });
    // As the PDF writes it: "4 March 2027 at 14:22:05 UTC".
    await expect(certificate.locator('time').first()).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d:\d\d UTC$/);
    await expect(
      page.getByRole('heading', { name: /^Accepted by Dana Reyes on \d{1,2} [A-Z][a-z]+ \d{4}$/ }),
    ).toBeVisible();
  });

  test('a second revision: what changed, marked by more than colour', async ({ page }) => {
    const { id, path } = await owner.sentProposal();
    await owner.sendRevision(id);
    await page.goto(path);
    await expect(page.getByText(/This is revision 2, sent /)).toBeVisible();
    await page.getByRole('link', { name: 'See what changed' }).click();
    const changes = page.getByRole('list', { name: 'Changes' });
    await expect(changes).toContainText('Dear Dana Reyes, here is how we would rebuild your website');
    await expect(changes.locator('ins', { hasText: 'in two languages.' })).toBeVisible();
    await expect(changes.locator('del', { hasText: '$1,500' }).first()).toBeVisible();
    await expect(changes.locator('ins', { hasText: '$1,800' }).first()).toBeVisible();
    await expect(page.getByLabel('From revision', { exact: true })).toHaveValue('1');
    await expect(page.getByLabel('To revision', { exact: true })).toHaveValue('2');
    await expectNoAxeViolations(page, 'client page, two revisions, light');
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await expectNoAxeViolations(page, 'client page, two revisions, dark');
  });

  test('a withdrawn link answers 410 with a page that says who withdrew it and what to do', async ({
    page,
    consoleGuard,
  }) => {
    const { id, path, token } = await owner.sentProposal();
    await owner.withdraw(id);
    consoleGuard.allow(refusedRequest(`/api/share/${token}`));
    const response = await page.goto(path);
    expect(response!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'This proposal was withdrawn' })).toBeVisible();
    await expect(page.getByText(new RegExp(`^${ownerUser.name} withdrew it on `))).toBeVisible();
    await expect(page.getByText('Ask them for it if you were expecting one.')).toBeVisible();
    await expectNoAxeViolations(page, 'client page, withdrawn, light');
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await expectNoAxeViolations(page, 'client page, withdrawn, dark');
  });

  test('a link that does not exist says so', async ({ page, consoleGuard }) => {
    const token = 'A'.repeat(43);
    consoleGuard.allow(refusedRequest(`/api/share/${token}`));
    await page.goto(`/p/${token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This link does not exist' })).toBeVisible();
    await expectNoAxeViolations(page, 'client page, not found');
  });

  test('on a phone (375 px) nothing scrolls sideways, in light and dark', async ({ browser, baseURL }) => {
    const { path } = await owner.sentProposal('A proposal with a rather long title to wrap on a phone');
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL });
    try {
      const phone = await context.newPage();
      await phone.goto(path);
      await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNothingWiderThanTheScreen(phone, 'client page, phone, light');
      await expectNoAxeViolations(phone, 'client page, phone, light');
      // The pricing stays usable: the option can be ticked and the total follows.
      await phone.getByRole('checkbox', { name: 'SEO audit' }).check();
      await showSignForm(phone);
      await expect(oneOffTotal(phone)).toHaveText('$1,900');
      await phone.getByRole('button', { name: 'Switch to the dark theme' }).click();
      await expectNothingWiderThanTheScreen(phone, 'client page, phone, dark');
      await expectNoAxeViolations(phone, 'client page, phone, dark');
    } finally {
      await context.close();
    }
  });

  test('/verify: until its code has run, the file picker and Check hash are disabled, not dead', async ({ page }) => {
    // The page is prerendered. Before hydration a picked file went unread and the hash form
    // submitted natively (CI once picked the file in that moment and waited for an answer in vain).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    // Its module scripts hold back DOMContentLoaded: the test goes on once the HTML arrives.
    await page.goto('/verify', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Verify an accepted proposal' })).toBeVisible();
    await expect(page.getByLabel('Choose a PDF')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Check hash' })).toBeDisabled();

    release();
    await expect(page.getByLabel('Choose a PDF')).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Check hash' })).toBeEnabled();
  });

  test('/verify: the hash from a certificate and the downloaded PDF match; another hash does not', async ({
    page,
    newContext,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const { token } = await owner.sentProposal();
    // The client accepts through the API, from a context of its own.
    const client = (await newContext()).request;
    const shared = await (await client.get(`/api/share/${token}`)).json();
    const accepted = await client.post(`/api/share/${token}/accept`, {
      headers: { origin, 'content-type': 'application/json' },
      data: { name: 'Dana Reyes', email: 'dana@example.com', consent: true, revisionHash: shared.revision.hash },
    });
    expect(accepted.status(), await accepted.text()).toBe(201);
    const hash = (await accepted.json()).revisionHash as string;

    await page.goto('/verify');
    await expect(page.getByRole('heading', { level: 1, name: 'Verify an accepted proposal' })).toBeVisible();
    await expect(page.getByText('at most 10 MB')).toBeVisible();
    await expectNoAxeViolations(page, '/verify');
    await page.getByLabel('Revision hash (SHA-256)').fill(hash);
    await page.getByRole('button', { name: 'Check hash' }).click();
    await expect(page.locator('p').filter({ hasText: /^Matches:/ })).toHaveText(
      new RegExp(`^Matches: accepted by Dana Reyes on .+, revision 1, hash ${hash}$`),
    );
    await page.getByLabel('Revision hash (SHA-256)').fill('0'.repeat(64));
    await page.getByRole('button', { name: 'Check hash' }).click();
    await expect(page.getByText('No accepted proposal matches this')).toBeVisible();
    await expectNoAxeViolations(page, '/verify with a result');

    // The PDF the client downloads matches too, dropped in through the file picker.
    const pdf = await client.get(`/api/share/${token}/pdf`);
    expect(pdf.status()).toBe(200);
    await choosePdfToVerify(page, 'proposal.pdf', await pdf.body());
    await expect(page.locator('p').filter({ hasText: /^Matches:/ })).toHaveText(
      new RegExp(`^Matches: accepted by Dana Reyes on .+, revision 1, hash ${hash}$`),
    );
  });
});
