import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, refusedRequest, test, toast } from './fixtures';
import { setPlan } from './support/admin';

/**
 * The draft editor's surroundings: the client and terms fields (a saved client, a new one added
 * from the picker, currency, validity), the preview (variables filled, the business logo), and
 * the "More actions" menu (duplicate, delete with Undo, save as template), with the template
 * editor and a proposal made from the saved template. Every result is checked through the API.
 */

type TNode = { type: string; text?: string; attrs?: Record<string, unknown>; content?: TNode[] };
type TDocument = { version: 1; blocks: { id: string; type: string; content?: TNode }[] };
type TProposal = {
  id: string;
  title: string;
  version: number;
  clientId: string | null;
  client: Record<string, string>;
  currency: string;
  language: string;
  validUntil: string | null;
  document: TDocument;
};
type TClient = { id: string; name: string; company: string; email: string };
type TTemplate = { id: string; name: string; kind: string; document: TDocument };

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

async function apiSend<T>(page: Page, baseURL: string, method: 'post' | 'patch', url: string, data: unknown) {
  const res = await page.request[method](url, {
    headers: { origin: new URL(baseURL).origin, 'content-type': 'application/json' },
    data,
  });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), `GET ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The calendar day `offset` days from today in UTC, the day the server's checks count in. */
const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const createDraft = (page: Page, baseURL: string, title: string) =>
  apiSend<TProposal>(page, baseURL, 'post', '/api/proposals', { title });
const proposalOf = (page: Page, id: string) => getJson<TProposal>(page, `/api/proposals/${id}`);

/** Every text of a document, joined: enough to tell two documents' words apart. */
function textOf(doc: TDocument): string {
  const walk = (node: TNode): string => (node.text ?? '') + (node.content ?? []).map(walk).join('');
  return doc.blocks.map((block) => (block.content ? walk(block.content) : '')).join('\n');
}

const editorBox = (page: Page) => page.getByRole('textbox', { name: 'Proposal content' });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });
const titleField = (page: Page) => page.getByLabel('Title', { exact: true });
const details = (page: Page) => page.getByRole('region', { name: 'Client and terms' });
const saveStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Saved|Saving…|Unsaved changes|Offline|Conflict|Couldn't save/ });

async function moreAction(page: Page, name: string) {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name }).click();
}

async function openDraft(page: Page, id: string) {
  await page.goto(`/edit-draft/${id}`);
  await expect(editorBox(page)).toBeVisible();
  await expect(saveStatus(page)).toHaveText(/^Saved/);
}

test('client and terms: a saved client is picked, a new one is added from the picker, currency and validity change; all saved', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const saved = await apiSend<TClient>(page, baseURL!, 'post', '/api/clients', {
    name: 'Jordan Rivers',
    company: 'Rivers & Co',
    email: 'jordan@rivers.example',
    phone: '+1 555 0100',
    address: '1 Quay Street',
    language: 'de',
  });
  const draft = await createDraft(page, baseURL!, 'Harbour rebrand');
  expect(draft).toMatchObject({ clientId: null, currency: 'USD', language: 'en' });
  const later = utcDay(60);
  await openDraft(page, draft.id);
  const fields = details(page);

  await fields.getByRole('button', { name: 'Choose a saved client' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a client' });
  const clients = picker.getByRole('list', { name: 'Your clients' });
  await expect(clients.getByRole('listitem')).toHaveCount(1);
  await expect(clients).toContainText('Rivers & Co · jordan@rivers.example');
  await expectNoAxeViolations(page, 'the client picker');
  await clients.getByRole('button', { name: /Jordan Rivers/ }).click();
  await expect(picker).toBeHidden();
  await expect(fields.getByLabel('Client name')).toHaveValue('Jordan Rivers');
  await expect(fields.getByLabel('Client company')).toHaveValue('Rivers & Co');
  await expect(fields.getByLabel('Client email')).toHaveValue('jordan@rivers.example');
  // The client reads German: the proposal is now written for German, and its text says so.
  await expect(fields.getByLabel('Language')).toHaveValue('de');
  await expect(editorBox(page)).toHaveAttribute('lang', 'de');
  await expect
    .poll(async () => {
      const p = await proposalOf(page, draft.id);
      return { clientId: p.clientId, client: p.client, language: p.language };
    })
    .toEqual({
      language: 'de',
      clientId: saved.id,
      client: {
        name: 'Jordan Rivers',
        company: 'Rivers & Co',
        email: 'jordan@rivers.example',
        phone: '+1 555 0100',
        address: '1 Quay Street',
      },
    });

  // Currency and validity; the pricing table follows the currency at once.
  await editorBox(page).click();
  await toolbar(page).getByRole('button', { name: 'Insert' }).click();
  await page.getByRole('menuitem', { name: 'Pricing table' }).click();
  const pricing = editorBox(page).locator('[data-structured="pricingTable"]');
  await expect(pricing.getByLabel('Unit price in USD for line 1', { exact: true })).toBeVisible();
  await fields.getByLabel('Currency').selectOption('EUR');
  await fields.getByLabel('Language').selectOption({ label: '日本語 (Japanese)' });
  await expect(editorBox(page)).toHaveAttribute('lang', 'ja');
  // A date that has passed is flagged beside the field as it is entered, not only at Send.
  const validUntil = fields.getByLabel('Valid until');
  await validUntil.fill(utcDay(-1));
  const passed = fields.getByRole('alert');
  await expect(passed).toHaveText(
    'This date has passed: your client could not accept the proposal. Choose today or later.',
  );
  await expect(validUntil).toHaveAttribute('aria-invalid', 'true');
  await expect(validUntil).toHaveAccessibleDescription(await passed.innerText());
  await validUntil.fill(utcDay(0));
  await expect(passed).toHaveCount(0);
  await validUntil.fill(later);
  await expect(validUntil).not.toHaveAttribute('aria-invalid');
  await expect(pricing.getByLabel('Unit price in EUR for line 1', { exact: true })).toBeVisible();
  await expect
    .poll(async () => {
      const p = await proposalOf(page, draft.id);
      return { currency: p.currency, validUntil: p.validUntil, language: p.language };
    })
    .toEqual({ currency: 'EUR', validUntil: later, language: 'ja' });

  // A client who is not saved yet: added from the picker, saved for later, and used here.
  await fields.getByRole('button', { name: 'Change client' }).click();
  await picker.getByRole('button', { name: 'Add a new client' }).click();
  const adding = page.getByRole('dialog', { name: 'Add a client' });
  await adding.getByLabel('Name', { exact: true }).fill('Priya Shah');
  await adding.getByLabel('Company', { exact: true }).fill('Shah Bakery');
  await adding.getByLabel('Email', { exact: true }).fill('priya@shah.example');
  await expectNoAxeViolations(page, 'the add client form of the picker');
  await adding.getByRole('button', { name: 'Save and use' }).click();
  await expect(adding).toBeHidden();
  await expect(fields.getByLabel('Client name')).toHaveValue('Priya Shah');
  await expect(fields.getByLabel('Client company')).toHaveValue('Shah Bakery');

  const list = await getJson<{ items: TClient[] }>(page, '/api/clients');
  const added = list.items.find((c) => c.name === 'Priya Shah');
  expect(added).toMatchObject({ company: 'Shah Bakery', email: 'priya@shah.example' });
  expect(list.items.map((c) => c.name).sort()).toEqual(['Jordan Rivers', 'Priya Shah']);
  await expect
    .poll(async () => {
      const p = await proposalOf(page, draft.id);
      return {
        clientId: p.clientId,
        client: p.client,
        currency: p.currency,
        validUntil: p.validUntil,
        language: p.language,
      };
    })
    .toEqual({
      clientId: added!.id,
      client: { name: 'Priya Shah', company: 'Shah Bakery', email: 'priya@shah.example', phone: '', address: '' },
      currency: 'EUR',
      validUntil: later,
      // A client with no language of their own leaves the proposal's as it was.
      language: 'ja',
    });

  // What was saved is what the editor shows when opened again.
  await expect(saveStatus(page)).toHaveText(/^Saved/);
  await openDraft(page, draft.id);
  await expect(fields.getByLabel('Client name')).toHaveValue('Priya Shah');
  await expect(fields.getByLabel('Client email')).toHaveValue('priya@shah.example');
  await expect(fields.getByLabel('Currency')).toHaveValue('EUR');
  await expect(fields.getByLabel('Language')).toHaveValue('ja');
  await expect(fields.getByLabel('Valid until')).toHaveValue(later);
  await expect(fields.getByRole('button', { name: 'Change client' })).toBeVisible();
  await expectNoAxeViolations(page, 'editor with client and terms filled');
});

test('the preview fills the variables in and shows the business logo from the profile', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  const user = await signUpViaApi(page);
  // The preview shows what the client sees, and clients see the logo on a paid plan only.
  await setPlan(baseURL!, user.email, 'pro');
  const upload = await page.request.put('/api/profile/logo', {
    headers: { origin: new URL(baseURL!).origin },
    multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { logoFileId } = (await upload.json()) as { logoFileId: string };
  expect(logoFileId).toMatch(/^[0-9a-f-]{36}$/);

  const draft = await createDraft(page, baseURL!, 'Bakery website');
  await apiSend(page, baseURL!, 'patch', `/api/proposals/${draft.id}`, {
    version: draft.version,
    client: { name: 'Morgan Lee', company: 'Harbour Bakery', email: 'morgan@harbour.example' },
    validUntil: '2027-01-31',
  });
  await openDraft(page, draft.id);

  const editor = editorBox(page);
  await editor.click();
  await page.keyboard.type('Dear ');
  await toolbar(page).getByRole('button', { name: 'Variables' }).click();
  await page.getByRole('menuitem', { name: /Client name/ }).click();
  // A variable is inserted with nothing after it: the next word brings its own space.
  await page.keyboard.type(' here is our plan for ');
  await toolbar(page).getByRole('button', { name: 'Variables' }).click();
  await page.getByRole('menuitem', { name: /Proposal title/ }).click();
  // In the editor a variable shows its name; its value waits for the preview.
  await expect(editor.locator('.variable-chip[data-variable="client.name"]')).toHaveText('Client name');
  await expect(editor.locator('.variable-chip[data-variable="proposal.title"]')).toHaveText('Proposal title');

  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 1, name: 'Bakery website' })).toBeVisible();
  await expect(preview.locator('[data-variable="client.name"]')).toHaveText('Morgan Lee');
  await expect(preview.locator('[data-variable="proposal.title"]')).toHaveText('Bakery website');
  await expect(preview.getByText(/^Dear Morgan Lee here is our plan for Bakery website/)).toBeVisible();
  await expect(preview).not.toContainText('Client name');
  await expect(preview).toContainText('Morgan Lee, Harbour Bakery');
  await expect(preview).toContainText('January 31, 2027');

  const logo = preview.getByRole('img', { name: `${user.name} logo` });
  await expect(logo).toHaveAttribute('src', `/api/files/${logoFileId}`);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expectNoAxeViolations(page, 'the preview dialog');

  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await expect(editor).toBeVisible();
});

test('More actions: the title rename is saved, and Duplicate opens a copy with the same content', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Untitled brief');
  await openDraft(page, draft.id);

  await titleField(page).fill('Garden studio build');
  await editorBox(page).click();
  await page.keyboard.type('A timber studio at the end of the garden.');
  await expect
    .poll(async () => {
      const p = await proposalOf(page, draft.id);
      return [p.title, textOf(p.document)];
    })
    .toEqual(['Garden studio build', 'A timber studio at the end of the garden.']);
  const original = await proposalOf(page, draft.id);

  await moreAction(page, 'Duplicate');
  await expect(toast(page, 'Duplicated')).toContainText('“Copy of Garden studio build” is open');
  await expect(page).not.toHaveURL(`/edit-draft/${draft.id}`);
  await expect(page).toHaveURL(/\/edit-draft\/[0-9a-f-]{36}$/);
  const copyId = page.url().split('/').at(-1)!;
  await expect(titleField(page)).toHaveValue('Copy of Garden studio build');
  await expect(editorBox(page)).toHaveText('A timber studio at the end of the garden.');

  const copy = await proposalOf(page, copyId);
  expect(copy.document).toEqual(original.document);
  expect(copy.title).toBe('Copy of Garden studio build');
  // The original is left as it was.
  expect(await proposalOf(page, draft.id)).toMatchObject({ title: 'Garden studio build', version: original.version });
});

test('More actions: Delete deletes at once and offers Undo, which brings the proposal back', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Loft conversion');
  await openDraft(page, draft.id);
  const sidebar = page.getByRole('complementary', { name: 'Your proposals' });

  await moreAction(page, 'Delete');
  await expect(page).toHaveURL('/dashboard');
  const deleted = toast(page, 'Deleted “Loft conversion”');
  await expect(deleted).toContainText('Undo brings it back, as it was.');
  await expect(sidebar.getByRole('link', { name: /Loft conversion/ })).toHaveCount(0);
  // Deleted on the server already, while Undo is still offered.
  await expect.poll(async () => (await page.request.get(`/api/proposals/${draft.id}`)).status()).toBe(404);
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'Restored “Loft conversion”')).toBeVisible();
  await expect(page).toHaveURL(`/edit-draft/${draft.id}`);
  await expect(titleField(page)).toHaveValue('Loft conversion');
  await expect(deleted).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: /Loft conversion/ })).toHaveCount(1);
  await page.reload();
  await expect(titleField(page)).toHaveValue('Loft conversion');
  expect((await page.request.get(`/api/proposals/${draft.id}`)).status()).toBe(200);

  await moreAction(page, 'Delete');
  await expect(page).toHaveURL('/dashboard');
  await deleted.getByRole('button', { name: 'Close notification' }).click();
  await expect.poll(async () => (await page.request.get(`/api/proposals/${draft.id}`)).status()).toBe(404);
  await page.reload();
  await expect(sidebar.getByRole('heading', { name: 'No proposals yet' })).toBeVisible();
});

test('Delete stays deleted when the tab closes while Undo is still offered', async ({
  page,
  context,
  baseURL,
  signUpViaApi,
  consoleGuard,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Attic insulation');
  // Reopened, the editor asks for the deleted draft and is answered 404; Chromium logs it.
  consoleGuard.allow(refusedRequest(`/api/proposals/${draft.id}`));
  await openDraft(page, draft.id);
  await editorBox(page).click();
  await page.keyboard.type('Mineral wool between the rafters.');
  await expect(saveStatus(page)).toHaveText(/^Saved/);

  const answered = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/proposals/${draft.id}`),
  );
  await moreAction(page, 'Delete');
  expect((await answered).status()).toBe(204);
  const undo = toast(page, 'Deleted “Attic insulation”').getByRole('button', { name: 'Undo' });
  await expect(undo).toBeVisible();
  await page.close();

  const reopened = await context.newPage();
  await reopened.goto(`/edit-draft/${draft.id}`);
  await expect(reopened.getByRole('heading', { name: 'This proposal does not exist or is not yours' })).toBeVisible();
  await reopened.goto('/dashboard');
  const sidebar = reopened.getByRole('complementary', { name: 'Your proposals' });
  await expect(sidebar.getByRole('heading', { name: 'No proposals yet' })).toBeVisible();
  expect((await reopened.request.get(`/api/proposals/${draft.id}`)).status()).toBe(404);
});

test('More actions: Save as template lands in Your templates, opens in the template editor where an edit is saved, and a proposal is made from it', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Kitchen refit');
  await openDraft(page, draft.id);
  await editorBox(page).click();
  await page.keyboard.type('We strip out the old kitchen and fit the new one.');
  await expect.poll(async () => textOf((await proposalOf(page, draft.id)).document)).toContain('fit the new one');

  await moreAction(page, 'Save as template');
  const dialog = page.getByRole('dialog', { name: 'Save as template' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Kitchen refit');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog).toBeHidden();
  const saved = toast(page, 'Saved as a template');
  await expect(saved).toContainText('“Kitchen refit” is in your templates.');
  const templates = await getJson<{ items: TTemplate[] }>(page, '/api/templates');
  expect(templates.items.map((t) => t.name)).toEqual(['Kitchen refit']);
  const template = await getJson<TTemplate>(page, `/api/templates/${templates.items[0]!.id}`);
  expect(template.kind).toBe('own');
  expect(template.document).toEqual((await proposalOf(page, draft.id)).document);

  await saved.getByRole('button', { name: 'Open templates' }).click();
  await expect(page).toHaveURL('/templates');
  const own = page.getByRole('region', { name: 'Your templates' });
  const card = own.getByRole('article', { name: 'Kitchen refit', exact: true });
  await expect(card).toBeVisible();

  // The own template opens in the same editor, at the template editor's address.
  await card.getByRole('button', { name: 'More actions for Kitchen refit' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`/templates/${template.id}/edit`);
  await expect(page.getByLabel('Template name')).toHaveValue('Kitchen refit');
  const content = page.getByRole('textbox', { name: 'Template content' });
  await expect(content).toHaveText('We strip out the old kitchen and fit the new one.');
  await expect(toolbar(page).getByRole('button', { name: 'Insert' })).toBeVisible();
  await page.getByLabel('Template name').fill('Kitchen refit, standard');
  await content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' Appliances are priced separately.');
  await expect
    .poll(async () => {
      const t = await getJson<TTemplate>(page, `/api/templates/${template.id}`);
      return [t.name, textOf(t.document)];
    })
    .toEqual([
      'Kitchen refit, standard',
      'We strip out the old kitchen and fit the new one. Appliances are priced separately.',
    ]);
  await expectNoAxeViolations(page, 'the template editor');

  // New proposal → From a template → the edited own template.
  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('button', { name: 'New proposal' }).first().click();
  await page.getByRole('menuitem', { name: 'From a template' }).click();
  await expect(page).toHaveURL('/templates');
  await own
    .getByRole('article', { name: 'Kitchen refit, standard', exact: true })
    .getByRole('button', { name: 'Use template' })
    .click();
  await expect(page).toHaveURL(/\/edit-draft\/[0-9a-f-]{36}$/);
  await expect(page).not.toHaveURL(`/edit-draft/${draft.id}`);
  await expect(titleField(page)).toHaveValue('Kitchen refit, standard');
  await expect(editorBox(page)).toHaveText(
    'We strip out the old kitchen and fit the new one. Appliances are priced separately.',
  );
  const made = await proposalOf(page, page.url().split('/').at(-1)!);
  const edited = await getJson<TTemplate>(page, `/api/templates/${template.id}`);
  expect(made.document).toEqual(edited.document);
});
