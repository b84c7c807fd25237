import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, toast } from './fixtures';

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

const rows = (page: Page) => page.getByRole('list', { name: 'Saved items' }).getByRole('listitem');

type TItemFields = {
  description: string;
  price: string;
  currency: string;
  unit?: string;
  tax?: string;
  billing?: string;
};

async function fillItem(page: Page, dialogName: string, fields: Partial<TItemFields>) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  if (fields.description !== undefined) await dialog.getByLabel('Description').fill(fields.description);
  // The currency first: the price is read in it.
  if (fields.currency) await dialog.getByLabel('Currency').selectOption(fields.currency);
  if (fields.price !== undefined) await dialog.getByLabel('Unit price').fill(fields.price);
  if (fields.unit !== undefined) await dialog.getByLabel('Unit', { exact: true }).fill(fields.unit);
  if (fields.tax !== undefined) await dialog.getByLabel('Tax rate (%)').fill(fields.tax);
  if (fields.billing) await dialog.getByLabel('Billing').selectOption({ label: fields.billing });
  return dialog;
}

test('saved items: add in EUR and JPY, edit, delete', async ({ page, signUpViaApi }) => {
  await signUpViaApi(page);
  await page.goto('/profile?tab=items');
  await expect(page.getByRole('heading', { name: 'No saved items yet' })).toBeVisible();
  await axeWithoutToasts(page, '/profile?tab=items (empty)');

  // EUR: two decimals, sent as cents exactly.
  await page.getByRole('button', { name: 'Add item' }).first().click();
  let dialog = await fillItem(page, 'Add saved item', {
    description: 'Design workshop',
    currency: 'EUR',
    price: '1234.56',
    unit: 'day',
    tax: '20',
  });
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Item added')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Design workshop' })).toContainText('€1,234.56 / day');

  // JPY has no decimals: 1500.5 is refused beside the field; 15000 is taken as it is.
  await page.getByRole('button', { name: 'Add item' }).first().click();
  dialog = await fillItem(page, 'Add saved item', {
    description: 'Hosting',
    currency: 'JPY',
    price: '1500.5',
    billing: 'Monthly',
  });
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog.getByLabel('Unit price')).toHaveAccessibleDescription(
    'JPY has no decimals: enter a whole amount.',
  );
  await dialog.getByLabel('Unit price').fill('15000');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page).filter({ hasText: 'Hosting' })).toContainText('¥15,000');
  await expect(rows(page).filter({ hasText: 'Hosting' })).toContainText('Monthly');

  // What the server stored: integer minor units of each currency.
  const stored = (await (await page.request.get('/api/saved-items')).json()) as {
    items: Array<{ description: string; unitPrice: number; currency: string; taxRate: number; billing: string }>;
  };
  const byName = Object.fromEntries(stored.items.map((i) => [i.description, i]));
  expect(byName['Design workshop']).toMatchObject({ unitPrice: 123456, currency: 'EUR', taxRate: 2000 });
  expect(byName['Hosting']).toMatchObject({ unitPrice: 15000, currency: 'JPY', billing: 'monthly' });
  await axeWithoutToasts(page, '/profile?tab=items (two items)');

  // Search.
  await page.getByRole('searchbox', { name: 'Search saved items' }).fill('host');
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search saved items' }).fill('');
  await expect(rows(page)).toHaveCount(2);

  // Edit: the form shows the stored price as typed text; a KWD price keeps its three decimals.
  await page.getByRole('button', { name: 'Edit Design workshop' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit saved item' });
  await expect(dialog.getByLabel('Unit price')).toHaveValue('1234.56');
  await expect(dialog.getByLabel('Tax rate (%)')).toHaveValue('20');
  await fillItem(page, 'Edit saved item', { currency: 'KWD', price: '99.125', tax: '12.5' });
  await dialog.getByRole('button', { name: 'Save item' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Item saved')).toBeVisible();
  await page.reload();
  const edited = rows(page).filter({ hasText: 'Design workshop' });
  await expect(edited).toContainText('KWD');
  await expect(edited).toContainText('99.125');
  await expect(edited).toContainText('Tax 12.5 %');

  // Delete (after confirming): the DELETE goes once the message closes; gone after a reload.
  await page.getByRole('button', { name: 'Delete Hosting' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete “Hosting”?' })
    .getByRole('button', { name: 'Delete item' })
    .click();
  await expect(rows(page)).toHaveCount(1);
  await toast(page, 'Deleted “Hosting”').getByRole('button', { name: 'Close notification' }).click();
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/saved-items')).json()) as { items: unknown[] }).items.length,
    )
    .toBe(1);
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).not.toContainText('Hosting');
});

test('saved items: undo a delete brings the item back', async ({ page, baseURL, signUpViaApi }) => {
  await signUpViaApi(page);
  const origin = new URL(baseURL!).origin;
  const res = await page.request.post('/api/saved-items', {
    headers: { origin },
    data: { description: 'Retainer', unitPrice: 50000, currency: 'GBP', billing: 'yearly', taxRate: 2000 },
  });
  expect(res.status()).toBe(201);
  await page.goto('/profile?tab=items');
  await page.getByRole('button', { name: 'Delete Retainer' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete item' }).click();
  await expect(page.getByRole('heading', { name: 'No saved items yet' })).toBeVisible();
  await toast(page, 'Deleted “Retainer”').getByRole('button', { name: 'Undo' }).click();
  await expect(rows(page)).toHaveCount(1);
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('£500');
  await expect(rows(page)).toContainText('Yearly');
  // The same record: Undo sent nothing, so its id (which pricing lines point at) is unchanged.
  const after = (await (await page.request.get('/api/saved-items')).json()) as { items: Array<{ id: string }> };
  expect(after.items.map((i) => i.id)).toEqual([((await res.json()) as { id: string }).id]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`saved items tab on a phone has no axe violations and no sideways scroll (${theme})`, async ({
    page,
    baseURL,
    signUpViaApi,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signUpViaApi(page);
    await page.request.post('/api/saved-items', {
      headers: { origin: new URL(baseURL!).origin },
      data: { description: 'A long description of a service we sell', unit: 'month', unitPrice: 1, currency: 'KWD' },
    });
    await page.goto('/profile?tab=items');
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText('0.001');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await axeWithoutToasts(page, `/profile?tab=items at 375 px (${theme})`);
    await page.getByRole('button', { name: 'Add item' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Add saved item' })).toBeVisible();
    await axeWithoutToasts(page, `the Add saved item dialog at 375 px (${theme})`);
  });
}
