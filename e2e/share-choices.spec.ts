import type { BrowserContext, Page } from '@playwright/test';
import type { TDocument, TPricingTable } from '@draftwell/shared/document';
import { expect, expectNoAxeViolations, newUser, test } from './fixtures';
import { api, CLIENT, inDays, showSignForm, type TProposal } from './support/proposals';
import { sellingDocument } from './support/selling-document';

/**
 * The client's choices on /p/:token: a quantity chosen within the sender's range (the range is
 * shown; a number outside it gets a message beside the field and cannot be accepted), and every
 * unsent choice (options, quantities, package) kept on the device per revision, through a reload,
 * until the proposal is answered. The owner's side is set up through the API.
 */

/**
 * The sample proposal with "Pages" the client may take 4 to 12 of (6 by default, $100 each), and a
 * choice of hosting package (Basic $20 a month, chosen; Pro $50 a month). `price`: the build.
 */
function choicesDocument(price = 150_000): TDocument {
  const document = sellingDocument({ intro: ', here is how we would rebuild your website.', price });
  const fees = document.blocks.find((b): b is TPricingTable => b.type === 'pricing_table')!;
  const base = { discountPercent: 0, taxPercent: 0, optional: false } as const;
  fees.lines.push({
    ...base,
    id: 'pages',
    description: 'Pages',
    quantity: 6000,
    unit: 'pages',
    unitPrice: 10_000,
    billing: 'one_off',
    selected: true,
    quantityRange: { min: 4000, max: 12_000 },
  });
  const hosting: TPricingTable = {
    id: 'hosting',
    type: 'pricing_table',
    title: 'Hosting',
    kind: 'choice',
    lines: [
      {
        ...base,
        id: 'basic',
        description: 'Basic',
        quantity: 1000,
        unit: '',
        unitPrice: 2_000,
        billing: 'monthly',
        selected: true,
      },
      {
        ...base,
        id: 'pro',
        description: 'Pro',
        quantity: 1000,
        unit: '',
        unitPrice: 5_000,
        billing: 'monthly',
        selected: false,
      },
    ],
  };
  return { ...document, blocks: [...document.blocks, hosting] };
}

const KEPT = 'draftwell:choices:';

/** The keys of choices kept in this page's localStorage. */
const keptKeys = (page: Page) =>
  page.evaluate((prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix)), KEPT);

const acceptRegion = (page: Page) => page.getByRole('region', { name: 'Sign this proposal' });
const total = (page: Page, kind: 'one_off' | 'monthly') => acceptRegion(page).locator(`[data-billing="${kind}"] dd`);
const pages = (page: Page) => page.getByRole('spinbutton', { name: 'Quantity of Pages' });
const feesTable = (page: Page) => page.locator('[data-block="pricing_table"]').filter({ hasText: 'Website build' });

async function fillAcceptForm(page: Page) {
  const form = await showSignForm(page);
  await expect(form.getByLabel('Full name')).toHaveValue('Dana Reyes');
  await expect(form.getByLabel('Email')).toHaveValue('dana@example.com');
  await form.getByRole('checkbox', { name: /I agree to the statement above/ }).check();
  return form;
}

test.describe('the client’s choices on /p/:token', () => {
  let ownerContext: BrowserContext;
  let origin: string;

  test.beforeEach(async ({ newContext, signUpViaApi, mail, baseURL }) => {
    ownerContext = await newContext();
    origin = baseURL!;
    const owner = await signUpViaApi(ownerContext.request, newUser('owner'));
    const message = await mail.waitFor(owner.email, /^Confirm your email for Draftwell$/);
    expect((await ownerContext.request.get(mail.linkIn(message))).ok()).toBe(true);
  });

  /** Sends the proposal (again, with the build at `price`, for a new revision); its link's path. */
  async function send(id?: string, price?: number): Promise<{ id: string; path: string }> {
    const owner = api(ownerContext, origin);
    const proposal = id
      ? await owner.get<TProposal>(`/api/proposals/${id}`)
      : await owner.post<TProposal>('/api/proposals', { title: 'Website redesign' });
    const ready = await owner.patch<TProposal>(`/api/proposals/${proposal.id}`, {
      version: proposal.version,
      client: CLIENT,
      validUntil: inDays(20),
      document: choicesDocument(price),
    });
    await owner.post(`/api/proposals/${proposal.id}/send`, { version: ready.version, message: '' });
    const { url } = await owner.get<{ url: string }>(`/api/proposals/${proposal.id}/share-link`);
    return { id: proposal.id, path: new URL(url).pathname };
  }

  test('the range is shown; a number outside it gets a message beside the field and cannot be accepted', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const { path } = await send();
    await page.goto(path);
    await expect(pages(page)).toHaveValue('6');
    await expect(pages(page)).toHaveAccessibleDescription('Choose 4 to 12');
    await expect(feesTable(page)).toContainText('Choose 4 to 12');
    await showSignForm(page);
    await expect(total(page, 'one_off')).toHaveText('$2,100');

    // Too many: the number stays, with a message tied to the field, also once the field is left.
    await pages(page).fill('14');
    await expect(pages(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(pages(page)).toHaveAccessibleDescription('14 is more than 12. Choose 4 to 12.');
    await pages(page).press('Tab');
    await expect(pages(page)).toHaveValue('14');
    await expect(pages(page)).toHaveAccessibleDescription('14 is more than 12. Choose 4 to 12.');
    await expect(feesTable(page).getByRole('alert')).toHaveText('Choose a quantity from 4 to 12 for "Pages"; got 14.');
    await expect(acceptRegion(page)).toContainText('Check the quantities marked in the pricing above.');
    await expectNoAxeViolations(page, 'client page, quantity out of range');

    const form = await fillAcceptForm(page);
    await form.getByRole('button', { name: 'Sign and accept' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Some of your choices are not valid yet. Check the quantities marked in the pricing above.',
    );
    await expect(page.getByRole('region', { name: /^Accepted by/ })).toHaveCount(0);

    // Too few, then one that fits: the message goes and the totals follow.
    await pages(page).fill('3');
    await expect(pages(page)).toHaveAccessibleDescription('3 is less than 4. Choose 4 to 12.');
    await pages(page).fill('9');
    await expect(pages(page)).not.toHaveAttribute('aria-invalid');
    await expect(pages(page)).toHaveAccessibleDescription('Choose 4 to 12');
    await expect(total(page, 'one_off')).toHaveText('$2,400');
    await form.getByRole('button', { name: 'Sign and accept' }).click();
    const certificate = page.getByRole('region', { name: 'Accepted by Dana Reyes', exact: true });
    await expect(certificate).toContainText('9 pages');
    await expect(certificate).toContainText('$2,400');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`on a phone (375 px), ${theme}: the range and its message fit beside the field`, async ({
      browser,
      baseURL,
    }, testInfo) => {
      test.setTimeout(60_000);
      const { path } = await send();
      const context = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL });
      try {
        const phone = await context.newPage();
        if (theme === 'dark') await phone.addInitScript(() => localStorage.setItem('theme', 'dark'));
        await phone.goto(path);
        if (theme === 'dark') await expect(phone.locator('html')).toHaveClass(/dark/);
        else await expect(phone.locator('html')).not.toHaveClass(/dark/);
        const field = pages(phone);
        await expect(field).toHaveAccessibleDescription('Choose 4 to 12');
        const table = feesTable(phone);
        // For a person to look at (the report keeps them); nothing compares them.
        const snapshot = async (name: string) => {
          const file = testInfo.outputPath(`${name}.png`);
          await table.screenshot({ path: file });
          await testInfo.attach(name, { path: file, contentType: 'image/png' });
        };
        await snapshot(`pricing-375-${theme}-range`);

        await field.fill('14');
        await field.press('Tab');
        await expect(field).toHaveAccessibleDescription('14 is more than 12. Choose 4 to 12.');
        // The message sits under the field, inside its row, and nothing scrolls sideways.
        const [fieldBox, noteBox, rowBox] = await Promise.all([
          field.boundingBox(),
          table.getByText('14 is more than 12. Choose 4 to 12.').boundingBox(),
          table.locator('[data-line="pages"]').boundingBox(),
        ]);
        expect(noteBox!.y).toBeGreaterThanOrEqual(fieldBox!.y + fieldBox!.height);
        expect(noteBox!.x + noteBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width);
        const { scrollWidth, clientWidth } = await phone.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
        await expectNoAxeViolations(phone, `client page, phone, quantity out of range, ${theme}`);
        await snapshot(`pricing-375-${theme}-out-of-range`);
      } finally {
        await context.close();
      }
    });
  }

  test('unsent choices survive a reload; stale or corrupt ones are dropped; a new revision and an answer start afresh', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const { id, path } = await send();
    await page.goto(path);
    await showSignForm(page);
    await expect(total(page, 'one_off')).toHaveText('$2,100');
    await expect(total(page, 'monthly')).toHaveText('$20');

    await page.getByRole('checkbox', { name: 'SEO audit' }).check();
    await pages(page).fill('9');
    await page.getByRole('radio', { name: 'Pro' }).check();
    await expect(total(page, 'one_off')).toHaveText('$2,800');
    await expect(total(page, 'monthly')).toHaveText('$50');

    await page.reload();
    await showSignForm(page);
    await expect(page.getByRole('checkbox', { name: 'SEO audit' })).toBeChecked();
    await expect(pages(page)).toHaveValue('9');
    await expect(page.getByRole('radio', { name: 'Pro' })).toBeChecked();
    await expect(total(page, 'one_off')).toHaveText('$2,800');
    await expect(total(page, 'monthly')).toHaveText('$50');

    // What no longer fits the lines is dropped, what fits is kept.
    const [key] = await keptKeys(page);
    expect(key).toBeDefined();
    const keep = async (value: string) => {
      await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [key, value]);
      await page.reload();
      await showSignForm(page);
    };
    await keep(
      JSON.stringify({
        seo: { selected: true },
        pages: { quantity: 40_000 },
        build: { selected: false },
        basic: { selected: true },
        pro: { selected: true },
        gone: { selected: true },
      }),
    );
    await expect(page.getByRole('checkbox', { name: 'SEO audit' })).toBeChecked();
    await expect(pages(page)).toHaveValue('6');
    await expect(page.getByRole('radio', { name: 'Basic' })).toBeChecked();
    await expect(total(page, 'one_off')).toHaveText('$2,500');
    await keep('{"seo":');
    await expect(page.getByRole('checkbox', { name: 'SEO audit' })).not.toBeChecked();
    await expect(total(page, 'one_off')).toHaveText('$2,100');

    // A new revision starts from the sender's defaults; the old revision's choices are forgotten.
    await page.getByRole('checkbox', { name: 'SEO audit' }).check();
    await expect(total(page, 'one_off')).toHaveText('$2,500');
    await send(id, 180_000);
    await page.reload();
    await expect(page.getByText(/This is revision 2, sent /)).toBeVisible();
    await showSignForm(page);
    await expect(page.getByRole('checkbox', { name: 'SEO audit' })).not.toBeChecked();
    await expect(total(page, 'one_off')).toHaveText('$2,400');
    await expect.poll(() => keptKeys(page)).toEqual([]);

    // Once accepted, nothing is kept.
    await page.getByRole('checkbox', { name: 'SEO audit' }).check();
    await expect.poll(() => keptKeys(page)).toHaveLength(1);
    const form = await fillAcceptForm(page);
    await form.getByRole('button', { name: 'Sign and accept' }).click();
    await expect(page.getByRole('region', { name: 'Accepted by Dana Reyes', exact: true })).toContainText('SEO audit');
    await expect.poll(() => keptKeys(page)).toEqual([]);
  });

  test('a decline forgets the choices too', async ({ page }) => {
    const { path } = await send();
    await page.goto(path);
    await page.getByRole('radio', { name: 'Pro' }).check();
    await expect.poll(() => keptKeys(page)).toHaveLength(1);
    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline this proposal?' });
    await dialog.getByRole('button', { name: 'Decline proposal' }).click();
    await expect(page.getByRole('region', { name: /^Declined on / })).toBeVisible();
    await expect.poll(() => keptKeys(page)).toEqual([]);
  });
});
