import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, newUser, test } from './fixtures';
import { api, CLIENT, inDays, sellingDocument, type TProposal } from './support/proposals';

const LANGS = (process.env.SHOT_LANGS ?? 'ja').split(',');

test('screenshots', async ({ browser, newContext, signUpViaApi, mail, baseURL }) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  const ownerContext = await newContext();
  const user = await signUpViaApi(ownerContext.request, newUser('owner'));
  const confirm = await mail.waitFor(user.email, /^Confirm your email for Draftwell$/);
  expect((await ownerContext.request.get(mail.linkIn(confirm))).ok()).toBe(true);
  const owner = api(ownerContext, origin);
  for (const language of LANGS) {
    const created = await owner.post<TProposal>('/api/proposals', { title: language === 'ar' ? 'إعادة تصميم الموقع' : 'ウェブサイト刷新' });
    const ready = await owner.patch<TProposal>(`/api/proposals/${created.id}`, {
      version: created.version, language, client: { ...CLIENT, email: `d.${language}@example.com` }, validUntil: inDays(20),
      document: sellingDocument(language === 'ar' ? '، إليك عرضنا.' : '、ご提案をお送りします。'),
    });
    await owner.post(`/api/proposals/${created.id}/send`, { version: ready.version, message: '' });
    const { url } = await owner.get<{ url: string }>(`/api/proposals/${created.id}/share-link`);
    const path = new URL(url).pathname;
    for (const [name, viewport, dark] of [['desktop-light', { width: 1280, height: 900 }, false], ['phone-dark', { width: 390, height: 844 }, true]] as const) {
      const context = await browser.newContext({ viewport, baseURL, isMobile: name.startsWith('phone'), hasTouch: name.startsWith('phone') });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.locator('main fieldset')).not.toHaveAttribute('disabled');
      if (dark) await page.evaluate(() => { localStorage.setItem('theme', 'dark'); });
      if (dark) await page.reload();
      for (let i = 0; i < 4; i++) { await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)); await page.waitForLoadState('networkidle'); }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/shots/${language}-${name}.png`, fullPage: name.startsWith('desktop') });
      const form = page.locator('form').first();
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots/${language}-${name}-form.png` });
      await context.close();
    }
    // Sign and fetch the sealed PDF
    const token = path.split('/').pop()!;
    const shared = await ownerContext.request.get(`/api/share/${token}`);
    const { revision } = (await shared.json()) as { revision: { hash: string } };
    const signed = await ownerContext.request.post(`/api/share/${token}/accept`, {
      headers: { origin, 'content-type': 'application/json' },
      data: { name: 'Dana Reyes', email: `d.${language}@example.com`, consent: true, revisionHash: revision.hash, selection: { seo: { selected: true } }, language },
    });
    expect(signed.status()).toBe(201);
    let pdf: Buffer | null = null;
    for (let i = 0; i < 60 && !pdf; i++) {
      const r = await ownerContext.request.get(`/api/share/${token}/sealed-pdf`);
      if (r.status() === 200) pdf = Buffer.from(await r.body()); else await new Promise((res) => setTimeout(res, 500));
    }
    if (pdf) {
      writeFileSync(`/tmp/shots/${language}.pdf`, pdf);
      execFileSync('pdftoppm', ['-png', '-r', '60', `/tmp/shots/${language}.pdf`, `/tmp/shots/${language}-pdf`]);
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL });
    const page = await context.newPage();
    await page.goto(path);
    await page.locator('#certificate').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/${language}-certificate.png` });
    await context.close();
  }
});
