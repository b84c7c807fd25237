import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, refusedRequest, test, toast } from './fixtures';
import { api } from './support/proposals';

/**
 * Saved sections (issue 16): blocks selected in one proposal, saved under a name and category,
 * inserted into another from the slash menu and from the toolbar (keyboard only), their variables
 * still variables there; the Library lists them by category, edits their name, category and
 * content on their own screen, and deletes them with Undo; every account starts with the examples.
 */

type TNode = { type: string; text?: string; attrs?: Record<string, unknown>; content?: TNode[] };
type TBlock = { id: string; type: string; content?: TNode; [key: string]: unknown };
type TDoc = { version: 1; blocks: TBlock[] };
type TSection = { id: string; name: string; category: string; content: TDoc; version: number };
type TProposal = { id: string; version: number; document: TDoc };

const editorBox = (page: Page, name = 'Proposal content') => page.getByRole('textbox', { name });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });
const saveStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Saved|Saving…|Unsaved changes|Offline|Conflict|Couldn't save/ });

/** Every node of a rich-text tree, depth first. */
function nodesOf(node: TNode | undefined): TNode[] {
  if (!node) return [];
  return [node, ...(node.content ?? []).flatMap(nodesOf)];
}
const allNodes = (doc: TDoc) => doc.blocks.flatMap((b) => nodesOf(b.content));
const textOf = (doc: TDoc) =>
  allNodes(doc)
    .map((n) => n.text ?? '')
    .join('');

const text = (value: string) => ({ type: 'text', text: value });
const ABOUT_DOC: TDoc = {
  version: 1,
  blocks: [
    {
      id: 'about',
      type: 'rich_text',
      content: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [text('About Harbour Studio')] },
          {
            type: 'paragraph',
            content: [
              text('We have built sites for '),
              { type: 'variable', attrs: { name: 'client.company' } },
              text(' since 2015.'),
            ],
          },
        ],
      },
    },
    {
      id: 'closing',
      type: 'rich_text',
      content: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [text('Next steps')] },
          { type: 'paragraph', content: [text('Sign below to begin.')] },
        ],
      },
    },
  ],
};

/** Axe once the toasts have gone: a toast is not part of the screen under test. */
async function axeWithoutToasts(page: Page, label: string) {
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toHaveCount(0, {
    timeout: 15_000,
  });
  await expectNoAxeViolations(page, label);
}

test('saved sections: selected blocks saved as a section, inserted into another proposal from the slash menu and the toolbar, variables still variables', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const owner = api(page, baseURL!);
  const source = await owner.post<TProposal>('/api/proposals', { title: 'Harbour pitch' });
  await owner.patch(`/api/proposals/${source.id}`, { version: source.version, document: ABOUT_DOC });

  // Select the heading and its paragraph (not the next steps) and save them from the toolbar.
  await page.goto(`/edit-draft/${source.id}`);
  const editor = editorBox(page);
  await editor.getByRole('heading', { name: 'About Harbour Studio' }).click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+End');
  await toolbar(page).getByRole('button', { name: 'Sections' }).click();
  await page.getByRole('menuitem', { name: 'Save selection as a section…' }).click();
  const save = page.getByRole('dialog', { name: 'Save as section' });
  await expect(save).toContainText('Saves 1 block: text. Variables stay variables');
  await expect(save.getByLabel('Name')).toHaveValue('About Harbour Studio');
  await expect(save.getByLabel('Name')).toBeFocused();
  // The category is asked for, beside the field.
  await save.getByRole('button', { name: 'Save section' }).click();
  await expect(save.getByLabel('Category')).toHaveAccessibleDescription(/Enter a category/);
  await expectNoAxeViolations(page, 'the save-as-section dialog');
  await save.getByLabel('Category').fill('About us');
  await save.getByRole('button', { name: 'Save section' }).click();
  await expect(save).toBeHidden();
  await expect(toast(page, 'Saved to your library')).toBeVisible();

  const { items } = await owner.get<{ items: TSection[] }>('/api/saved-sections?q=Harbour');
  expect(items.map((s) => [s.name, s.category])).toEqual([['About Harbour Studio', 'About us']]);
  const saved = await owner.get<TSection>(`/api/saved-sections/${items[0]!.id}`);
  expect(textOf(saved.content)).toBe('About Harbour StudioWe have built sites for  since 2015.');
  expect(allNodes(saved.content)).toContainEqual({ type: 'variable', attrs: { name: 'client.company' } });
  expect(textOf(saved.content)).not.toContain('Next steps');

  // Another proposal, with its client's company: "/" on an empty line, then Saved section….
  const target = await owner.post<TProposal>('/api/proposals', { title: 'Northwind website' });
  await page.goto(`/edit-draft/${target.id}`);
  await expect(saveStatus(page)).toHaveText(/^Saved/);
  await page.getByLabel('Client company').fill('Northwind Traders');
  const targetEditor = editorBox(page);
  await targetEditor.click();
  await page.keyboard.type('/');
  await page.getByRole('menuitem', { name: 'Saved section…' }).click();
  const picker = page.getByRole('dialog', { name: 'Insert a saved section' });
  await expect(picker.getByRole('button', { name: 'Insert About Harbour Studio' })).toBeVisible();
  await expect(picker.getByRole('heading', { name: 'Process' })).toBeVisible();
  await expectNoAxeViolations(page, 'the section picker');
  await picker.getByRole('button', { name: 'Insert About Harbour Studio' }).click();
  await expect(picker).toBeHidden();
  await expect(targetEditor.getByRole('heading', { name: 'About Harbour Studio' })).toBeVisible();
  const chip = targetEditor.locator('.variable-chip[data-variable="client.company"]');
  await expect(chip).toHaveText('Client company');
  await expect(chip).toHaveAttribute('title', 'Client company: Northwind Traders');
  await expect(targetEditor).not.toContainText('/');
  await expect(targetEditor).toBeFocused();

  // From the toolbar, keyboard only: the Sections menu, search, Insert.
  await page.keyboard.press('Control+End');
  await toolbar(page).getByRole('button', { name: 'Sections' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Insert a saved section…' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker.getByLabel('Search saved sections')).toBeFocused();
  await page.keyboard.type('process');
  await expect(picker.getByRole('button', { name: /^Insert / })).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(picker.getByRole('button', { name: 'Insert Our process' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(targetEditor.getByRole('heading', { name: 'How we will work together' })).toBeVisible();
  await expect(targetEditor.locator('[data-structured="timeline"]')).toHaveCount(1);
  await expect(toast(page, 'Inserted “Our process”')).toBeVisible();

  // Stored as variables, not text; every id unique; in the preview, the client's company.
  await expect(saveStatus(page)).toHaveText(/^Saved/, { timeout: 15_000 });
  const stored = await owner.get<TProposal>(`/api/proposals/${target.id}`);
  const nodes = allNodes(stored.document);
  expect(nodes.filter((n) => n.type === 'variable').map((n) => n.attrs?.name)).toEqual([
    'client.company',
    'client.company',
  ]);
  expect(JSON.stringify(stored.document)).not.toMatch(/\{\{|\[Client company\]/);
  const ids = stored.document.blocks.map((b) => b.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(stored.document.blocks.map((b) => b.type)).toEqual(['rich_text', 'rich_text', 'timeline']);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview).toContainText('We have built sites for Northwind Traders since 2015.');
  await expect(preview).toContainText('Our work with Northwind Traders follows the same four steps');
});

test('library: the examples by category, a section renamed, recategorised and edited on its own screen, deleted with Undo; empty, error and other-user states', async ({
  page,
  baseURL,
  signUpViaApi,
  newContext,
  consoleGuard,
}) => {
  await signUpViaApi(page);
  const owner = api(page, baseURL!);
  await page.goto('/library');
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  await expect(page).toHaveTitle('Saved sections — Library — Draftwell');
  const list = page.getByRole('group', { name: 'Saved sections' });
  for (const [category, name] of [
    ['About us', 'About us'],
    ['Case studies', 'Case study'],
    ['Process', 'Our process'],
    ['Terms', 'Terms and conditions'],
  ] as const) {
    await expect(list.getByRole('list', { name: category }).getByRole('listitem')).toHaveText(new RegExp(`^${name}`));
  }
  await expect(list.getByRole('list', { name: 'Process' })).toContainText('Timeline');
  await axeWithoutToasts(page, '/library');

  // Edit the terms: name, category and content, autosaved.
  await list.getByRole('link', { name: 'Edit Terms and conditions' }).click();
  await expect(page).toHaveURL(/\/library\/sections\/[0-9a-f-]{36}$/);
  const sectionId = page.url().split('/').at(-1)!;
  const content = editorBox(page, 'Section content');
  await expect(content.getByRole('heading', { name: 'Terms' })).toBeVisible();
  await expect(content.locator('.variable-chip[data-variable="proposal.valid_until"]')).toHaveCount(1);
  await expectNoAxeViolations(page, 'the section editor');
  await page.getByLabel('Section name').fill('Payment terms');
  await page.getByLabel('Category').fill('Legal');
  await content.getByText('Invoices are payable within 14 days of their date.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Late invoices carry interest.');
  await expect(saveStatus(page)).toHaveText(/^Saved/, { timeout: 15_000 });
  await expect
    .poll(async () => {
      const s = await owner.get<TSection>(`/api/saved-sections/${sectionId}`);
      return [s.name, s.category, textOf(s.content).includes('14 days of their date. Late invoices carry interest.')];
    })
    .toEqual(['Payment terms', 'Legal', true]);

  // A name the server refuses is said beside the field, and nothing is lost.
  consoleGuard.allow(refusedRequest(`/api/saved-sections/${sectionId}`));
  await page.getByLabel('Section name').fill('');
  await expect(page.getByLabel('Section name')).toHaveAccessibleDescription('Enter a name for the section.');
  await page.getByLabel('Section name').fill('Payment terms');
  await expect(saveStatus(page)).toHaveText(/^Saved/, { timeout: 15_000 });

  await page.getByRole('link', { name: 'All sections' }).click();
  await expect(list.getByRole('list', { name: 'Legal' }).getByRole('listitem')).toHaveText(/^Payment terms/);
  await expect(list.getByRole('list', { name: 'Terms' })).toHaveCount(0);

  // Search by name or category.
  await page.getByLabel('Search saved sections').fill('legal');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Search saved sections').fill('');
  await expect(list.getByRole('listitem')).toHaveCount(4);

  // Delete with Undo, then for good.
  await list.getByRole('button', { name: 'Delete Case study' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Case study”?' });
  await expectNoAxeViolations(page, 'the delete confirmation');
  await confirm.getByRole('button', { name: 'Delete section' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await toast(page, 'Deleted “Case study”').getByRole('button', { name: 'Undo' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await list.getByRole('button', { name: 'Delete Case study' }).click();
  await confirm.getByRole('button', { name: 'Delete section' }).click();
  await toast(page, 'Deleted “Case study”').getByRole('button', { name: 'Close notification' }).click();
  await expect
    .poll(async () => (await owner.get<{ items: TSection[] }>('/api/saved-sections')).items.map((s) => s.name).sort())
    .toEqual(['About us', 'Our process', 'Payment terms']);

  // Asking for the examples again brings back only the one deleted.
  await page.getByRole('button', { name: 'Add the example sections' }).first().click();
  await expect(toast(page, 'Example section added')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(4);

  // Empty: every section deleted elsewhere.
  for (const s of (await owner.get<{ items: TSection[] }>('/api/saved-sections')).items) {
    const res = await page.request.delete(`/api/saved-sections/${s.id}`, {
      headers: { origin: new URL(baseURL!).origin },
    });
    expect(res.status()).toBe(204);
  }
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No saved sections yet' })).toBeVisible();
  await axeWithoutToasts(page, '/library (empty)');

  // Dark, and the saved items beside the sections.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('heading', { name: 'No saved sections yet' })).toBeVisible();
  await expectNoAxeViolations(page, '/library (empty, dark)');
  await page.getByRole('tab', { name: 'Saved items' }).click();
  await expect(page).toHaveURL('/library?tab=items');
  await expect(page.getByRole('heading', { name: 'No saved items yet' })).toBeVisible();

  // Another user's section, by its address: not theirs to see (a 404, which the guard also hears).
  const other = await newContext();
  const otherPage = await other.newPage();
  await signUpViaApi(otherPage);
  await otherPage.goto(`/library/sections/${sectionId}`);
  await expect(otherPage.getByRole('heading', { name: 'This section does not exist or is not yours' })).toBeVisible();
});

test('library: a list that fails to load says so and offers Retry', async ({ page, signUpViaApi, consoleGuard }) => {
  await signUpViaApi(page);
  consoleGuard.allow(/status of 503/);
  let fail = true;
  await page.route(/\/api\/saved-sections(\?|$)/, (route) =>
    fail
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'unavailable', message: 'The database is not answering. Try again.', requestId: 'r' },
          }),
        })
      : route.continue(),
  );
  await page.goto('/library');
  const failed = page.getByRole('alert').filter({ hasText: 'Your saved sections did not load' });
  await expect(failed).toContainText('The database is not answering. Try again.', { timeout: 15_000 });
  fail = false;
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('group', { name: 'Saved sections' }).getByRole('listitem')).toHaveCount(4);
});
