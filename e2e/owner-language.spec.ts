import type { Messages } from '@draftwell/shared/i18n/i18n';
import { messages as appDe } from '@draftwell/shared/i18n/catalogs/app/de';
import { messages as appJa } from '@draftwell/shared/i18n/catalogs/app/ja';
import { messages as publicDe } from '@draftwell/shared/i18n/catalogs/public/de';
import { messages as publicJa } from '@draftwell/shared/i18n/catalogs/public/ja';
import { messages as verifyDe } from '@draftwell/shared/i18n/catalogs/verify/de';
import { messages as verifyJa } from '@draftwell/shared/i18n/catalogs/verify/ja';
import { catalogsOf } from '../apps/server/src/lib/i18n';
import { expect, newUser, test } from './fixtures';
import { englishLeft, englishMessages } from './support/english-left';
import { shownText } from './support/shown-text';
import { confirmViaApi } from './support/proposals';

/**
 * Issue 25 part 7: the owner's screens in the owner's language. A browser that asks for German
 * gets the app in German before any choice; Profile's choice is kept on the account (another
 * device, whatever its browser asks, follows it) and "As my browser" goes back. Each screen an
 * owner opens first shows nothing in English but what the owner wrote.
 */
let english: string[] = [];
test.beforeAll(async () => {
  english = await englishMessages(['page', 'page-later', 'verify', 'public', 'app']);
});

const APP: Record<'de' | 'ja', Messages[]> = { de: [verifyDe, publicDe, appDe], ja: [verifyJa, publicJa, appJa] };
const catalogs = (language: 'de' | 'ja') => ({ english, translated: [...catalogsOf(language), ...APP[language]] });

/** The screens an owner opens first, each checked once loaded. */
const SCREENS = [
  { path: '/dashboard', ready: 'main h1' },
  { path: '/profile', ready: 'main h1' },
  { path: '/profile?tab=business', ready: 'main form' },
  { path: '/profile?tab=plan', ready: 'main h1' },
  { path: '/profile?tab=payments', ready: 'main h1' },
  { path: '/profile?tab=clients', ready: 'main h1' },
  { path: '/profile?tab=items', ready: 'main h1' },
  { path: '/profile?tab=developers', ready: 'main h1' },
  { path: '/library', ready: 'main h1' },
] as const;

test('the owner’s screens follow the browser’s language, then Profile’s choice on every device', async ({
  newContext,
  signUpViaApi,
  mail,
}) => {
  test.slow();
  const context = await newContext({ locale: 'de-DE' });
  const user = await signUpViaApi(context.request, newUser('sprache'));
  await confirmViaApi(context, mail, user.email);
  const page = await context.newPage();

  // The browser asks for German: the app speaks it from the first screen, with no choice made.
  await page.goto('/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // Every account starts with example sections, in English for now: they are the owner's to edit
  // or delete, and deleted here, so the library's own words show (its empty state).
  const own = [user.name, user.email, 'Draftwell'];
  const origin = new URL(page.url()).origin;
  const sections = (await (await context.request.get('/api/saved-sections')).json()) as { items: { id: string }[] };
  for (const { id } of sections.items) {
    const res = await context.request.delete(`/api/saved-sections/${id}`, { headers: { origin } });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }

  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(page.locator(screen.ready).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(englishLeft(await shownText(page), catalogs('de'), own), `English on ${screen.path}`).toEqual([]);
  }

  // Names the runtime writes (not the catalogs) are in the app's language too.
  await page.goto('/profile?tab=business');
  await expect(page.getByRole('option', { name: 'GBP — Britisches Pfund' })).toBeAttached();

  // Profile's choice: Japanese, kept on the account.
  await page.goto('/profile');
  const choice = page.getByLabel('Sprache der App');
  await expect(choice).toHaveValue('browser');
  await choice.selectOption('ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByLabel('アプリの言語')).toHaveValue('ja');
  expect(englishLeft(await shownText(page), catalogs('ja'), own), 'English on /profile in Japanese').toEqual([]);

  // Another device (the session's cookie, nothing this browser kept), whose browser asks for
  // English, follows the account once signed in.
  const { cookies } = await context.storageState();
  const other = await newContext({ locale: 'en-US', storageState: { cookies, origins: [] } });
  const there = await other.newPage();
  await there.goto('/dashboard');
  await expect(there.locator('html')).toHaveAttribute('lang', 'ja');
  await there.reload();
  await expect(there.locator('html')).toHaveAttribute('lang', 'ja');

  // "As my browser" goes back to each browser's own.
  await page.getByLabel('アプリの言語').selectOption('browser');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await there.goto('/profile');
  await expect(there.locator('html')).toHaveAttribute('lang', 'en');
  await expect(there.getByLabel('Language of the app')).toHaveValue('browser');
});
