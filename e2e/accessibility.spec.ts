import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, PROTECTED_SCREENS, PUBLIC_SCREENS, test } from './fixtures';

/** Axe on every screen, in both themes; and the two busiest public screens on a phone. */
async function settle(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
}

// One test per screen and theme: a loop over every screen ran past one test's budget on a busy
// 2-core machine, and a failure names its screen.
for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    });

    for (const path of PUBLIC_SCREENS) {
      test(`${path} has no serious or critical violations (${theme})`, async ({ page }) => {
        await settle(page, path);
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        await expectNoAxeViolations(page, `${path} (${theme})`);
      });
    }

    for (const { path } of PROTECTED_SCREENS) {
      test(`${path}, signed in, has no serious or critical violations (${theme})`, async ({ page, signUpViaApi }) => {
        await signUpViaApi(page);
        await settle(page, path);
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        await expectNoAxeViolations(page, `${path} (${theme})`);
      });
    }
  });
}

test.describe('axe, 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  for (const path of ['/', '/auth']) {
    test(`${path} on a phone has no serious or critical violations`, async ({ page }) => {
      await settle(page, path);
      await expect(page.getByRole('navigation', { name: 'Main (small screens)' })).toBeVisible();
      await expectNoAxeViolations(page, `${path} at 375 px`);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
    });
  }
});
