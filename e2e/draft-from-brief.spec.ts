import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

type TLine = { id: string; description: string; unitPrice: number; savedItemId?: string };
type TBlock = { id: string; type: string; lines?: TLine[]; milestones?: { when: { kind: string; date?: string } }[] };

/** yyyy-mm-dd, `days` after today (UTC, the server's day; far enough ahead for any time zone). */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function saveItem(page: Page, baseURL: string, description: string, unitPrice: number): Promise<string> {
  const res = await page.request.post('/api/saved-items', {
    headers: { origin: new URL(baseURL).origin, 'content-type': 'application/json' },
    data: { description, unit: 'project', unitPrice, currency: 'USD' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function openBriefDialog(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('button', { name: 'New proposal' }).first().click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Blank proposal', 'From a template', 'From a brief…']);
  await menu.getByRole('menuitem', { name: 'From a brief…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Draft from a brief' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a brief becomes a complete draft, priced from the saved items that match', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  // Prices before 20 % tax by default, and dates as the account writes them (en-US, the default).
  const {
    logoFileId: _logo,
    updatedAt: _at,
    ...profile
  } = (await (await page.request.get('/api/profile')).json()) as Record<string, unknown>;
  const saved = await page.request.put('/api/profile', {
    headers: { origin: new URL(baseURL!).origin, 'content-type': 'application/json' },
    data: { ...profile, displayName: 'Sam Rivera', defaultTaxRate: 2000 },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const logo = await saveItem(page, baseURL!, 'Logo design', 150_000);
  const website = await saveItem(page, baseURL!, 'Website design and build', 900_000);

  const dialog = await openBriefDialog(page);
  await expectNoAxeViolations(page, 'the brief dialog');

  // Nothing filled in: the form says what is missing, beside each field, and sends nothing.
  await dialog.getByRole('button', { name: 'Write the draft' }).click();
  await expect(dialog.getByText('Enter the client’s name.')).toBeVisible();
  await expect(dialog.getByText('Describe what the client needs, in a sentence or two.')).toBeVisible();
  await expect(dialog.getByText('Describe this deliverable, or remove it.')).toBeVisible();
  await expect(page).toHaveURL('/dashboard');

  await dialog.getByLabel('Name', { exact: true }).fill('Morgan Lee');
  await dialog.getByLabel('Company (optional)').fill('Harbour Bakery');
  await dialog.getByLabel('What the client needs').fill('A new brand and website before the second shop opens.');
  await dialog.getByLabel('Goals (optional)').fill('More online orders\nA name people remember');
  await dialog.getByLabel('Deliverable 1', { exact: true }).fill('Logo design');
  await dialog.getByRole('button', { name: 'Add a deliverable' }).click();
  await dialog.getByLabel('Deliverable 2', { exact: true }).fill('Website design and build');
  await dialog.getByRole('button', { name: 'Add a deliverable' }).click();
  await dialog.getByLabel('Deliverable 3', { exact: true }).fill('Launch photography');
  await dialog.getByRole('button', { name: 'Add a deliverable' }).click();
  await dialog.getByRole('button', { name: 'Remove deliverable 4' }).click();
  await expect(dialog.getByLabel('Deliverable 4', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Budget (optional)').fill('12,000.00');
  const deadline = daysAhead(60);
  await dialog.getByLabel('Deadline (optional)').fill(deadline);
  await dialog.getByRole('radio', { name: /Friendly/ }).check();
  await expectNoAxeViolations(page, 'the filled brief dialog');

  await dialog.getByRole('button', { name: 'Write the draft' }).click();
  await expect(page).toHaveURL(/\/edit-draft\/[0-9a-f-]{36}$/);
  await expect(dialog).toBeHidden();
  const id = page.url().split('/').at(-1)!;

  const res = await page.request.get(`/api/proposals/${id}`);
  expect(res.status()).toBe(200);
  const proposal = (await res.json()) as {
    title: string;
    status: string;
    client: { name: string; company: string };
    document: { blocks: TBlock[] };
    totals: { one_off: { net: number; tax: number; total: number } };
  };
  expect(proposal.status).toBe('draft');
  expect(proposal.title).toContain('Harbour Bakery');
  expect(proposal.client).toMatchObject({ name: 'Morgan Lee', company: 'Harbour Bakery' });
  const blocks = proposal.document.blocks;
  expect(blocks.map((b) => b.id)).toEqual([
    'introduction',
    'understanding',
    'approach',
    'deliverables',
    'timeline-intro',
    'timeline',
    'investment',
    'pricing',
    'terms',
    'next-steps',
    'signature',
  ]);
  const timeline = blocks.find((b) => b.type === 'timeline')!;
  expect(timeline.milestones!.length).toBe(5);
  expect(timeline.milestones!.every((m) => m.when.kind === 'date')).toBe(true);
  expect(timeline.milestones!.at(-1)!.when.date).toBe(deadline);
  const lines = blocks.find((b) => b.type === 'pricing_table')!.lines!;
  expect(lines.map((l) => l.savedItemId ?? null)).toEqual([logo, website, null]);
  // What the saved items leave of the 12,000.00 budget prices the photography, with its tax:
  // 1,250.00 and 250.00 of tax. The client pays the budget, not a fifth more.
  expect(lines[2]).toMatchObject({ description: 'Launch photography', unitPrice: 125_000 });
  expect(proposal.totals.one_off).toMatchObject({ net: 1_175_000, tax: 25_000, total: 1_200_000 });

  // The new draft opens in the editor and is in the list, its words saying what the budget holds
  // and its dates written as the account writes them.
  await expect(page.getByRole('heading', { level: 1, name: 'Edit draft' })).toBeVisible();
  const text = page.getByRole('textbox', { name: 'Proposal content' });
  await expect(text).toContainText('With tax, together they fit the budget of $12,000 you mentioned.');
  await expect(text).toContainText(
    `from your deadline of ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${deadline}T00:00:00Z`))}.`,
  );
  await expect(page.getByRole('complementary', { name: 'Your proposals' })).toContainText('Harbour Bakery');
});

test('the brief dialog on a phone in dark mode: readable, accessible, cancellable', async ({ page, signUpViaApi }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signUpViaApi(page);
  const dialog = await openBriefDialog(page);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await dialog.getByRole('radio', { name: /A saved client/ }).check();
  await expect(dialog.getByText('You have no saved clients yet.')).toBeVisible();
  await expectNoAxeViolations(page, 'the brief dialog, dark, 375 px');
  await dialog.getByRole('button', { name: 'Type the client’s details instead' }).click();
  await expect(dialog.getByLabel('Name', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/dashboard');
});
