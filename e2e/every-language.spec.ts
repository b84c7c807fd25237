import type { Page } from '@playwright/test';
import { LANGUAGE_TAGS, textDirection, type TLanguage } from '@draftwell/shared/i18n/languages';
import { catalogsOf } from '../apps/server/src/lib/i18n';
import { expect, newUser, test } from './fixtures';
import { setPlan } from './support/admin';
import { englishLeft, englishMessages } from './support/english-left';
import { api, CLIENT, confirmViaApi, sentInLanguage } from './support/proposals';

/**
 * Issue 25's done-when, on the client's page: a proposal in each of the 16 languages, opened by a
 * signer whose browser asks for English (the proposal's language wins), is rendered and hydrated
 * in that language (`<html lang dir>` and Content-Language say so) and shows nothing in English
 * beyond the owner's own text: while it is read and signable, and once signed, with its
 * certificate. The signer's mails and the sealed PDF are the API tests'
 * (apps/server/test/every-language.test.ts).
 */

let english: string[] = [];
test.beforeAll(async () => {
  english = await englishMessages();
});

/** What a reader sees and hears: the page's text, and the labels only assistive technology reads. */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? ''),
    );
    return [document.title, document.body.innerText, ...labels].join('\n');
  });
}

/** Opens the link as a new reader, and waits until the page is hydrated and all of it has loaded. */
async function openAll(page: Page, url: string, language: TLanguage) {
  const response = await page.goto(url);
  expect(response!.status()).toBe(200);
  expect(response!.headers()['content-language']).toBe(language);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', language);
  await expect(html).toHaveAttribute('dir', textDirection(language)!);
  await expect(page.locator('main fieldset')).not.toHaveAttribute('disabled');
  // The parts below the fold load as they come near: bring each in.
  for (let i = 0; i < 4; i++) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
}

const halves = [LANGUAGE_TAGS.slice(0, 8), LANGUAGE_TAGS.slice(8)];

for (const languages of halves) {
  test(`the client’s page in ${languages.join(', ')}: nothing in English but the owner’s words`, async ({
    newContext,
    signUpViaApi,
    mail,
    baseURL,
  }) => {
    test.slow();
    const origin = new URL(baseURL!).origin;
    const ownerContext = await newContext();
    const user = await signUpViaApi(ownerContext.request, newUser('owner'));
    await confirmViaApi(ownerContext, mail, user.email);
    // Eight proposals sent: past the Free plan's five a month.
    await setPlan(baseURL!, user.email, 'pro');
    const owner = api(ownerContext, origin);
    const ownText = ['Dear', 'Fees', 'Website build', 'SEO audit', CLIENT.name, CLIENT.company, user.name];

    for (const language of languages) {
      const title = `Proposal ${language}`;
      const path = await sentInLanguage(owner, {
        title,
        language,
        email: `dana.${language.toLowerCase()}@example.com`,
      });
      const token = path.split('/').pop()!;
      const left = async (page: Page) =>
        englishLeft(
          await shownText(page),
          { english, translated: language === 'en' ? 'english' : catalogsOf(language) },
          [...ownText, title],
        );

      // A reader whose browser asks for English: the proposal's language is the page's.
      const context = await newContext({ locale: 'en-US' });
      const page = await context.newPage();
      await openAll(page, path, language);
      await expect(page.locator('form')).not.toHaveCount(0);
      expect(await left(page), `${language}: the page, open to sign`).toEqual([]);

      const shared = await context.request.get(`/api/share/${token}`);
      const { revision } = (await shared.json()) as { revision: { hash: string } };
      const signed = await context.request.post(`/api/share/${token}/accept`, {
        headers: { origin, 'content-type': 'application/json' },
        data: {
          name: CLIENT.name,
          email: `dana.${language.toLowerCase()}@example.com`,
          consent: true,
          revisionHash: revision.hash,
          selection: {},
          language,
        },
      });
      expect(signed.status(), await signed.text()).toBe(201);
      await openAll(page, path, language);
      await expect(page.locator('#certificate')).toBeVisible();
      expect(await left(page), `${language}: the page, signed, with its certificate`).toEqual([]);
      await context.close();
    }
  });
}
