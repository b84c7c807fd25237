import type { Browser, Page } from '@playwright/test';
import { serverI18n } from '../apps/server/src/lib/i18n';
import { expect, expectNoAxeViolations, newUser, test } from './fixtures';
import { expectNothingWiderThanTheScreen } from './support/overflow';
import { api, confirmViaApi, sentInLanguage } from './support/proposals';
import { drawWithFinger, drawWithMouse, SIGNATURE_PATH, strokeOn } from './support/signature-pad';

/**
 * Right to left for real (issue 25, part 5): an Arabic proposal's page at 390 px and 1280 px, in
 * light and dark, reads from the right, nothing reaches past the screen, axe finds nothing, the
 * pricing choice changes the total, and the signature pad draws (a finger on the phone, the mouse
 * on the desktop) and signs. The page's words are found by their Arabic, as a reader finds them.
 */

const ar = serverI18n('ar');

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, touch: false },
] as const;

async function openAs(browser: Browser, baseURL: string, size: (typeof SIZES)[number], scheme: 'light' | 'dark') {
  const context = await browser.newContext({
    viewport: size.viewport,
    hasTouch: size.touch,
    isMobile: size.touch,
    colorScheme: scheme,
    locale: 'en-US',
    baseURL,
  });
  return { context, page: await context.newPage() };
}

/** The sign form, brought into view and loaded (it loads as the reader comes near it). */
async function signForm(page: Page) {
  await page
    .getByRole('region', { name: ar._('Sign this proposal') })
    .evaluate((section) => section.scrollIntoView({ block: 'center' }));
  const form = page.getByRole('form', { name: ar._('Sign the proposal') });
  await expect(form.getByRole('group', { name: ar._('Your signature') })).toBeVisible();
  return form;
}

test('an Arabic proposal reads right to left at 390 and 1280 px, light and dark; choices and the signature pad work', async ({
  browser,
  baseURL,
  newContext,
  signUpViaApi,
  mail,
  consoleGuard,
}) => {
  test.slow();
  const origin = new URL(baseURL!).origin;
  const ownerContext = await newContext();
  const user = await signUpViaApi(ownerContext.request, newUser('owner'));
  await confirmViaApi(ownerContext, mail, user.email);
  const owner = api(ownerContext, origin);

  for (const size of SIZES) {
    const path = await sentInLanguage(owner, {
      title: 'عرض لتصميم الموقع',
      language: 'ar',
      email: `dana.${size.name}@example.com`,
      intro: '، إليك عرضنا لإعادة بناء موقعك.',
      signing: { methods: ['typed', 'drawn'] },
    });

    for (const scheme of ['dark', 'light'] as const) {
      const label = `Arabic client page, ${size.name}, ${scheme}`;
      const { context, page } = await openAs(browser, baseURL!, size, scheme);
      await consoleGuard.watch(context);
      try {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
        await expect(page.locator('main fieldset')).not.toHaveAttribute('disabled');
        // Read from the right: the heading starts at the right edge of its column.
        const heading = page.getByRole('heading', { level: 1 });
        expect(await heading.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
        if (scheme === 'dark') await page.getByRole('button', { name: ar._('Switch to the dark theme') }).click();
        const form = await signForm(page);
        await expectNothingWiderThanTheScreen(page, label);
        await expectNoAxeViolations(page, label);
        if (scheme === 'dark') {
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
          continue;
        }

        // The choice: ticking the optional line adds it to the total.
        const total = page
          .getByRole('region', { name: ar._('Sign this proposal') })
          .locator('[data-billing="one_off"] dd');
        const before = await total.textContent();
        await page.getByRole('checkbox', { name: 'SEO audit' }).check();
        await expect(total).not.toHaveText(before!);

        // The pad: drawn on, from the right-to-left page, then signed.
        await form.getByRole('tab', { name: ar._('Draw') }).click();
        const pad = form.getByRole('img', { name: ar._('Signature pad, empty') });
        await pad.scrollIntoViewIfNeeded();
        const drawn = form.getByRole('img', { name: ar._('Signature pad with your drawing') });
        await strokeOn(pad, SIGNATURE_PATH, (points) =>
          size.touch ? drawWithFinger(context, page, points) : drawWithMouse(page, points),
        );
        await expect(drawn).toBeVisible();
        await form
          .getByRole('checkbox', { name: ar._('I agree to the statement above and sign this proposal.') })
          .check();
        await expectNothingWiderThanTheScreen(page, `${label}, drawn`);
        await form.getByRole('button', { name: ar._('Sign and accept') }).click();
        await expect(page.locator('#certificate')).toBeVisible();
        await expectNothingWiderThanTheScreen(page, `${label}, signed`);
        await expectNoAxeViolations(page, `${label}, signed`);
      } finally {
        await context.close();
      }
    }
  }
});
