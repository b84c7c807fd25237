import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { expect, expectNoAxeViolations, newUser, test } from './fixtures';
import { setPlan } from './support/admin';
import { api, CLIENT, inDays, sellingDocument, showSignForm, type TProposal } from './support/proposals';
import { drawWithFinger, drawWithMouse, SIGNATURE_PATH, strokeOn } from './support/signature-pad';

/**
 * Several signers on the client's page (issue 15): two client signers in order, each from the
 * link in their own email, the first drawing with a mouse, the second typing; the certificate
 * lists both. A phone (390 px) drawing with a finger and signing with the emailed code. Axe on
 * the sign form and on the state of a signer waiting for their turn. The owner's side is set up
 * through the API; their proposal page credits each visit to the signer whose link it was and
 * says who is left to sign (issue 24).
 */

type TSignerSpec = { name: string; email: string; role: string };
type TSigningState = { signers: Array<{ email: string; url: string | null }> };

/** An address nobody else in the run has, so each test reads only its own mail. */
const address = (who: string) => `${who}-${randomBytes(4).toString('hex')}@signers.e2e.draftwell.test`;

test.describe('several signers on /p/:token', () => {
  let ownerContext: BrowserContext;
  let ownerEmail: string;
  let origin: string;

  test.beforeEach(async ({ newContext, signUpViaApi, mail, baseURL }) => {
    ownerContext = await newContext();
    origin = new URL(baseURL!).origin;
    const owner = await signUpViaApi(ownerContext.request, newUser('owner'));
    ownerEmail = owner.email;
    const message = await mail.waitFor(owner.email, /^Confirm your email for Draftwell$/);
    expect((await ownerContext.request.get(mail.linkIn(message))).ok()).toBe(true);
  });

  /** A proposal sent to `signers` with these signing settings; each signer's link as the owner sees it. */
  async function sendTo(title: string, signers: TSignerSpec[], signing: Record<string, unknown>) {
    const owner = api(ownerContext, origin);
    const created = await owner.post<TProposal>('/api/proposals', { title });
    const ready = await owner.patch<TProposal>(`/api/proposals/${created.id}`, {
      version: created.version,
      client: { ...CLIENT, name: signers[0]!.name, email: signers[0]!.email },
      validUntil: inDays(20),
      document: sellingDocument(', here is how we would rebuild your website.'),
    });
    await owner.post(`/api/proposals/${created.id}/send`, { version: ready.version, message: '', signers, signing });
    const state = await owner.get<TSigningState>(`/api/proposals/${created.id}/signers`);
    const linkOf = (email: string) => state.signers.find((s) => s.email === email)!.url!;
    return { id: created.id, linkOf };
  }

  test('two client signers in order: the first draws with the mouse, the second types; the certificate lists both', async ({
    page,
    baseURL,
    newContext,
    mail,
  }) => {
    test.setTimeout(120_000);
    const title = `Website redesign ${randomBytes(3).toString('hex')}`;
    const ann = { name: 'Ann First', email: address('ann'), role: 'CEO' };
    const ben = { name: 'Ben Second', email: address('ben'), role: 'CFO' };
    // The owner's plan shows the reading figures, which name whose visits they were.
    await setPlan(baseURL!, ownerEmail, 'pro');
    const { id, linkOf } = await sendTo(title, [ann, ben], { order: 'sequential' });
    const ownerPage = await ownerContext.newPage();
    const ownerMain = ownerPage.getByRole('main');
    const ownerActivity = ownerMain.getByRole('region', { name: 'Activity', exact: true });
    const subject = new RegExp(`^Proposal: ${title}$`);

    // Ben's link works before his turn (the owner may have passed it on) and says whom he waits for.
    const benPage = await (await newContext()).newPage();
    await benPage.goto(linkOf(ben.email));
    const waiting = benPage.getByRole('region', { name: 'Waiting for Ann First to sign first' });
    await expect(waiting).toContainText("We'll email you when it's your turn.");
    await expect(benPage.getByRole('form', { name: 'Sign the proposal' })).toHaveCount(0);
    await expect(benPage.getByRole('link', { name: /PDF/ })).toBeVisible();
    const signers = benPage.getByRole('region', { name: 'Signers' });
    await signers.scrollIntoViewIfNeeded();
    await expect(signers.getByRole('listitem')).toHaveText([
      /^1Ann FirstCEOTheir turn to sign$/,
      /^2Ben SecondYouCFOWaiting for your turn$/,
    ]);
    await expect(benPage.getByRole('form', { name: 'Add a comment' })).toBeVisible();
    await expectNoAxeViolations(benPage, 'client page, waiting for their turn');

    // The owner sees Ben's visit as his, not as the first signer's: timeline, status line, reading.
    await ownerPage.goto(`/proposals/${id}`);
    await expect(ownerActivity).toContainText('Ben Second opened it');
    await expect(ownerActivity).not.toContainText('Ann First opened it');
    await expect(ownerMain.getByText('Ben Second opened it; no answer yet.', { exact: true })).toBeVisible();
    const reading = ownerMain.getByRole('region', { name: 'Reading by section' });
    await expect(reading).toContainText(/by Ben Second\./);
    await expect(reading).not.toContainText('Ann First');

    // Ann opens the link from her email, chooses an option and signs with a drawing.
    const annLink = mail.linkIn(await mail.waitFor(ann.email, subject));
    expect(new URL(annLink).pathname).toMatch(/^\/p\/[A-Za-z0-9_-]{43}$/);
    await page.goto(annLink);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('checkbox', { name: 'SEO audit' }).check();
    const annForm = await showSignForm(page);
    await expect(page.getByRole('region', { name: 'Signers' }).getByRole('listitem')).toHaveText([
      /^1Ann FirstYouCEOYour turn to sign$/,
      /^2Ben SecondCFOWaiting for their turn$/,
    ]);
    await expect(annForm.getByLabel('Full name')).toHaveValue(ann.name);
    await expect(annForm.getByLabel('Email')).toHaveValue(ann.email);
    await expectNoAxeViolations(page, 'client page, sign form');
    await annForm.getByRole('tab', { name: 'Draw' }).click();
    const pad = annForm.getByRole('img', { name: /^Signature pad/ });
    await expect(pad).toHaveAccessibleName('Signature pad, empty');
    await strokeOn(pad, SIGNATURE_PATH, (path) => drawWithMouse(page, path));
    await expect(pad).toHaveAccessibleName('Signature pad with your drawing');
    await expectNoAxeViolations(page, 'client page, sign form with a drawing');
    await annForm.getByRole('checkbox', { name: /I agree to the statement above/ }).check();
    await annForm.getByRole('button', { name: 'Sign', exact: true }).click();

    const signedTitle = page.getByRole('heading', { name: /^You signed on / });
    await expect(signedTitle).toBeFocused();
    await expect(page.getByRole('region', { name: /^You signed on / })).toContainText('Waiting for: Ben Second.');
    await expect(page.getByRole('form', { name: 'Sign the proposal' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'client page, signed and waiting for the others');

    // The owner's status line says who signed and who is left.
    await ownerPage.reload();
    await expect(ownerMain.getByText('Signed by Ann First · waiting for Ben Second', { exact: true })).toBeVisible();
    await expect(ownerMain.getByText(/no answer yet/)).toHaveCount(0);
    await expect(ownerActivity).toContainText('Ann First opened it');

    // Ben gets his link by email once Ann has signed; her choice holds for him.
    const benLink = mail.linkIn(await mail.waitFor(ben.email, subject));
    expect(benLink).toBe(linkOf(ben.email));
    await benPage.goto(benLink);
    await expect(benPage.getByRole('checkbox', { name: 'SEO audit' })).toHaveCount(0);
    await expect(benPage.locator('[data-line="seo"]')).toContainText('Optional · included');
    const benForm = await showSignForm(benPage);
    await expect(benPage.getByRole('region', { name: 'Sign this proposal' })).toContainText(
      'Chosen by the first signer, Ann First.',
    );
    await expect(benPage.getByRole('region', { name: 'Signers' }).getByRole('listitem').first()).toContainText(
      /Signed /,
    );
    // He types: the signature follows his name, which he corrects.
    await expect(benForm.getByRole('tab', { name: 'Type' })).toHaveAttribute('aria-selected', 'true');
    await benForm.getByLabel('Full name').fill('Ben A. Second');
    await expect(benForm.getByLabel('Your name as you sign it')).toHaveValue('Ben A. Second');
    await benForm.getByRole('checkbox', { name: /I agree to the statement above/ }).check();
    await benForm.getByRole('button', { name: 'Sign and accept' }).click();

    const certificate = benPage.getByRole('region', { name: 'Accepted by Ann First and Ben A. Second', exact: true });
    await expect(certificate.getByRole('heading', { name: 'Accepted by Ann First and Ben A. Second' })).toBeFocused();
    const signatures = certificate.getByRole('list', { name: 'Signatures' }).getByRole('listitem');
    await expect(signatures).toHaveCount(2);
    await expect(signatures.nth(0)).toContainText('Ann First');
    await expect(signatures.nth(0)).toContainText('CEO');
    await expect(signatures.nth(0)).toContainText(`Link emailed to ${ann.email}`);
    await expect(signatures.nth(0)).toContainText(/\d{1,2}:\d\d:\d\d UTC/);
    await expect(signatures.nth(0).getByRole('img', { name: 'Signature of Ann First' })).toBeVisible();
    await expect(signatures.nth(1)).toContainText('Ben A. Second');
    await expect(signatures.nth(1)).toContainText(`Link emailed to ${ben.email}`);
    await expect(signatures.nth(1).locator('[data-signature-mark="typed"]')).toHaveText('Ben A. Second');
    await expect(certificate).toContainText('SEO audit');
    await expectNoAxeViolations(benPage, 'client page, certificate of two signatures');

    // Ann's page, reloaded, shows the same certificate.
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Accepted by Ann First and Ben A. Second', exact: true }),
    ).toBeVisible();
  });

  test('on a phone (390 px): drawing with a finger, and signing with the code from the email', async ({
    browser,
    baseURL,
    consoleGuard,
    mail,
  }) => {
    test.setTimeout(90_000);
    const title = `Phone signing ${randomBytes(3).toString('hex')}`;
    const dana = { name: 'Dana Reyes', email: address('dana'), role: '' };
    const { linkOf } = await sendTo(title, [dana], { emailCode: true, methods: ['typed', 'drawn'] });
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      baseURL,
    });
    await consoleGuard.watch(context);
    try {
      const phone = await context.newPage();
      await phone.goto(linkOf(dana.email));
      const form = await showSignForm(phone);
      await form.getByRole('tab', { name: 'Draw' }).click();
      const pad = form.getByRole('img', { name: /^Signature pad/ });
      await pad.scrollIntoViewIfNeeded();
      const scrolledBefore = await phone.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { pointerTypes: string[] }).pointerTypes = seen;
        document.addEventListener('pointerdown', (e) => seen.push(e.pointerType), true);
        return window.scrollY;
      });
      await strokeOn(pad, SIGNATURE_PATH, (path) => drawWithFinger(context, phone, path));
      await expect(pad).toHaveAccessibleName('Signature pad with your drawing');
      expect(await phone.evaluate(() => (window as unknown as { pointerTypes: string[] }).pointerTypes)).toEqual([
        'touch',
      ]);
      // The finger drew; the page did not scroll under it.
      expect(await phone.evaluate(() => window.scrollY)).toBe(scrolledBefore);

      // The code: asked for, read from the email, typed.
      const codeStep = form.getByRole('group', { name: 'Code from your email' });
      await codeStep.getByRole('button', { name: 'Email me a code' }).click();
      await expect(codeStep.getByRole('status')).toContainText(/^We sent a code to d\*\*\*@/);
      const codeMail = await mail.waitFor(dana.email, /is your code to sign/);
      const code = /^(\d{6}) is your code/.exec(codeMail.subject)![1]!;
      const codeInput = codeStep.getByLabel('6-digit code');
      await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
      await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
      await codeInput.fill(code);
      await form.getByRole('checkbox', { name: /I agree to the statement above/ }).check();

      const { scrollWidth, clientWidth } = await phone.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      await expectNoAxeViolations(phone, 'client page, phone, sign form with a code');

      await form.getByRole('button', { name: 'Sign and accept' }).click();
      const certificate = phone.getByRole('region', { name: 'Accepted by Dana Reyes', exact: true });
      await expect(certificate).toBeVisible();
      const signature = certificate.getByRole('list', { name: 'Signatures' }).getByRole('listitem');
      await expect(signature.getByRole('img', { name: 'Signature of Dana Reyes' })).toBeVisible();
      await expect(signature).toContainText(`Code emailed to ${dana.email}`);
    } finally {
      await context.close();
    }
  });
});
