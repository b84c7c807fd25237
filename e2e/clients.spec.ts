import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, refusedRequest, test, toast } from './fixtures';

/**
 * Axe runs once the toasts have closed: sonner's success colours are not ours to fix here
 * (reported), and a toast is not part of the screen under test.
 */
async function axeWithoutToasts(page: Page, label: string) {
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toHaveCount(0, {
    timeout: 15_000,
  });
  await expectNoAxeViolations(page, label);
}

const list = (page: Page) => page.getByRole('list', { name: 'Saved clients' });
const rows = (page: Page) => list(page).getByRole('listitem');

/** What the server holds, to check a change really went (or did not go) through. */
async function savedClients(page: Page) {
  const res = await page.request.get('/api/clients');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { items: Array<{ id: string; name: string }> };
  return body.items.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

async function addClient(page: Page, fields: { name: string; company?: string; email?: string }) {
  await page.getByRole('button', { name: 'Add client' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add client' });
  await dialog.getByLabel('Name').fill(fields.name);
  if (fields.company) await dialog.getByLabel('Company').fill(fields.company);
  if (fields.email) await dialog.getByLabel('Email').fill(fields.email);
  await dialog.getByRole('button', { name: 'Add client' }).click();
  await expect(dialog).toBeHidden();
}

test('clients: empty state, add, search, edit, delete and undo', async ({ page, signUpViaApi }) => {
  await signUpViaApi(page);
  await page.goto('/profile?tab=clients');
  await expect(page.getByRole('tab', { name: 'Clients' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'No saved clients yet' })).toBeVisible();
  await axeWithoutToasts(page, '/profile?tab=clients (empty)');

  // The name is required: the form says so beside the field and sends nothing.
  await page.getByRole('button', { name: 'Add client' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add client' });
  await dialog.getByLabel('Email').fill('not an email');
  await dialog.getByRole('button', { name: 'Add client' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Enter a name.');
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription(
    'Enter a valid email address, like name@example.com.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await addClient(page, { name: 'Ada Lovelace', company: 'Analytical Engines', email: 'ada@example.com' });
  await expect(toast(page, 'Client added')).toBeVisible();
  await addClient(page, { name: 'Grace Hopper', company: 'Compilers Inc', email: 'grace@example.com' });
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: 'Ada Lovelace' })).toContainText('ada@example.com');
  await axeWithoutToasts(page, '/profile?tab=clients (two clients)');

  // Search by company; then a search with no match offers to clear it.
  const search = page.getByRole('searchbox', { name: 'Search clients' });
  await search.fill('compilers');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Grace Hopper');
  await search.fill('zzz nobody');
  await expect(page.getByRole('heading', { name: 'No clients match' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(rows(page)).toHaveCount(2);

  // Edit: the dialog opens with the saved values; the change is saved and survives a reload.
  await page.getByRole('button', { name: 'Edit Grace Hopper' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Grace Hopper' });
  await expect(edit.getByLabel('Email')).toHaveValue('grace@example.com');
  await edit.getByLabel('Company').fill('US Navy');
  await edit.getByLabel('Notes').fill('Prefers short proposals.');
  await edit.getByRole('button', { name: 'Save client' }).click();
  await expect(edit).toBeHidden();
  await expect(toast(page, 'Client saved')).toBeVisible();
  await page.reload();
  await expect(rows(page).filter({ hasText: 'Grace Hopper' })).toContainText('US Navy');
  await page.getByRole('button', { name: 'Edit Grace Hopper' }).click();
  await expect(page.getByRole('dialog').getByLabel('Notes')).toHaveValue('Prefers short proposals.');
  await page.keyboard.press('Escape');

  // Delete asks first; Cancel keeps the client.
  await page.getByRole('button', { name: 'Delete Ada Lovelace' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Ada Lovelace?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows(page)).toHaveCount(2);

  // Delete, then Undo: nothing is sent, and the client comes back with its id and details.
  const before = await savedClients(page);
  await page.getByRole('button', { name: 'Delete Ada Lovelace' }).click();
  await confirm.getByRole('button', { name: 'Delete client' }).click();
  await expect(rows(page)).toHaveCount(1);
  await toast(page, 'Deleted “Ada Lovelace”').getByRole('button', { name: 'Undo' }).click();
  await expect(rows(page)).toHaveCount(2);
  await page.reload();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).filter({ hasText: 'Ada Lovelace' })).toContainText('Analytical Engines');
  expect(await savedClients(page)).toEqual(before);

  // Delete for good: the DELETE goes once the message closes; the last one leaves the empty state.
  for (const name of ['Ada Lovelace', 'Grace Hopper']) {
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete client' }).click();
    await toast(page, `Deleted “${name}”`).getByRole('button', { name: 'Close notification' }).click();
    await expect.poll(async () => (await savedClients(page)).map((c) => c.name)).not.toContain(name);
  }
  await expect(page.getByRole('heading', { name: 'No saved clients yet' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No saved clients yet' })).toBeVisible();
});

test('clients: an edit against a stale version offers the current details', async ({
  page,
  baseURL,
  signUpViaApi,
  consoleGuard,
}) => {
  await signUpViaApi(page);
  const origin = new URL(baseURL!).origin;
  const res = await page.request.post('/api/clients', { headers: { origin }, data: { name: 'Linus' } });
  expect(res.status()).toBe(201);
  const client = (await res.json()) as { id: string; version: number };
  consoleGuard.allow(refusedRequest(`/api/clients/${client.id}`));

  await page.goto('/profile?tab=clients');
  await page.getByRole('button', { name: 'Edit Linus' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Linus' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Linus');

  // Someone else saves it meanwhile.
  const other = await page.request.patch(`/api/clients/${client.id}`, {
    headers: { origin },
    data: { company: 'Kernel Org', version: client.version },
  });
  expect(other.status()).toBe(200);

  await dialog.getByLabel('Email').fill('linus@example.com');
  await dialog.getByRole('button', { name: 'Save client' }).click();
  await expect(dialog.getByRole('alert')).toContainText('changed elsewhere');
  await dialog.getByRole('button', { name: 'Load the current details' }).click();
  await expect(dialog.getByLabel('Company')).toHaveValue('Kernel Org');
  await dialog.getByLabel('Email').fill('linus@example.com');
  await dialog.getByRole('button', { name: 'Save client' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toContainText('Kernel Org');
  await expect(rows(page)).toContainText('linus@example.com');
});

for (const theme of ['light', 'dark'] as const) {
  test(`clients tab on a phone has no axe violations and no sideways scroll (${theme})`, async ({
    page,
    baseURL,
    signUpViaApi,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signUpViaApi(page);
    const origin = new URL(baseURL!).origin;
    await page.request.post('/api/clients', {
      headers: { origin },
      data: { name: 'A client with quite a long name', email: 'a.really.long.email.address@example-company.com' },
    });
    await page.goto('/profile?tab=clients');
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(rows(page)).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await axeWithoutToasts(page, `/profile?tab=clients at 375 px (${theme})`);
  });
}
