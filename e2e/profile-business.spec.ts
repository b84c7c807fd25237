import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, refusedRequest, test, toast } from './fixtures';
import { solidPng } from './support/png';

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

const form = (page: Page) => page.getByRole('form', { name: 'Business profile' });

test('business profile: fill, save, and see it after a reload', async ({ page, signUpViaApi }) => {
  const user = await signUpViaApi(page);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Business profile' }).click();
  await expect(page).toHaveURL(/\/profile\?tab=business$/);
  const f = form(page);
  // A new profile starts from the account's name.
  await expect(f.getByLabel('Display name')).toHaveValue(user.name);

  await f.getByLabel('Display name').fill('Ada Lovelace');
  await f.getByLabel('Company').fill('Analytical Engines Ltd');
  await f.getByLabel('Job title').fill('Founder');
  await f.getByLabel('Phone').fill('+44 20 7946 0000');
  await f.getByLabel('Website').fill('https://analytical.example');
  await f.getByLabel('Address').fill('1 Engine Row\nLondon');
  await f.getByLabel('Brand colour', { exact: true }).fill('#0F766E');
  await f.getByLabel('Default currency').selectOption('EUR');
  await f.getByLabel('Default tax rate (%)').fill('12.5');
  await f.getByLabel('Valid for (days)').fill('45');
  await f.getByLabel('Email signature').fill('Ada\nAnalytical Engines');
  // Each date format is listed with a date written in it.
  await expect(f.getByLabel('Dates on your proposals')).toHaveValue('en-US');
  await f.getByLabel('Dates on your proposals').selectOption({ label: 'English (United Kingdom) — 4 March 2027' });
  await f.getByRole('button', { name: 'Save business profile' }).click();
  await expect(toast(page, 'Business profile saved')).toBeVisible();

  // Stored as the API's units: basis points, a lower-case colour.
  const stored = (await (await page.request.get('/api/profile')).json()) as Record<string, unknown>;
  expect(stored).toMatchObject({
    displayName: 'Ada Lovelace',
    brandColor: '#0f766e',
    defaultCurrency: 'EUR',
    defaultTaxRate: 1250,
    defaultValidityDays: 45,
    locale: 'en-GB',
    version: 1,
  });

  await page.reload();
  await expect(f.getByLabel('Display name')).toHaveValue('Ada Lovelace');
  await expect(f.getByLabel('Company')).toHaveValue('Analytical Engines Ltd');
  await expect(f.getByLabel('Job title')).toHaveValue('Founder');
  await expect(f.getByLabel('Phone')).toHaveValue('+44 20 7946 0000');
  await expect(f.getByLabel('Website')).toHaveValue('https://analytical.example');
  await expect(f.getByLabel('Address')).toHaveValue('1 Engine Row\nLondon');
  await expect(f.getByLabel('Brand colour', { exact: true })).toHaveValue('#0f766e');
  await expect(f.getByLabel('Pick the brand colour')).toHaveValue('#0f766e');
  await expect(f.getByLabel('Default currency')).toHaveValue('EUR');
  await expect(f.getByLabel('Default tax rate (%)')).toHaveValue('12.5');
  await expect(f.getByLabel('Valid for (days)')).toHaveValue('45');
  await expect(f.getByLabel('Email signature')).toHaveValue('Ada\nAnalytical Engines');
  await expect(f.getByLabel('Dates on your proposals')).toHaveValue('en-GB');

  // A second save goes against the new version.
  await f.getByLabel('Job title').fill('Director');
  await f.getByRole('button', { name: 'Save business profile' }).click();
  await expect(toast(page, 'Business profile saved')).toHaveCount(1);
  await expect
    .poll(async () => ((await (await page.request.get('/api/profile')).json()) as { jobTitle: string }).jobTitle)
    .toBe('Director');
});

test('business profile: the form checks fields, and shows the server’s field errors beside them', async ({
  page,
  signUpViaApi,
  consoleGuard,
}) => {
  consoleGuard.allow(refusedRequest('/api/profile'));
  await signUpViaApi(page);
  await page.goto('/profile?tab=business');
  const f = form(page);
  await f.getByLabel('Display name').fill('');
  await f.getByLabel('Website').fill('analytical.example');
  await f.getByLabel('Default tax rate (%)').fill('12.345');
  await f.getByRole('button', { name: 'Save business profile' }).click();
  await expect(f.getByLabel('Display name')).toHaveAccessibleDescription('Enter the name to show on proposals.');
  await expect(f.getByLabel('Website')).toHaveAccessibleDescription(
    'Enter a full web address starting with https://, or leave it empty.',
  );
  await expect(f.getByLabel('Default tax rate (%)')).toHaveAccessibleDescription('Use at most 2 decimals, like 7.25.');

  // Only the server knows this rule (PostgreSQL cannot store NUL): its message lands on the field.
  await f.getByLabel('Display name').fill('Ada');
  await f.getByLabel('Website').fill('');
  await f.getByLabel('Default tax rate (%)').fill('20');
  await f.getByLabel('Company').fill('Acme\u0000 Ltd');
  await f.getByRole('button', { name: 'Save business profile' }).click();
  await expect(f.getByLabel('Company')).toHaveAccessibleDescription('Remove the invisible NUL character.');
  await expect(toast(page, 'The business profile was not saved')).toBeVisible();
  await f.getByLabel('Company').fill('Acme Ltd');
  await f.getByRole('button', { name: 'Save business profile' }).click();
  await expect(toast(page, 'Business profile saved')).toBeVisible();
  await expect(f.getByLabel('Company')).not.toHaveAttribute('aria-invalid');
});

test('business profile: a save against a stale version offers the current details', async ({
  page,
  baseURL,
  signUpViaApi,
  consoleGuard,
}) => {
  consoleGuard.allow(refusedRequest('/api/profile'));
  await signUpViaApi(page);
  await page.goto('/profile?tab=business');
  const f = form(page);
  await expect(f.getByLabel('Display name')).not.toHaveValue('');

  // Saved from somewhere else meanwhile.
  const current = (await (await page.request.get('/api/profile')).json()) as Record<string, unknown>;
  const { logoFileId: _logo, updatedAt: _at, ...put } = current;
  const other = await page.request.put('/api/profile', {
    headers: { origin: new URL(baseURL!).origin },
    data: { ...put, company: 'Saved elsewhere' },
  });
  expect(other.status()).toBe(200);

  await f.getByLabel('Job title').fill('Typed here');
  await f.getByRole('button', { name: 'Save business profile' }).click();
  await expect(f.getByRole('alert').filter({ hasText: 'changed elsewhere' })).toBeVisible();
  await f.getByRole('button', { name: 'Load the current details' }).click();
  await expect(f.getByLabel('Company')).toHaveValue('Saved elsewhere');
  await expect(f.getByLabel('Job title')).toHaveValue('');
  await f.getByLabel('Job title').fill('Typed here');
  await f.getByRole('button', { name: 'Save business profile' }).click();
  await expect(toast(page, 'Business profile saved')).toBeVisible();
  const after = (await (await page.request.get('/api/profile')).json()) as Record<string, unknown>;
  expect(after).toMatchObject({ company: 'Saved elsewhere', jobTitle: 'Typed here' });
});

test('business profile: upload a logo, see it, replace it, remove it', async ({ page, signUpViaApi }) => {
  await signUpViaApi(page);
  await page.goto('/profile?tab=business');
  await expect(page.getByText('No logo yet')).toBeVisible();
  const file = page.getByLabel('Logo file');

  // Checked before it is sent: a text file is refused with a message.
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: /PNG|JPEG|WebP/i })).toBeVisible();

  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: solidPng(32, [15, 118, 110]) });
  await expect(toast(page, 'Logo uploaded')).toBeVisible();
  const logo = page.getByRole('img', { name: 'Your business logo' });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const first = await logo.getAttribute('src');

  // The logo moved the profile's version on; the details still save without a conflict.
  await form(page).getByLabel('Company').fill('With a logo');
  await form(page).getByRole('button', { name: 'Save business profile' }).click();
  await expect(toast(page, 'Business profile saved')).toBeVisible();

  await page.reload();
  await expect(logo).toBeVisible();
  await page.getByLabel('Logo file').setInputFiles({
    name: 'other.png',
    mimeType: 'image/png',
    buffer: solidPng(16, [200, 30, 30]),
  });
  await expect(toast(page, 'Logo replaced')).toBeVisible();
  await expect(logo).not.toHaveAttribute('src', first!);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);

  await page.getByRole('button', { name: 'Remove logo' }).click();
  await expect(toast(page, 'Logo removed')).toBeVisible();
  await expect(page.getByText('No logo yet')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No logo yet')).toBeVisible();
  expect(((await (await page.request.get('/api/profile')).json()) as { logoFileId: unknown }).logoFileId).toBeNull();
});

for (const theme of ['light', 'dark'] as const) {
  test(`profile tabs have no axe violations at 1280 and 375 px (${theme})`, async ({ page, signUpViaApi }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signUpViaApi(page);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/profile');
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible();
      await axeWithoutToasts(page, `/profile account tab at ${width} px (${theme})`);
      await page.goto('/profile?tab=business');
      await expect(form(page).getByLabel('Display name')).not.toHaveValue('');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await axeWithoutToasts(page, `/profile?tab=business at ${width} px (${theme})`);
    }
  });
}
