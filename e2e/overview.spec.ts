import type { Page } from '@playwright/test';
import type { TDocument, TPricingLine } from '@draftwell/shared/document';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { api, CLIENT, confirmedOwner, inDays, type TProposal } from './support/proposals';

const overview = (page: Page) => page.getByRole('region', { name: 'Overview' });

async function createDraft(page: Page, baseURL: string, title: string): Promise<{ id: string; number: string }> {
  const res = await page.request.post('/api/proposals', {
    headers: { origin: new URL(baseURL).origin, 'content-type': 'application/json' },
    data: { title },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; number: string };
}

for (const theme of ['light', 'dark'] as const) {
  test(`a new user is welcomed, then sees their drafts counted and listed as activity (${theme})`, async ({
    page,
    baseURL,
    signUpViaApi,
  }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signUpViaApi(page);
    await page.goto('/dashboard');
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    // First run: the three ways to start, with New proposal and the templates.
    await expect(overview(page).getByRole('heading', { name: 'Welcome to Draftwell' })).toBeVisible();
    for (const way of ['Blank', 'From a template', 'From a brief']) {
      await expect(overview(page).getByRole('heading', { name: way })).toBeVisible();
    }
    await expect(overview(page).getByRole('button', { name: 'New proposal' })).toBeVisible();
    await expect(overview(page).getByRole('link', { name: 'Browse templates' })).toHaveAttribute('href', '/templates');
    await expectNoAxeViolations(page, `/dashboard first run (${theme})`);

    const first = await createDraft(page, baseURL!, 'Garden studio proposal');
    const second = await createDraft(page, baseURL!, 'Bakery rebrand');
    await page.reload();

    await expect(overview(page).getByRole('group', { name: 'Drafts' })).toContainText('2');
    await expect(overview(page).getByRole('group', { name: 'Win rate' })).toContainText('No decisions yet');
    await expect(overview(page).getByRole('group', { name: 'Accepted this month' })).toContainText(
      'Nothing accepted yet this month',
    );
    await expect(overview(page).getByRole('img', { name: 'Sent and accepted, month by month' })).toBeVisible();
    // The chart's figures are there for screen readers as a table, the current month last.
    const rows = overview(page).getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(13);
    await expect(rows.last().getByRole('cell').first()).toHaveText('2');

    const activity = overview(page).getByRole('list', { name: 'Recent activity' }).getByRole('link');
    await expect(activity).toHaveCount(2);
    await expect(activity.first()).toContainText('Bakery rebrand');
    await expect(activity.first()).toContainText(second.number);
    await expect(activity.nth(1)).toContainText('Garden studio proposal');
    await expectNoAxeViolations(page, `/dashboard overview (${theme})`);

    await activity.filter({ hasText: 'Garden studio proposal' }).click();
    await expect(page).toHaveURL(`/edit-draft/${first.id}`);
  });
}

const line = (id: string, description: string, unitPrice: number, more: Partial<TPricingLine> = {}): TPricingLine => ({
  id,
  description,
  quantity: 1000,
  unit: '',
  unitPrice,
  discountPercent: 0,
  taxPercent: 0,
  billing: 'one_off',
  optional: false,
  selected: true,
  ...more,
});

/** A build, a monthly retainer, and yearly hosting the client may add. */
const retainerDocument = (): TDocument => ({
  version: 1,
  blocks: [
    {
      id: 'fees',
      type: 'pricing_table',
      title: 'Fees',
      kind: 'lines',
      lines: [
        line('build', 'Website build', 275_000),
        line('retainer', 'Monthly retainer', 594_000, { billing: 'monthly' }),
        line('hosting', 'Hosting', 120_000, { billing: 'yearly', optional: true, selected: false }),
      ],
    },
  ],
});

test('issue 24: accepted value counts recurring totals as the client accepted them; the list shows each total', async ({
  page,
  baseURL,
  mail,
  newContext,
  signUpViaApi,
}) => {
  await confirmedOwner(page, mail, signUpViaApi);
  const owner = api(page, baseURL!);
  const draftOf = async (title: string, document: TDocument) => {
    const created = await owner.post<TProposal>('/api/proposals', { title });
    return owner.patch<TProposal>(`/api/proposals/${created.id}`, {
      version: created.version,
      client: CLIENT,
      validUntil: inDays(14),
      document,
    });
  };
  const retainer = await draftOf('Care retainer', retainerDocument());
  await owner.post(`/api/proposals/${retainer.id}/send`, { version: retainer.version, message: '' });
  const { url } = await owner.get<{ url: string }>(`/api/proposals/${retainer.id}/share-link`);
  // The client accepts, adding the yearly hosting the proposal left out by default.
  const client = (await newContext()).request;
  const token = new URL(url).pathname.split('/').pop()!;
  const shared = (await (await client.get(`/api/share/${token}`)).json()) as { revision: { hash: string } };
  const accepted = await client.post(`/api/share/${token}/accept`, {
    headers: { origin: new URL(baseURL!).origin },
    data: {
      name: CLIENT.name,
      email: CLIENT.email,
      consent: true,
      revisionHash: shared.revision.hash,
      selection: { hosting: { selected: true } },
    },
  });
  expect(accepted.status(), await accepted.text()).toBe(201);
  await draftOf('One-off logo', {
    version: 1,
    blocks: [
      { id: 'fees', type: 'pricing_table', title: 'Fees', kind: 'lines', lines: [line('logo', 'Logo', 150_000)] },
    ],
  });

  await page.goto('/dashboard');
  const value = '$2,750 + $5,940 / month + $1,200 / year';
  await expect(overview(page).getByRole('group', { name: 'Accepted this month' })).toContainText(value);
  const rows = overview(page).getByRole('table').getByRole('row');
  await expect(rows.last().getByRole('cell').last()).toHaveText(value);

  const items = page
    .getByRole('complementary', { name: 'Your proposals' })
    .getByRole('list', { name: 'Proposals' })
    .getByRole('listitem');
  // What the client accepted, not the proposal's defaults; a draft's own total.
  await expect(items.filter({ hasText: 'Care retainer' })).toContainText(value);
  await expect(items.filter({ hasText: 'One-off logo' })).toContainText('$1,500');
  await expect(items.filter({ hasText: 'One-off logo' })).not.toContainText('/ month');
  await expectNoAxeViolations(page, '/dashboard with recurring value');
});

test('the overview says when it could not load, and Retry loads it', async ({ page, signUpViaApi, consoleGuard }) => {
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 503/);
  await signUpViaApi(page);
  let failing = true;
  await page.route('**/api/overview**', (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unavailable', message: 'The service is briefly unavailable.' } }),
        })
      : route.fallback(),
  );
  await page.goto('/dashboard');
  const alert = overview(page).getByRole('alert');
  await expect(alert).toContainText('Your overview did not load');
  await expect(alert).toContainText('The service is briefly unavailable.');
  failing = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(overview(page).getByRole('heading', { name: 'Welcome to Draftwell' })).toBeVisible();
});
