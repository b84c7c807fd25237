import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, refusedRequest, test } from './fixtures';

type TCreated = { id: string; number: string; title: string };

/** Creates proposals through the API as the page's user, oldest first. */
async function createProposals(page: Page, baseURL: string, count: number): Promise<TCreated[]> {
  const origin = new URL(baseURL).origin;
  const created: TCreated[] = [];
  for (let i = 1; i <= count; i++) {
    const title = `Website refresh ${String(i).padStart(2, '0')}`;
    const res = await page.request.post('/api/proposals', {
      headers: { origin, 'content-type': 'application/json' },
      data: { title },
    });
    expect(res.status(), await res.text()).toBe(201);
    created.push((await res.json()) as TCreated);
  }
  return created;
}

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Your proposals' });
const items = (page: Page) => sidebar(page).getByRole('list', { name: 'Proposals' }).getByRole('listitem');

test('a new user sees the empty list, and New proposal opens a fresh draft highlighted in the list', async ({
  page,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  await expect(sidebar(page).getByRole('heading', { name: 'No proposals yet' })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: 'New proposal' })).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'New proposal' }).first().click();
  await page.getByRole('menuitem', { name: 'Blank proposal' }).click();
  await expect(page).toHaveURL(/\/edit-draft\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit draft' })).toBeVisible();
  const current = sidebar(page).locator('a[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Draft');
  const id = page.url().split('/').at(-1)!;
  await expect(current).toHaveAttribute('href', `/edit-draft/${id}`);
  await expect(page.getByRole('region', { name: 'Editor' }).getByText(/^P-\d{4}-0001$/)).toBeVisible();
});

test('an unknown or foreign proposal id says so, with a way back', async ({ page, signUpViaApi, consoleGuard }) => {
  const missing = randomUUID();
  consoleGuard.allow(refusedRequest(`/api/proposals/${missing}`));
  await signUpViaApi(page);
  for (const id of [missing, 'not-a-uuid']) {
    await page.goto(`/edit-draft/${id}`);
    const editor = page.getByRole('region', { name: 'Editor' });
    await expect(editor.getByRole('heading', { name: 'This proposal does not exist or is not yours' })).toBeVisible();
    await expect(editor.getByRole('link', { name: 'Back to the dashboard' })).toBeVisible();
  }
});

test('35 proposals: newest first, infinite scroll, search by number, status filter', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const created = await createProposals(page, baseURL!, 35);
  await page.goto('/dashboard');

  await expect(items(page).first()).toContainText('Website refresh 35');
  await expect(items(page).nth(1)).toContainText('Website refresh 34');
  await expect(items(page)).toHaveCount(30);

  // Scrolling to the end of the list loads the rest.
  await items(page).last().scrollIntoViewIfNeeded();
  await expect(items(page)).toHaveCount(35);
  await expect(items(page).last()).toContainText('Website refresh 01');
  await expect(sidebar(page).getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // Search by number finds exactly that one.
  const target = created[6]!;
  await sidebar(page).getByLabel('Search').fill(target.number);
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toContainText(target.title);
  await items(page).first().getByRole('link').click();
  await expect(page).toHaveURL(`/edit-draft/${target.id}`);
  await expect(sidebar(page).locator('a[aria-current="page"]')).toContainText(target.title);
  await expect(page.getByRole('region', { name: 'Editor' }).getByLabel('Title', { exact: true })).toHaveValue(
    target.title,
  );

  // No proposal has been sent: the filter shows the empty result, and clearing brings them back.
  await sidebar(page).getByLabel('Search').fill('');
  await sidebar(page).getByLabel('Status').selectOption({ label: 'Sent' });
  await expect(sidebar(page).getByRole('heading', { name: 'No proposals match' })).toBeVisible();
  await sidebar(page).getByRole('button', { name: 'Clear filters' }).click();
  await expect(items(page).first()).toContainText('Website refresh 35');
});

test('the Load more button loads the next page when the sentinel never fires', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  // An observer that never reports: only the visible button can load more.
  await page.addInitScript(() => {
    window.IntersectionObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
  });
  await signUpViaApi(page);
  await createProposals(page, baseURL!, 31);
  await page.goto('/dashboard');
  await expect(items(page)).toHaveCount(30);
  await sidebar(page).getByRole('button', { name: 'Load more' }).click();
  await expect(items(page)).toHaveCount(31);
  await expect(sidebar(page).getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the dashboard with proposals has no serious or critical axe violations (${theme})`, async ({
    page,
    baseURL,
    signUpViaApi,
  }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signUpViaApi(page);
    const created = await createProposals(page, baseURL!, 3);
    await page.goto('/dashboard');
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(items(page)).toHaveCount(3);
    await expectNoAxeViolations(page, `/dashboard with proposals (${theme})`);
    await page.goto(`/edit-draft/${created[0]!.id}`);
    await expect(sidebar(page).locator('a[aria-current="page"]')).toBeVisible();
    await expectNoAxeViolations(page, `/edit-draft/:id (${theme})`);
  });
}
