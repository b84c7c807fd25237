import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const html = (page: Page) => page.locator('html');
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));

async function chooseTheme(page: Page, label: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: /Change theme/ }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
}

test('S7 the theme is light by default', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  expect([null, 'light']).toContain(await storedTheme(page));
  await expect(page.getByRole('button', { name: 'Theme: Light. Change theme' })).toBeVisible();
});

test('S7 choosing Dark is stored and survives a reload without a light flash', async ({ page }) => {
  await page.goto('/');
  await chooseTheme(page, 'Dark');
  await expect(html(page)).toHaveClass(/\bdark\b/);
  expect(await storedTheme(page)).toBe('dark');

  // From the very start of the next document: record the <html> class when <body> first
  // appears (the inline theme script in <head> has run; nothing has been painted) and at every
  // change after that. Light must never be visible, not even for one frame.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __themeSeen: string[] }).__themeSeen = seen;
    let bodySeen = false;
    new MutationObserver(() => {
      const el = document.documentElement;
      if (!el) return;
      if (!bodySeen && document.body) {
        bodySeen = true;
        seen.push(`body:${el.className}`);
      } else if (bodySeen) {
        seen.push(el.className);
      }
    }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  const seen = await page.evaluate(() => (window as unknown as { __themeSeen: string[] }).__themeSeen);
  expect(seen[0], 'the class when <body> first exists').toMatch(/^body:.*\bdark\b/);
  for (const cls of seen) expect(cls, `every class <html> had: ${seen.join(' | ')}`).toMatch(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Theme: Dark. Change theme' })).toBeVisible();

  await chooseTheme(page, 'Light');
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  expect(await storedTheme(page)).toBe('light');
});

test('S7 System follows the operating system setting', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await chooseTheme(page, 'System');
  expect(await storedTheme(page)).toBe('system');
  await expect(html(page)).not.toHaveClass(/\bdark\b/);

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).not.toHaveClass(/\bdark\b/);

  // Also right from the first paint of a new document.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(html(page)).toHaveClass(/\bdark\b/);
});

test('S7 the profile page offers the same choice', async ({ page, signUpViaApi }) => {
  await signUpViaApi(page);
  await page.goto('/profile');
  const group = page.getByRole('radiogroup', { name: 'Theme' });
  await expect(group.getByRole('radio', { name: 'Light' })).toBeChecked();
  await group.getByRole('radio', { name: 'Dark' }).click();
  await expect(group.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  expect(await storedTheme(page)).toBe('dark');
});
