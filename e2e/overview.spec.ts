import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

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
