import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, refusedRequest, test, toast } from './fixtures';
import { setPlan } from './support/admin';

type TTemplate = { id: string; name: string; version: number; document: { version: 1; blocks: unknown[] } };

const STARTERS = [
  'Website design and build',
  'Custom software development',
  'Marketing retainer',
  'Consulting engagement',
  'Photography package',
  'Event planning and services',
];

async function apiSend(page: Page, baseURL: string, method: 'post' | 'patch', url: string, data: unknown) {
  const res = await page.request[method](url, {
    headers: { origin: new URL(baseURL).origin, 'content-type': 'application/json' },
    data,
  });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

async function createTemplate(page: Page, baseURL: string, name: string): Promise<TTemplate> {
  return (await apiSend(page, baseURL, 'post', '/api/templates', {
    name,
    category: 'Testing',
    description: `The ${name} template.`,
    document: { version: 1, blocks: [] },
  })) as TTemplate;
}

const starterSection = (page: Page) => page.getByRole('region', { name: 'Starter templates' });
const ownSection = (page: Page) => page.getByRole('region', { name: 'Your templates' });
const card = (scope: ReturnType<Page['getByRole']>, name: string) => scope.getByRole('article', { name, exact: true });

async function menuAction(page: Page, scope: ReturnType<Page['getByRole']>, name: string, action: string) {
  await card(scope, name)
    .getByRole('button', { name: `More actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a new user sees the six starters and an empty own gallery that explains how to fill it', async ({
  page,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  const starters = starterSection(page).getByRole('article');
  await expect(starters).toHaveCount(6);
  for (const [i, name] of STARTERS.entries()) await expect(starters.nth(i)).toContainText(name);
  await expect(card(starterSection(page), 'Website design and build')).toContainText('Web design');
  await expect(ownSection(page).getByRole('heading', { name: 'No templates of your own yet' })).toBeVisible();
  await expect(ownSection(page)).toContainText('Save as template');
  await expect(ownSection(page)).toContainText('Duplicate');
  await expectNoAxeViolations(page, 'templates gallery');
});

test('previewing a starter shows it as the client would see it, with its pricing total', async ({
  page,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  await page.goto('/templates');
  await card(starterSection(page), 'Website design and build').getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview: Website design and build' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 1, name: 'Website design and build' })).toBeVisible();
  await expect(dialog.getByText('Dear Your client,')).toBeVisible();
  const pricing = dialog.getByRole('table', { name: 'Investment' });
  await expect(pricing).toBeVisible();
  await expect(pricing.getByRole('row')).toHaveCount(7);
  // 1,800 + 4,200 + 6,400 + 1,100: the optional copywriting and care plan are not ticked by default.
  const total = dialog.locator('[data-block="pricing_table"] dl[data-billing="one_off"]');
  await expect(total).toContainText(/Total one-off\s*\D{0,4}13,500/);
  await expect(dialog.getByRole('list').filter({ hasText: 'Discovery workshop and site map' })).toContainText(
    '2 weeks',
  );
  await expectNoAxeViolations(page, 'template preview');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('using a starter creates a draft with its blocks and opens it', async ({ page, signUpViaApi }) => {
  await signUpViaApi(page);
  await page.goto('/templates');
  await card(starterSection(page), 'Consulting engagement').getByRole('button', { name: 'Use template' }).click();
  await expect(page).toHaveURL(/\/edit-draft\/[0-9a-f-]{36}$/);
  await expect(toast(page, 'Draft created')).toBeVisible();
  const id = page.url().split('/').at(-1)!;
  const proposal = (await (await page.request.get(`/api/proposals/${id}`)).json()) as {
    status: string;
    document: TTemplate['document'];
  };
  const starter = (await (await page.request.get('/api/templates/starter-consulting')).json()) as TTemplate;
  expect(proposal.status).toBe('draft');
  expect(starter.document.blocks.length).toBeGreaterThan(3);
  expect(proposal.document).toEqual(starter.document);
});

test('duplicating a starter makes an own copy that can be renamed, also after a change elsewhere', async ({
  page,
  baseURL,
  signUpViaApi,
  consoleGuard,
}) => {
  await signUpViaApi(page);
  await page.goto('/templates');
  await menuAction(page, starterSection(page), 'Photography package', 'Duplicate');
  await expect(toast(page, 'Template duplicated')).toBeVisible();
  // A name of its own: the gallery never shows two templates by one name.
  const name = 'Copy of Photography package';
  await expect(ownSection(page).getByRole('article')).toHaveCount(1);
  await expect(card(ownSection(page), name)).toContainText('Photography');

  const list = (await (await page.request.get('/api/templates')).json()) as { items: TTemplate[] };
  expect(list.items.map((t) => t.name)).toEqual([name]);
  const own = list.items[0]!;
  consoleGuard.allow(refusedRequest(`/api/templates/${own.id}`));

  // Rename through the dialog.
  await menuAction(page, ownSection(page), name, 'Rename');
  const dialog = page.getByRole('dialog', { name: 'Rename template' });
  await dialog.getByLabel('Name').fill('Wedding photography');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(ownSection(page), 'Wedding photography')).toBeVisible();
  const renamed = (await (await page.request.get(`/api/templates/${own.id}`)).json()) as TTemplate;
  expect(renamed.name).toBe('Wedding photography');

  // Someone renames it in another tab; this tab's rename meets a 409, says so and keeps the typed name.
  await apiSend(page, baseURL!, 'patch', `/api/templates/${own.id}`, {
    name: 'Renamed elsewhere',
    version: renamed.version,
  });
  await menuAction(page, ownSection(page), 'Wedding photography', 'Rename');
  await dialog.getByLabel('Name').fill('Portrait photography');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog.getByRole('alert')).toContainText('it is now called “Renamed elsewhere”');
  await expect(dialog.getByLabel('Name')).toHaveValue('Portrait photography');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(ownSection(page), 'Portrait photography')).toBeVisible();
  const final = (await (await page.request.get(`/api/templates/${own.id}`)).json()) as TTemplate;
  expect(final.name).toBe('Portrait photography');
});

test('delete with Undo keeps the template; delete without it removes it for good', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const kept = await createTemplate(page, baseURL!, 'Quarterly retainer');
  await page.goto('/templates');
  await expect(card(ownSection(page), 'Quarterly retainer')).toBeVisible();

  await menuAction(page, ownSection(page), 'Quarterly retainer', 'Delete');
  await expect(card(ownSection(page), 'Quarterly retainer')).toHaveCount(0);
  await toast(page, 'Deleted “Quarterly retainer”').getByRole('button', { name: 'Undo' }).click();
  await expect(card(ownSection(page), 'Quarterly retainer')).toBeVisible();
  await page.reload();
  await expect(card(ownSection(page), 'Quarterly retainer')).toBeVisible();
  expect((await page.request.get(`/api/templates/${kept.id}`)).status()).toBe(200);

  await menuAction(page, ownSection(page), 'Quarterly retainer', 'Delete');
  await toast(page, 'Deleted “Quarterly retainer”').getByRole('button', { name: 'Close notification' }).click();
  await expect.poll(async () => (await page.request.get(`/api/templates/${kept.id}`)).status()).toBe(404);
  await page.reload();
  await expect(ownSection(page).getByRole('heading', { name: 'No templates of your own yet' })).toBeVisible();
});

test('own templates page with Load more, search narrows both sections, and no match says so', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  const user = await signUpViaApi(page);
  // More own templates than the free plan's 3 (the limit has its own spec, plans.spec.ts).
  await setPlan(baseURL!, user.email, 'pro');
  for (let i = 1; i <= 31; i++) await createTemplate(page, baseURL!, `Retainer ${String(i).padStart(2, '0')}`);
  await page.goto('/templates');
  const own = ownSection(page).getByRole('article');
  await expect(own).toHaveCount(30);
  await expect(own.first()).toContainText('Retainer 31');
  await ownSection(page).getByRole('button', { name: 'Load more' }).click();
  await expect(own).toHaveCount(31);
  await expect(own.last()).toContainText('Retainer 01');
  await expect(ownSection(page).getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.getByLabel('Search templates').fill('Retainer 07');
  await expect(own).toHaveCount(1);
  await expect(starterSection(page)).toHaveCount(0);

  await page.getByLabel('Search templates').fill('photography');
  await expect(starterSection(page).getByRole('article')).toHaveCount(1);
  await expect(ownSection(page)).toContainText('None of your own templates match');

  await page.getByLabel('Search templates').fill('zzz-nothing');
  await expect(page.getByRole('heading', { name: 'No templates match “zzz-nothing”' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).first().click();
  await expect(starterSection(page).getByRole('article')).toHaveCount(6);
});

test('New template creates an empty own template and opens its editor', async ({ page, signUpViaApi }) => {
  await signUpViaApi(page);
  await page.goto('/templates');
  const created = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/templates',
  );
  await page.getByRole('button', { name: 'New template' }).first().click();
  const template = (await (await created).json()) as TTemplate;
  await expect(page).toHaveURL(`/templates/${template.id}/edit`);
  const stored = (await (await page.request.get(`/api/templates/${template.id}`)).json()) as TTemplate;
  expect(stored.name).toBe('Untitled template');
  expect(stored.document).toEqual({ version: 1, blocks: [] });
});

test('the gallery and the preview pass axe in the dark theme too', async ({ page, baseURL, signUpViaApi }) => {
  await signUpViaApi(page);
  await createTemplate(page, baseURL!, 'Dark mode check');
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/templates');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(card(ownSection(page), 'Dark mode check')).toBeVisible();
  await expectNoAxeViolations(page, 'templates gallery, dark');
  await card(starterSection(page), 'Event planning and services').getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview: Event planning and services' });
  await expect(dialog.locator('[data-block="pricing_table"]').first()).toBeVisible();
  await expectNoAxeViolations(page, 'template preview, dark');
});

test('Save as template asks for a name, a description and a category, and the gallery shows them', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const proposal = (await apiSend(page, baseURL!, 'post', '/api/proposals', { title: 'Bakery website' })) as {
    id: string;
  };
  await page.setViewportSize({ width: 375, height: 740 });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto(`/edit-draft/${proposal.id}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Save as template' }).click();

  const dialog = page.getByRole('dialog', { name: 'Save as template' });
  const name = dialog.getByLabel('Name');
  await expect(name).toHaveValue('Bakery website');
  await expectNoAxeViolations(page, 'the Save as template dialog, dark, 375 px');
  await name.fill(' ');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(name).toHaveAccessibleDescription('Enter a name.');

  await name.fill('Small business website');
  await dialog.getByLabel('Description').fill('Five pages, a contact form and a week of training.');
  // The categories already in use are offered; a new one may be typed.
  const category = dialog.getByLabel('Category');
  const offered = await category.evaluate((input) =>
    [...((input as HTMLInputElement).list?.options ?? [])].map((o) => o.value),
  );
  expect(offered).toContain('Web design');
  await category.fill('Web design');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Saved as a template')).toContainText('“Small business website” is in your templates.');

  await page.goto('/templates');
  const saved = card(ownSection(page), 'Small business website');
  await expect(saved).toContainText('Five pages, a contact form and a week of training.');
  await expect(saved).toContainText('Web design');
});
