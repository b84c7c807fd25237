import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

/**
 * The drafting workspace's blocks, edited in the browser and checked where they are stored
 * (GET /api/proposals/:id): pricing tables (typed lines, saved items, optional lines, quantity
 * ranges, packages, order, totals per billing kind), timelines, signatures and rich-text tables.
 * Amounts are worked out by hand in the comments; the shared math rounds every step half away
 * from zero, per line, and never rounds a sum again. Whole amounts show without cents ($3,240),
 * as the app's money format does.
 */

type TNode = { type: string; text?: string; attrs?: Record<string, unknown>; content?: TNode[] };
type TBlock = { id: string; type: string; content?: TNode; [key: string]: unknown };
type TAmounts = { net: number; discount: number; tax: number; total: number };
type TProposal = {
  id: string;
  version: number;
  document: { version: 1; blocks: TBlock[] };
  totals: Record<'one_off' | 'monthly' | 'yearly', TAmounts>;
};

async function apiPost<T>(page: Page, baseURL: string, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(url, {
    headers: { origin: new URL(baseURL).origin, 'content-type': 'application/json' },
    data,
  });
  expect(res.status(), `POST ${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

async function serverCopy(page: Page, id: string): Promise<TProposal> {
  const res = await page.request.get(`/api/proposals/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TProposal;
}

async function savedBlock(page: Page, id: string, type: string): Promise<TBlock | undefined> {
  return (await serverCopy(page, id)).document.blocks.find((block) => block.type === type);
}

/** Every text of a rich-text node, in order. */
function textsOf(node: TNode | undefined): string[] {
  if (!node) return [];
  return [...(node.text ? [node.text] : []), ...(node.content ?? []).flatMap(textsOf)];
}

const editorBox = (page: Page) => page.getByRole('textbox', { name: 'Proposal content' });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });

async function insertBlock(page: Page, name: string) {
  await toolbar(page).getByRole('button', { name: 'Insert' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}

/** A field of pricing line `n`: "Quantity for line 2" and so on. */
const lineField = (pricing: Locator, label: string, n: number) =>
  pricing.getByLabel(`${label} for line ${n}`, { exact: true });

/**
 * The totals box as the person reads it: one entry per billing kind (keyed by its heading, or
 * "" when there is only one kind), each the list of terms and amounts shown.
 */
function totalsShown(pricing: Locator): Promise<Record<string, Record<string, string>>> {
  return pricing.getByRole('group', { name: 'Totals' }).evaluate((group) => {
    const shown: Record<string, Record<string, string>> = {};
    for (const section of Array.from(group.children)) {
      const list = section.querySelector('dl');
      if (!list) continue;
      const heading = section.querySelector(':scope > p')?.textContent ?? '';
      const rows: Record<string, string> = {};
      for (const term of Array.from(list.querySelectorAll('dt'))) {
        rows[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
      }
      shown[heading] = rows;
    }
    return shown;
  });
}

const ZERO = { net: 0, discount: 0, tax: 0, total: 0 };

test('pricing table: typed lines, a saved item, an optional line and a quantity range, reordered, with exact totals per billing kind, saved', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const hosting = await apiPost<{ id: string }>(page, baseURL!, '/api/saved-items', {
    description: 'Managed hosting',
    unit: 'month',
    unitPrice: 4_999,
    currency: 'USD',
    taxRate: 1000,
    billing: 'monthly',
  });
  const draft = await apiPost<TProposal>(page, baseURL!, '/api/proposals', { title: 'Pricing in the editor' });
  await page.goto(`/edit-draft/${draft.id}`);
  const editor = editorBox(page);
  await editor.click();
  await insertBlock(page, 'Pricing table');
  const pricing = editor.locator('[data-structured="pricingTable"]');
  await expect(pricing.getByRole('table', { name: 'Line items' }).locator('tbody')).toHaveCount(1);

  // Line 1, typed: 2.5 days at 1,200.00 = 3,000.00; 10 % off leaves 2,700.00; 20 % tax is 540.00.
  await lineField(pricing, 'Description', 1).fill('Design workshop');
  await lineField(pricing, 'Quantity', 1).fill('2.5');
  await lineField(pricing, 'Unit', 1).fill('days');
  await pricing.getByLabel('Unit price in USD for line 1', { exact: true }).fill('1200');
  await lineField(pricing, 'Discount %', 1).fill('10');
  await lineField(pricing, 'Tax %', 1).fill('20');
  await expect(pricing.getByLabel('Total for line 1')).toHaveText('$3,240');
  await expect
    .poll(() => totalsShown(pricing))
    .toEqual({
      '': { Subtotal: '$3,000', Discount: '−$300', Tax: '$540', Total: '$3,240' },
    });

  // Line 2, from the saved items: 49.99 a month, 10 % tax (4.999 rounds to 5.00).
  await pricing.getByRole('button', { name: 'Add from saved items' }).click();
  const picker = page.getByRole('dialog', { name: 'Add from saved items' });
  await expect(picker.getByRole('list', { name: 'Saved items' }).getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page, 'the saved item picker');
  await picker.getByRole('button', { name: 'Add Managed hosting' }).click();
  await expect(picker).toBeHidden();
  await expect(lineField(pricing, 'Description', 2)).toHaveValue('Managed hosting');
  await expect(lineField(pricing, 'Unit', 2)).toHaveValue('month');
  await expect(lineField(pricing, 'Billing', 2)).toHaveValue('monthly');
  await expect(lineField(pricing, 'Tax %', 2)).toHaveValue('10');
  await expect(pricing.getByLabel('Total for line 2')).toHaveText('$54.99 / month');
  await expect
    .poll(() => totalsShown(pricing))
    .toEqual({
      'One-off': { Subtotal: '$3,000', Discount: '−$300', Tax: '$540', Total: '$3,240' },
      'Per month': { Subtotal: '$49.99', Tax: '$5', 'Total per month': '$54.99' },
    });

  // Line 3, optional: 3 pages at 150.00 = 450.00, counted while it is ticked in, left out once not.
  await pricing.getByRole('button', { name: 'Add line' }).click();
  await expect(lineField(pricing, 'Description', 3)).toBeFocused();
  await page.keyboard.type('Copywriting');
  await lineField(pricing, 'Quantity', 3).fill('3');
  await lineField(pricing, 'Unit', 3).fill('pages');
  await pricing.getByLabel('Unit price in USD for line 3', { exact: true }).fill('150');
  // Marking a line optional leaves it out until it is ticked in by default, as a separate choice.
  await lineField(pricing, 'Optional', 3).check();
  await expect(lineField(pricing, 'Ticked in by default', 3)).not.toBeChecked();
  await expect(pricing.getByLabel('Total for line 3')).toHaveText('$450');
  await expect
    .poll(async () => (await totalsShown(pricing))['One-off'])
    .toEqual({ Subtotal: '$3,000', Discount: '−$300', Tax: '$540', Total: '$3,240' });
  await lineField(pricing, 'Ticked in by default', 3).check();
  await expect
    .poll(async () => (await totalsShown(pricing))['One-off'])
    .toEqual({
      Subtotal: '$3,450',
      Discount: '−$300',
      Tax: '$540',
      Total: '$3,690',
    });
  await lineField(pricing, 'Ticked in by default', 3).uncheck();
  await expect
    .poll(async () => (await totalsShown(pricing))['One-off'])
    .toEqual({
      Subtotal: '$3,000',
      Discount: '−$300',
      Tax: '$540',
      Total: '$3,240',
    });

  // Line 4, the client picks 1 to 5 rounds: 2 at 75.50 = 151.00.
  await pricing.getByRole('button', { name: 'Add line' }).click();
  await lineField(pricing, 'Description', 4).fill('Extra revision round');
  await lineField(pricing, 'Quantity', 4).fill('2');
  await pricing.getByLabel('Unit price in USD for line 4', { exact: true }).fill('75.50');
  await pricing.getByLabel('Client can change quantity (line 4)', { exact: true }).check();
  const from = pricing.getByLabel('From (lowest quantity, line 4)', { exact: true });
  const to = pricing.getByLabel('To (highest quantity, line 4)', { exact: true });
  await expect(from).toHaveValue('1');
  await to.fill('5');
  await expect(pricing.getByLabel('Total for line 4')).toHaveText('$151');

  // The ranged line goes to the top, one step at a time.
  await pricing.getByRole('button', { name: 'Move line 4 up' }).click();
  await pricing.getByRole('button', { name: 'Move line 3 up' }).click();
  await pricing.getByRole('button', { name: 'Move line 2 up' }).click();
  await expect(pricing.getByRole('button', { name: 'Move line 1 up' })).toBeDisabled();
  await expect(lineField(pricing, 'Description', 1)).toHaveValue('Extra revision round');
  await expect(lineField(pricing, 'Description', 2)).toHaveValue('Design workshop');
  await expect(lineField(pricing, 'Description', 3)).toHaveValue('Managed hosting');
  await expect(lineField(pricing, 'Description', 4)).toHaveValue('Copywriting');
  await expect(pricing.getByLabel('Total for line 1')).toHaveText('$151');

  // One-off: 151.00 + 3,000.00 = 3,151.00 before the 300.00 discount; 540.00 tax; 3,391.00.
  await expect
    .poll(() => totalsShown(pricing))
    .toEqual({
      'One-off': { Subtotal: '$3,151', Discount: '−$300', Tax: '$540', Total: '$3,391' },
      'Per month': { Subtotal: '$49.99', Tax: '$5', 'Total per month': '$54.99' },
    });
  await expect(pricing).toContainText('With the optional lines ticked in by default.');

  await expect
    .poll(async () => {
      const saved = await serverCopy(page, draft.id);
      return { table: saved.document.blocks.find((b) => b.type === 'pricing_table'), totals: saved.totals };
    })
    .toMatchObject({
      table: {
        kind: 'lines',
        lines: [
          {
            description: 'Extra revision round',
            quantity: 2000,
            unitPrice: 7550,
            quantityRange: { min: 1000, max: 5000 },
            optional: false,
            billing: 'one_off',
          },
          {
            description: 'Design workshop',
            quantity: 2500,
            unit: 'days',
            unitPrice: 120_000,
            discountPercent: 1000,
            taxPercent: 2000,
            billing: 'one_off',
          },
          {
            description: 'Managed hosting',
            savedItemId: hosting.id,
            quantity: 1000,
            unit: 'month',
            unitPrice: 4_999,
            taxPercent: 1000,
            billing: 'monthly',
          },
          {
            description: 'Copywriting',
            quantity: 3000,
            unit: 'pages',
            unitPrice: 15_000,
            optional: true,
            selected: false,
            billing: 'one_off',
          },
        ],
      },
      totals: {
        one_off: { net: 285_100, discount: 30_000, tax: 54_000, total: 339_100 },
        monthly: { net: 4_999, discount: 0, tax: 500, total: 5_499 },
        yearly: ZERO,
      },
    });
  // Only the ranged line has a range.
  const lines = (await savedBlock(page, draft.id, 'pricing_table'))?.lines as { quantityRange?: unknown }[];
  expect(lines.map((line) => line.quantityRange ?? null)).toEqual([{ min: 1000, max: 5000 }, null, null, null]);

  await expectNoAxeViolations(page, 'editor with a filled pricing table');
});

test('pricing table as packages: the client picks one, and the chosen package alone is totalled and saved', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const draft = await apiPost<TProposal>(page, baseURL!, '/api/proposals', { title: 'Three packages' });
  await page.goto(`/edit-draft/${draft.id}`);
  const editor = editorBox(page);
  await editor.click();
  await insertBlock(page, 'Pricing table');
  const pricing = editor.locator('[data-structured="pricingTable"]');

  await pricing.getByLabel('Pricing table title').fill('Choose your website');
  await pricing.getByRole('radio', { name: 'Packages (client picks one)' }).check();
  await expect(pricing.getByRole('table', { name: 'Packages' })).toBeVisible();
  await expect(pricing.getByRole('button', { name: 'Add line' })).toHaveCount(0);
  await expect(pricing.getByLabel('Chosen package (line 1)')).toBeChecked();

  await lineField(pricing, 'Description', 1).fill('Starter site');
  await pricing.getByLabel('Unit price in USD for line 1', { exact: true }).fill('2000');
  await pricing.getByRole('button', { name: 'Add package' }).click();
  await lineField(pricing, 'Description', 2).fill('Growth site');
  await pricing.getByLabel('Unit price in USD for line 2', { exact: true }).fill('3500');
  await lineField(pricing, 'Tax %', 2).fill('20');
  await pricing.getByRole('button', { name: 'Add package' }).click();
  await lineField(pricing, 'Description', 3).fill('Care plan');
  await pricing.getByLabel('Unit price in USD for line 3', { exact: true }).fill('150');
  await lineField(pricing, 'Billing', 3).selectOption('monthly');

  // A package added later is not chosen: the first one still is, and it alone is totalled.
  await expect(pricing.getByLabel('Chosen package (line 1)')).toBeChecked();
  await expect(pricing.getByLabel('Chosen package (line 2)')).not.toBeChecked();
  await expect
    .poll(() => totalsShown(pricing))
    .toEqual({
      '': { Subtotal: '$2,000', Tax: '$0', Total: '$2,000' },
    });
  await expect(pricing).toContainText('For the chosen package.');

  // Growth: 3,500.00 + 20 % tax (700.00) = 4,200.00.
  await pricing.getByLabel('Chosen package (line 2)').check();
  await expect(pricing.getByLabel('Chosen package (line 1)')).not.toBeChecked();
  await expect(pricing.getByLabel('Total for line 2')).toHaveText('$4,200');
  await expect
    .poll(() => totalsShown(pricing))
    .toEqual({
      '': { Subtotal: '$3,500', Tax: '$700', Total: '$4,200' },
    });

  // The monthly care plan: 150.00 a month, and nothing one-off.
  await pricing.getByLabel('Chosen package (line 3)').check();
  await expect
    .poll(() => totalsShown(pricing))
    .toEqual({
      '': { Subtotal: '$150', Tax: '$0', 'Total per month': '$150' },
    });
  // The chosen package moves with its line.
  await pricing.getByRole('button', { name: 'Move line 3 up' }).click();
  await expect(lineField(pricing, 'Description', 2)).toHaveValue('Care plan');
  await expect(pricing.getByLabel('Chosen package (line 2)')).toBeChecked();
  await pricing.getByLabel('Chosen package (line 3)').check();

  await expect
    .poll(async () => {
      const saved = await serverCopy(page, draft.id);
      return { table: saved.document.blocks.find((b) => b.type === 'pricing_table'), totals: saved.totals };
    })
    .toMatchObject({
      table: {
        title: 'Choose your website',
        kind: 'choice',
        lines: [
          { description: 'Starter site', unitPrice: 200_000, selected: false },
          { description: 'Care plan', unitPrice: 15_000, billing: 'monthly', selected: false },
          { description: 'Growth site', unitPrice: 350_000, taxPercent: 2000, selected: true },
        ],
      },
      totals: { one_off: { net: 350_000, discount: 0, tax: 70_000, total: 420_000 }, monthly: ZERO, yearly: ZERO },
    });
  await expectNoAxeViolations(page, 'editor with a package choice');
});

test('a rich-text table, a timeline and a signature are edited in place and saved; axe passes with every block type, in the editor and the preview', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const draft = await apiPost<TProposal>(page, baseURL!, '/api/proposals', { title: 'Every block' });
  await page.goto(`/edit-draft/${draft.id}`);
  const editor = editorBox(page);
  await editor.click();
  await page.keyboard.type('Who does what');

  // A rich-text table: the cursor lands in its first cell; Tab moves on.
  await insertBlock(page, 'Table');
  const grid = editor.getByRole('table').filter({ has: page.getByRole('columnheader') });
  await expect(grid.getByRole('row')).toHaveCount(3);
  await page.keyboard.type('Phase');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Owner');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Discovery');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Studio North');
  await expect(grid.getByRole('columnheader', { name: 'Phase' })).toBeVisible();
  await expect(grid.getByRole('cell', { name: 'Studio North' })).toBeVisible();

  // A timeline: the two starting milestones are edited, one gets a date, a third is added and moved.
  await insertBlock(page, 'Timeline');
  const timeline = editor.locator('[data-structured="timeline"]');
  const milestones = timeline.getByRole('listitem');
  await expect(milestones).toHaveCount(2);
  await expect(timeline.getByLabel('Title for milestone 1')).toHaveValue('Kick-off');
  await timeline.getByLabel('Title for milestone 1').fill('Discovery workshop');
  await timeline.getByLabel('Description (optional) for milestone 1').fill('Goals, audience and a site map.');
  await timeline.getByLabel('Duration for milestone 1').fill('2');
  await timeline.getByLabel('Title for milestone 2').fill('Design sign-off');
  await milestones.nth(1).getByRole('radio', { name: 'Date', exact: true }).check();
  await timeline.getByLabel('Date for milestone 2').fill('2027-03-15');
  await timeline.getByRole('button', { name: 'Add milestone' }).click();
  await expect(milestones).toHaveCount(3);
  await expect(timeline.getByLabel('Title for milestone 3')).toBeFocused();
  await page.keyboard.type('Launch');
  await timeline.getByLabel('Duration for milestone 3').fill('3');
  await timeline.getByLabel('Unit for milestone 3').selectOption('months');
  await timeline.getByRole('button', { name: 'Move milestone 3 up' }).click();
  await expect(timeline.getByLabel('Title for milestone 2')).toHaveValue('Launch');

  // A signature: both sides get a label, the sender a role; the preview boxes follow. Its first
  // field, focused the instant it appears, keeps the focus once the Insert menu has closed: the
  // menu gives focus back to the text only when nothing else took it, and at once (a focus a
  // frame later took it from the field, and what was typed next was lost).
  const keptFocus = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const frame = () => new Promise((next) => requestAnimationFrame(next));
        const observer = new MutationObserver(async () => {
          const field = document.querySelector<HTMLInputElement>('[data-structured="signature"] input');
          if (!field) return;
          observer.disconnect();
          field.focus();
          while (document.querySelector('[role="menu"]')) await frame();
          await frame();
          await frame();
          resolve(document.activeElement === field);
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
  );
  await insertBlock(page, 'Signature');
  expect(await keptFocus, 'the new block’s first field keeps the focus it was given').toBe(true);
  const signature = editor.locator('[data-structured="signature"]');
  const senderLabel = signature.getByLabel('Label for the sender signature');
  const boxes = signature.getByRole('group', { name: 'Signature preview' });
  await senderLabel.fill('Ada Lovelace');
  await signature.getByLabel('Role (optional) for the sender signature').fill('Founder, Studio North');
  await signature.getByLabel('Label for the client signature').fill('Morgan Lee');
  await expect(boxes).toContainText('Ada Lovelace');
  await expect(boxes).toContainText('Founder, Studio North');
  await expect(boxes).toContainText('Morgan Lee');

  // The remaining block types, so axe sees every one of them.
  await insertBlock(page, 'Page break');
  await insertBlock(page, 'Pricing table');
  await expect(editor.locator('[data-structured]')).toHaveCount(4);

  await expect
    .poll(async () => (await serverCopy(page, draft.id)).document.blocks.map((b) => b.type))
    .toEqual(['rich_text', 'timeline', 'signature', 'page_break', 'pricing_table']);
  await expect
    .poll(async () => {
      const blocks = (await serverCopy(page, draft.id)).document.blocks;
      const richText = blocks[0]?.content;
      const table = richText?.content?.find((node) => node.type === 'table');
      return {
        rows: table?.content?.map((row) => row.content?.map((cell) => [cell.type, textsOf(cell).join('')])),
        timeline: blocks.find((b) => b.type === 'timeline'),
        signature: blocks.find((b) => b.type === 'signature'),
      };
    })
    .toMatchObject({
      rows: [
        [
          ['tableHeader', 'Phase'],
          ['tableHeader', 'Owner'],
          ['tableHeader', ''],
        ],
        [
          ['tableCell', 'Discovery'],
          ['tableCell', 'Studio North'],
          ['tableCell', ''],
        ],
        [
          ['tableCell', ''],
          ['tableCell', ''],
          ['tableCell', ''],
        ],
      ],
      timeline: {
        milestones: [
          {
            title: 'Discovery workshop',
            description: 'Goals, audience and a site map.',
            when: { kind: 'duration', value: 2, unit: 'weeks' },
          },
          { title: 'Launch', when: { kind: 'duration', value: 3, unit: 'months' } },
          { title: 'Design sign-off', when: { kind: 'date', date: '2027-03-15' } },
        ],
      },
      signature: {
        sender: { label: 'Ada Lovelace', role: 'Founder, Studio North' },
        client: { label: 'Morgan Lee' },
      },
    });
  const saved = await serverCopy(page, draft.id);
  expect(saved.document.blocks.find((b) => b.type === 'signature')).toEqual({
    id: expect.any(String),
    type: 'signature',
    sender: { label: 'Ada Lovelace', role: 'Founder, Studio North' },
    client: { label: 'Morgan Lee' },
  });

  await expectNoAxeViolations(page, 'editor with every block type');

  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.getByRole('columnheader', { name: 'Phase' })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Discovery workshop' })).toBeVisible();
  await expect(preview.getByText('March 15, 2027')).toBeVisible();
  await expect(preview.getByText('3 months')).toBeVisible();
  await expect(preview.getByRole('region', { name: 'Signatures' })).toContainText('Morgan Lee');
  await expect(preview.getByRole('separator', { name: 'Page break' })).toHaveCount(1);
  await expectNoAxeViolations(page, 'preview with every block type');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
});
