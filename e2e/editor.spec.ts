import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, PUBLIC_SCREENS, test } from './fixtures';

type TNode = {
  type: string;
  text?: string;
  marks?: { type: string }[];
  attrs?: Record<string, unknown>;
  content?: TNode[];
};
type TBlock = { id: string; type: string; content?: TNode };
type TProposal = { id: string; version: number; document: { version: 1; blocks: TBlock[] } };

async function createDraft(page: Page, baseURL: string, title: string): Promise<TProposal> {
  const res = await page.request.post('/api/proposals', {
    headers: { origin: new URL(baseURL).origin, 'content-type': 'application/json' },
    data: { title },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as TProposal;
}

async function savedDocument(page: Page, id: string): Promise<TProposal['document']> {
  const res = await page.request.get(`/api/proposals/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as TProposal).document;
}

/** Every text node of the document, in order, flattened. */
function nodes(doc: TProposal['document']): TNode[] {
  const out: TNode[] = [];
  const walk = (node: TNode) => {
    out.push(node);
    node.content?.forEach(walk);
  };
  doc.blocks.forEach((block) => block.content && walk(block.content));
  return out;
}

const editorBox = (page: Page) => page.getByRole('textbox', { name: 'Proposal content' });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });

test('S5 editor: headings, bold, undo/redo, a variable, a pricing table and a page break are autosaved', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Editor flow');
  await page.goto(`/edit-draft/${draft.id}`);

  const editor = editorBox(page);
  await expect(editor).toBeVisible();
  await expect(editor.locator('p.is-editor-empty')).toHaveAttribute(
    'data-placeholder',
    'Start writing, or insert a block with /',
  );
  await editor.click();

  await toolbar(page).getByRole('combobox', { name: 'Block style' }).selectOption('1');
  await page.keyboard.type('Scope of work');
  await page.keyboard.press('Enter');
  await page.keyboard.type('We will deliver the ');
  await page.keyboard.press('ControlOrMeta+b');
  await expect(toolbar(page).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('new');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' website for ');
  await expect(editor.getByRole('heading', { level: 1, name: 'Scope of work' })).toBeVisible();
  await expect(editor.locator('strong')).toHaveText('new');

  await toolbar(page).getByRole('button', { name: 'Variables' }).click();
  await page.getByRole('menuitem', { name: /Client name/ }).click();
  await expect(editor.locator('.variable-chip[data-variable="client.name"]')).toHaveText('Client name');

  // One transaction each: undo removes exactly the page break, redo brings it back.
  await toolbar(page).getByRole('button', { name: 'Insert' }).click();
  await page.getByRole('menuitem', { name: 'Page break' }).click();
  const pageBreak = editor.getByRole('separator', { name: 'Page break' });
  await expect(pageBreak).toHaveCount(1);
  await page.keyboard.press('ControlOrMeta+z');
  await expect(pageBreak).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(pageBreak).toHaveCount(1);
  await toolbar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(pageBreak).toHaveCount(0);
  await page.keyboard.press('ControlOrMeta+y');
  await expect(pageBreak).toHaveCount(1);

  await toolbar(page).getByRole('button', { name: 'Insert' }).click();
  await page.getByRole('menuitem', { name: 'Pricing table' }).click();
  const pricing = editor.locator('[data-structured="pricingTable"]');
  await expect(pricing).toHaveCount(1);
  await expect(pricing.getByRole('button', { name: 'Delete pricing table' })).toBeVisible();

  await expect
    .poll(async () => {
      const doc = await savedDocument(page, draft.id);
      return doc.blocks.map((b) => b.type);
    })
    .toEqual(['rich_text', 'page_break', 'pricing_table']);
  const doc = await savedDocument(page, draft.id);
  const all = nodes(doc);
  expect(all.find((n) => n.type === 'heading')).toMatchObject({
    attrs: { level: 1 },
    content: [{ type: 'text', text: 'Scope of work' }],
  });
  expect(all.find((n) => n.type === 'text' && n.text === 'new')).toMatchObject({ marks: [{ type: 'bold' }] });
  expect(all.find((n) => n.type === 'variable')).toEqual({ type: 'variable', attrs: { name: 'client.name' } });

  await expectNoAxeViolations(page, 'editor with blocks');
});

test('S5 editor: links refuse unsafe addresses, and a block can be deleted and restored with undo', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Links and blocks');
  await page.goto(`/edit-draft/${draft.id}`);
  const editor = editorBox(page);
  await editor.click();
  await page.keyboard.type('Read the brief');
  await expect(editor).toHaveText('Read the brief');
  await page.keyboard.press('Shift+Home');
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe('Read the brief');
  await page.keyboard.press('ControlOrMeta+k');
  const dialog = page.getByRole('dialog', { name: 'Add link' });
  await dialog.getByLabel('Address').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Save link' }).click();
  await expect(dialog.getByRole('alert')).toContainText('https://');
  await dialog.getByLabel('Address').fill('example.com/brief');
  await dialog.getByRole('button', { name: 'Save link' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.getByRole('link', { name: 'Read the brief' })).toHaveAttribute(
    'href',
    'https://example.com/brief',
  );

  await page.keyboard.press('End');
  await toolbar(page).getByRole('button', { name: 'Insert' }).click();
  await page.getByRole('menuitem', { name: 'Signature' }).click();
  const signature = editor.locator('[data-structured="signature"]');
  await expect(signature).toHaveCount(1);
  await signature.getByRole('button', { name: 'Delete signature' }).click();
  await expect(signature).toHaveCount(0);
  await expect(editor).toBeFocused();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(signature).toHaveCount(1);

  await expect
    .poll(async () => (await savedDocument(page, draft.id)).blocks.map((b) => b.type))
    .toEqual(['rich_text', 'signature']);
  const link = nodes(await savedDocument(page, draft.id)).find((n) => n.type === 'text' && n.text === 'Read the brief');
  expect(link?.marks).toEqual([
    {
      type: 'link',
      attrs: { href: 'https://example.com/brief', target: '_blank', rel: 'noopener noreferrer nofollow' },
    },
  ]);
});

test('S5 editor: usable on a 390 px phone: the toolbar is one row that scrolls sideways, More actions stays on the title row', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Phone');
  await page.goto(`/edit-draft/${draft.id}`);
  await expect(editorBox(page)).toBeVisible();
  const bar = toolbar(page);
  const undo = bar.getByRole('button', { name: 'Undo' });
  const variables = bar.getByRole('button', { name: 'Variables' });
  await expect(undo).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // One row: every control sits on the first one's line; the row scrolls to the last of them.
  const row = await undo.boundingBox();
  expect((await bar.boundingBox())!.height).toBeLessThan(row!.height * 2);
  expect(await bar.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await variables.scrollIntoViewIfNeeded();
  await expect(variables).toBeInViewport();
  expect((await variables.boundingBox())!.y).toBeCloseTo((await undo.boundingBox())!.y, 0);
  await variables.click();
  await expect(page.getByRole('menuitem', { name: /Client name/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // "…" (More actions) shares the title's row.
  const title = await page.getByLabel('Title', { exact: true }).boundingBox();
  const more = await page.getByRole('button', { name: 'More actions' }).boundingBox();
  expect(more!.y).toBeLessThan(title!.y + title!.height);
  expect(more!.y + more!.height).toBeGreaterThan(title!.y);
  expect(more!.x + more!.width).toBeLessThanOrEqual(390);

  await editorBox(page).click();
  await page.keyboard.type('Hello from a phone');
  await expect
    .poll(async () => nodes(await savedDocument(page, draft.id)).some((n) => n.text === 'Hello from a phone'))
    .toBe(true);
  await expectNoAxeViolations(page, 'editor on a phone');
});

test('S5 editor: opening it logs no console warning or error (its styles preloaded as the app loads them)', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Quiet console');
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') logged.push(`${message.type()}: ${message.text()}`);
  });
  const editorStyles = page.waitForResponse((r) => /\/assets\/document-editor-[^/]+\.css$/.test(r.url()));
  await page.goto(`/edit-draft/${draft.id}`);
  await expect(editorBox(page)).toBeVisible();
  await editorStyles;
  // Console messages reach the test asynchronously: a round trip through the page lets them land.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  expect(logged).toEqual([]);
  // The server's HTML preloads the editor's styles: the page must use that preload.
  expect(
    await page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/document-editor-[^/]+\.css$/.test(entry.name)).length,
    ),
  ).toBe(1);
});

test('S5 editor: the public pages never load the editor chunk; the draft screen does', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  for (const path of PUBLIC_SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => /document-editor/.test(s))).toEqual([]);

  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Chunk check');
  await page.goto(`/edit-draft/${draft.id}`);
  await expect(editorBox(page)).toBeVisible();
  expect(scripts.filter((s) => /document-editor/.test(s))).toHaveLength(1);
});

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

test('S5 editor: an image is uploaded with its alt text; a file that is not an image is refused', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Images');
  await page.goto(`/edit-draft/${draft.id}`);
  const editor = editorBox(page);
  await editor.click();
  await page.keyboard.type('Our team');
  await page.keyboard.press('Enter');

  let chooser = page.waitForEvent('filechooser');
  await toolbar(page).getByRole('button', { name: 'Image' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('This image cannot be added')).toBeVisible();

  chooser = page.waitForEvent('filechooser');
  await toolbar(page).getByRole('button', { name: 'Image' }).click();
  await (await chooser).setFiles({ name: 'team-photo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  const dialog = page.getByRole('dialog', { name: 'Describe the image' });
  await expect(dialog.getByLabel('Alt text')).toHaveValue('team photo');
  await dialog.getByLabel('Alt text').fill('');
  await dialog.getByRole('button', { name: 'Upload image' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Describe the image in a few words.');
  await dialog.getByLabel('Alt text').fill('The team at the office');
  await dialog.getByRole('button', { name: 'Upload image' }).click();
  const image = editor.getByRole('img', { name: 'The team at the office' });
  await expect(image).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}$/);

  await expect
    .poll(async () => nodes(await savedDocument(page, draft.id)).find((n) => n.type === 'image')?.attrs)
    .toMatchObject({ alt: 'The team at the office', src: await image.getAttribute('src'), width: 1, height: 1 });
});
