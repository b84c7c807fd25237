import type { Page } from '@playwright/test';
import type { Messages } from '@draftwell/shared/i18n/i18n';
import { LANGUAGES, type TLanguage } from '@draftwell/shared/i18n/languages';
import { messages as publicDe } from '@draftwell/shared/i18n/catalogs/public/de';
import { messages as publicFr } from '@draftwell/shared/i18n/catalogs/public/fr';
import { messages as verifyAr } from '@draftwell/shared/i18n/catalogs/verify/ar';
import { messages as verifyDe } from '@draftwell/shared/i18n/catalogs/verify/de';
import { messages as verifyFr } from '@draftwell/shared/i18n/catalogs/verify/fr';
import { catalogsOf } from '../apps/server/src/lib/i18n';
import { expect, test } from './fixtures';
import { englishLeft, englishMessages } from './support/english-left';
import { shownText } from './support/shown-text';

/**
 * Issue 25: the public pages in the reader's language. The server renders each in the closest of
 * its languages the browser asks for (the app's six; /verify, which clients read, in all sixteen),
 * the browser hydrates it in the same words, and the footer's choice is kept on the device. Each
 * page shows nothing in English but names ("Draftwell", the languages' own names).
 */
let english: string[] = [];
test.beforeAll(async () => {
  english = await englishMessages(['page', 'page-later', 'verify', 'public']);
});

const SITE: Partial<Record<TLanguage, Messages[]>> = {
  de: [verifyDe, publicDe],
  fr: [verifyFr, publicFr],
  ar: [verifyAr],
};
const catalogs = (language: TLanguage) => ({
  english,
  translated: [...catalogsOf(language), ...(SITE[language] ?? [])],
});
/**
 * Not translated: the product's name, the API's, the cookies' names (privacy), and each language's
 * own name in the switcher.
 */
const OWN = ['Draftwell', 'API', 'draftwell.session_token', 'draftwell_language', ...LANGUAGES.map((l) => l.native)];

const PAGES = ['/', '/pricing', '/about', '/contact', '/privacy', '/auth', '/verify', '/nope'] as const;

/** Once the page is hydrated (its language switcher is enabled only then) and drawn. */
async function hydrated(page: Page) {
  await expect(page.locator('footer select')).toBeEnabled();
  await expect(page.locator('main h1').first()).toBeVisible();
}

test('the public pages speak the browser’s language, hydrate in it, and the footer’s choice is kept', async ({
  newContext,
  consoleGuard,
}) => {
  test.slow();
  // The 404 page is served with its status. Any other console error (a hydration mismatch, which
  // React reports as one) fails the test (fixtures.ts).
  consoleGuard.allow(/status of 404 \(Not Found\) \[[^\]]*\/nope\]/);
  const context = await newContext({ locale: 'de-DE' });
  const page = await context.newPage();

  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('html'), path).toHaveAttribute('lang', 'de');
    await hydrated(page);
    expect(englishLeft(await shownText(page), catalogs('de'), OWN), `English on ${path}`).toEqual([]);
  }
  // A link between public pages stays in the language (drawn in place, no document loaded).
  await page.goto('/pricing');
  await hydrated(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  expect(englishLeft(await shownText(page), catalogs('de'), OWN), 'English after a link').toEqual([]);

  // The footer's choice: French, on this device from now on, whatever the browser asks.
  await page.getByLabel('Sprache dieser Seite').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await hydrated(page);
  await expect(page.getByLabel('Langue de cette page')).toHaveValue('fr');
  expect(englishLeft(await shownText(page), catalogs('fr'), OWN), 'English after choosing French').toEqual([]);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  // On a phone in Japanese (no spaces to break at), the small screens' menu scrolls rather than
  // breaking its words over two lines.
  const japanese = await newContext({ locale: 'ja-JP', viewport: { width: 390, height: 800 } });
  const ja = await japanese.newPage();
  await ja.goto('/pricing');
  await hydrated(ja);
  const menu = ja.getByRole('navigation', { name: 'メインメニュー（小さな画面）' });
  for (const link of await menu.getByRole('link').all()) {
    const lines = await link.evaluate((el) => {
      const text = document.createRange();
      text.selectNodeContents(el);
      return new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines, await link.innerText()).toBe(1);
  }

  // /verify in a language the other pages do not come in: Arabic, right to left; a link to
  // pricing from there loads its document, which the server gives in the closest it has.
  const arabic = await newContext({ locale: 'ar-EG' });
  const ar = await arabic.newPage();
  await ar.goto('/verify');
  await expect(ar.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await hydrated(ar);
  expect(englishLeft(await shownText(ar), catalogs('ar'), OWN), 'English on /verify in Arabic').toEqual([]);
  await ar.locator('header nav a[href="/pricing"]').first().click();
  await expect(ar).toHaveURL(/\/pricing$/);
  await expect(ar.locator('html')).toHaveAttribute('lang', 'en');
  await hydrated(ar);
});
