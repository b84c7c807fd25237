import type { Page, Request } from '@playwright/test';
import { expect, expectNoAxeViolations, refusedRequest, test } from './fixtures';

/**
 * Autosave of the draft editor (`/edit-draft/:id`): R3 (two tabs), R4 (offline), R5 (leave and
 * reopen), R6 (answers out of order), R1 (a save whose answer was lost is retried). The title is autosaved like the document; the save status
 * is the editor's `role=status` pill.
 */

type TProposal = { id: string; title: string; version: number };

async function createDraft(page: Page, baseURL: string, title: string): Promise<TProposal> {
  const res = await page.request.post('/api/proposals', {
    headers: { origin: new URL(baseURL).origin, 'content-type': 'application/json' },
    data: { title },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as TProposal;
}

async function serverCopy(page: Page, id: string): Promise<TProposal> {
  const res = await page.request.get(`/api/proposals/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TProposal;
}

const titleField = (page: Page) => page.getByLabel('Title', { exact: true });
const saveStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Saved|Saving…|Unsaved changes|Offline|Conflict|Couldn't save/ });
const conflictDialog = (page: Page) => page.getByRole('dialog', { name: /changed somewhere else/ });

async function openDraft(page: Page, id: string, title: string) {
  await page.goto(`/edit-draft/${id}`);
  await expect(titleField(page)).toHaveValue(title);
  await expect(saveStatus(page)).toHaveText(/^Saved/);
}

/** The titles the page sent in its PATCH requests, in the order they left. */
function recordPatches(page: Page, id: string) {
  const sent: { title?: string; version: number }[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'PATCH' && request.url().endsWith(`/api/proposals/${id}`)) {
      sent.push(request.postDataJSON() as { title?: string; version: number });
    }
  });
  return sent;
}

/** Holds this page's next save of the draft before it reaches the server, until `release()`. */
async function holdNextSave(page: Page, id: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  let used = false;
  await page.route(`**/api/proposals/${id}`, async (route) => {
    if (route.request().method() !== 'PATCH' || used) return route.fallback();
    used = true;
    arrived();
    await gate;
    await route.fallback();
  });
  return { held, release };
}

const editorBox = (page: Page) => page.getByRole('textbox', { name: 'Proposal content' });

const paragraphDocument = (text: string) => ({
  version: 1,
  blocks: [
    {
      id: 'intro',
      type: 'rich_text',
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
    },
  ],
});

async function saveViaApi(page: Page, baseURL: string, id: string, patch: Record<string, unknown>) {
  const current = await serverCopy(page, id);
  const res = await page.request.patch(`/api/proposals/${id}`, {
    headers: { origin: new URL(baseURL).origin, 'content-type': 'application/json' },
    data: { version: current.version, ...patch },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Replaces the last word of the text (before its full stop) by `to`, as a person would. */
async function replaceLastWord(page: Page, word: string, to: string) {
  await editorBox(page).getByText(word).click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < word.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type(to);
}

test('R3: a tab with unsaved edits gets the conflict view with what differs marked; keeping either leaves exactly that', async ({
  page,
  context,
  baseURL,
  signUpViaApi,
  consoleGuard,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Kitchen remodel');
  await saveViaApi(page, baseURL!, draft.id, {
    document: paragraphDocument('We replace the worktops and the cabinets in oak.'),
  });
  // The stale saves are answered 409 on purpose; Chromium logs each one.
  consoleGuard.allow(refusedRequest(`/api/proposals/${draft.id}`));
  const tabA = page;
  const tabB = await context.newPage();
  await openDraft(tabA, draft.id, 'Kitchen remodel');
  await openDraft(tabB, draft.id, 'Kitchen remodel');

  // Tab B's edits are on their way (held) when tab A saves: both sides changed.
  const heldB = await holdNextSave(tabB, draft.id);
  await titleField(tabB).fill('Kitchen remodel — from tab B');
  await replaceLastWord(tabB, 'oak', 'walnut');
  await heldB.held;
  await titleField(tabA).fill('Kitchen remodel — from tab A');
  await expect(saveStatus(tabA)).toHaveText(/^Saved/);
  await expect.poll(async () => (await serverCopy(tabA, draft.id)).title).toBe('Kitchen remodel — from tab A');
  heldB.release();

  // Tab B's save went against version 2: refused and shown, never written over A's.
  const dialog = conflictDialog(tabB);
  await expect(dialog).toBeVisible();
  await expect(saveStatus(tabB)).toHaveText(/Conflict — review/);
  const differences = dialog.getByRole('region', { name: 'Differences between the two versions' });
  const title = differences.getByRole('listitem').filter({ hasText: 'Title' });
  await expect(title.locator('del')).toContainText('Kitchen remodel — from tab A');
  await expect(title.locator('ins')).toContainText('Kitchen remodel — from tab B');
  // The text is compared word by word: only the changed word is marked.
  const text = differences.getByRole('listitem').filter({ hasText: 'worktops' });
  await expect(text.locator('del')).toHaveText(/^\[removed: oak\]$/);
  await expect(text.locator('ins')).toHaveText(/^\[added: walnut\]$/);
  expect((await serverCopy(tabB, draft.id)).title).toBe('Kitchen remodel — from tab A');
  await expectNoAxeViolations(tabB, 'the conflict view');

  // The user must choose: Escape does not dismiss it.
  await tabB.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep my version' }).click();
  await expect(dialog).toBeHidden();
  await expect(saveStatus(tabB)).toHaveText(/^Saved/);
  await expect(titleField(tabB)).toHaveValue('Kitchen remodel — from tab B');
  await expect.poll(async () => (await serverCopy(tabB, draft.id)).title).toBe('Kitchen remodel — from tab B');

  // Tab A had nothing unsaved: it simply shows B's version now, with no question.
  await expect(titleField(tabA)).toHaveValue('Kitchen remodel — from tab B');
  await expect(editorBox(tabA)).toHaveText('We replace the worktops and the cabinets in walnut.');
  await expect(conflictDialog(tabA)).toHaveCount(0);

  // Now tab A is the stale one; this time the other version is kept.
  const heldA = await holdNextSave(tabA, draft.id);
  await titleField(tabA).fill('Kitchen remodel — A again');
  await heldA.held;
  await titleField(tabB).fill('Kitchen remodel — B again');
  await expect(saveStatus(tabB)).toHaveText(/^Saved/);
  await expect.poll(async () => (await serverCopy(tabB, draft.id)).title).toBe('Kitchen remodel — B again');
  heldA.release();
  const dialogA = conflictDialog(tabA);
  await expect(dialogA).toBeVisible();
  const titleA = dialogA.getByRole('listitem').filter({ hasText: 'Title' });
  await expect(titleA.locator('del')).toContainText('Kitchen remodel — B again');
  await expect(titleA.locator('ins')).toContainText('Kitchen remodel — A again');
  await dialogA.getByRole('button', { name: 'Keep the other version' }).click();
  await expect(dialogA).toBeHidden();
  await expect(titleField(tabA)).toHaveValue('Kitchen remodel — B again');
  await expect(saveStatus(tabA)).toHaveText(/^Saved/);
  expect((await serverCopy(tabA, draft.id)).title).toBe('Kitchen remodel — B again');

  // Kept means kept: the next edit in tab A saves against the version it took.
  await titleField(tabA).fill('Kitchen remodel — final');
  await expect(saveStatus(tabA)).toHaveText(/^Saved/);
  await expect.poll(async () => (await serverCopy(tabA, draft.id)).title).toBe('Kitchen remodel — final');
});

test('a tab with no unsaved edits takes another tab’s newer version at once, title and text, without asking', async ({
  page,
  context,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Bathroom');
  await saveViaApi(page, baseURL!, draft.id, { document: paragraphDocument('New tiles on the floor.') });
  const tabA = page;
  const tabB = await context.newPage();
  await openDraft(tabA, draft.id, 'Bathroom');
  await openDraft(tabB, draft.id, 'Bathroom');

  await titleField(tabA).fill('Bathroom refit');
  await replaceLastWord(tabA, 'floor', 'walls');
  await expect(saveStatus(tabA)).toHaveText(/^Saved/);
  await expect.poll(async () => (await serverCopy(tabA, draft.id)).title).toBe('Bathroom refit');

  await expect(titleField(tabB)).toHaveValue('Bathroom refit');
  await expect(editorBox(tabB)).toHaveText('New tiles on the walls.');
  await expect(saveStatus(tabB)).toHaveText(/^Saved/);
  await expect(tabB.getByRole('note').filter({ hasText: 'saved from another tab' })).toHaveCount(0);

  // B stands on A's version now: its own edit saves on top, with no conflict.
  await titleField(tabB).fill('Bathroom refit, phase 2');
  await expect(saveStatus(tabB)).toHaveText(/^Saved/);
  await expect(conflictDialog(tabB)).toHaveCount(0);
  await expect.poll(async () => (await serverCopy(tabB, draft.id)).title).toBe('Bathroom refit, phase 2');
  expect(JSON.stringify((await serverCopy(tabB, draft.id)) as unknown)).toContain('New tiles on the walls.');
  await expect(titleField(tabA)).toHaveValue('Bathroom refit, phase 2');
});

test('R1: a save that reached the server but whose answer was lost is retried without a conflict with itself', async ({
  page,
  context,
  baseURL,
  signUpViaApi,
  consoleGuard,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Porch');
  consoleGuard.allow(/net::ERR_INTERNET_DISCONNECTED/);
  await openDraft(page, draft.id, 'Porch');
  const sent = recordPatches(page, draft.id);

  // The first save is applied on the server, then the connection drops before its answer.
  let lost = false;
  await page.route(`**/api/proposals/${draft.id}`, async (route) => {
    if (route.request().method() !== 'PATCH' || lost) return route.fallback();
    lost = true;
    await route.fetch();
    await context.setOffline(true);
    await route.abort('internetdisconnected');
  });
  const field = titleField(page);
  await field.click();
  await field.press('End');
  await field.pressSequentially(' steps');
  await expect(saveStatus(page)).toHaveText('Offline — changes kept on this device');
  expect((await serverCopy(page, draft.id)).title).toBe('Porch steps');

  // More typing meanwhile; then the connection is back and the editor sends everything again.
  await field.pressSequentially(' and railing');
  await context.setOffline(false);
  await expect(saveStatus(page)).toHaveText(/^Saved/);
  await expect(conflictDialog(page)).toHaveCount(0);
  const saved = await serverCopy(page, draft.id);
  expect(saved).toMatchObject({ title: 'Porch steps and railing', version: 3 });
  await expect(field).toHaveValue('Porch steps and railing');
  // Both went against version 1: the retry was recognised as the same editor's next save.
  expect(sent.map((p) => p.version)).toEqual([1, 1]);
});

test('R4: offline while typing says so within 2 s, keeps the edits, and sends them in order when back', async ({
  page,
  context,
  baseURL,
  signUpViaApi,
  consoleGuard,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Roof');
  consoleGuard.allow(/net::ERR_INTERNET_DISCONNECTED/);
  await openDraft(page, draft.id, 'Roof');
  const sent = recordPatches(page, draft.id);

  await context.setOffline(true);
  const field = titleField(page);
  await field.click();
  await field.press('End');
  await field.pressSequentially(' repair');
  await expect(saveStatus(page)).toHaveText('Offline — changes kept on this device', { timeout: 2_000 });

  // Typing goes on while offline; the status stays put and the edits wait on this device.
  await field.pressSequentially(' and gutters');
  await expect(saveStatus(page)).toHaveText('Offline — changes kept on this device');
  await field.pressSequentially(', phase 2');
  await expect(saveStatus(page)).toHaveText('Offline — changes kept on this device');
  await expect(field).toHaveValue('Roof repair and gutters, phase 2');

  await context.setOffline(false);
  await expect(saveStatus(page)).toHaveText(/^Saved/, { timeout: 15_000 });
  await expect.poll(async () => (await serverCopy(page, draft.id)).title).toBe('Roof repair and gutters, phase 2');

  // In order: every title sent extends the one before, and the last one is everything typed.
  const titles = sent.map((p) => p.title ?? '');
  expect(titles.length).toBeGreaterThan(0);
  for (let i = 1; i < titles.length; i++) expect(titles[i]!.startsWith(titles[i - 1]!)).toBe(true);
  expect(titles.at(-1)).toBe('Roof repair and gutters, phase 2');
});

test('R5: leaving with unsaved edits prompts; on reopen the copy on this device is offered and restores exactly', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Garden');
  await openDraft(page, draft.id, 'Garden');

  const typed = ' — Café “déjà vu”, 5 % & <b>not bold</b>';
  const field = titleField(page);
  await field.click();
  await field.press('End');
  await field.pressSequentially(typed);
  await expect(field).toHaveValue(`Garden${typed}`);

  // Reload before the debounce fires: the browser asks first.
  let prompted = false;
  page.once('dialog', (dialog) => {
    prompted = dialog.type() === 'beforeunload';
    void dialog.accept();
  });
  await page.reload();
  expect(prompted).toBe(true);

  // Nothing reached the server; the copy on this device is offered.
  expect((await serverCopy(page, draft.id)).title).toBe('Garden');
  await expect(titleField(page)).toHaveValue('Garden');
  const banner = page.getByRole('region', { name: 'Unsaved changes on this device' });
  await expect(banner).toContainText('were kept on this device');
  await expectNoAxeViolations(page, 'the restore banner');

  await banner.getByRole('button', { name: 'Restore' }).click();
  await expect(banner).toBeHidden();
  await expect(titleField(page)).toHaveValue(`Garden${typed}`);
  await expect(saveStatus(page)).toHaveText(/^Saved/);
  await expect.poll(async () => (await serverCopy(page, draft.id)).title).toBe(`Garden${typed}`);

  // Saved and acknowledged: nothing is offered any more.
  await page.reload();
  await expect(titleField(page)).toHaveValue(`Garden${typed}`);
  await expect(saveStatus(page)).toHaveText(/^Saved/);
  await expect(page.getByRole('region', { name: 'Unsaved changes on this device' })).toHaveCount(0);
});

test('R6: a save answered late never undoes a newer one, on the server or on the screen', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Deck');
  await openDraft(page, draft.id, 'Deck');
  const sent = recordPatches(page, draft.id);
  const answered: number[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'PATCH' && response.url().endsWith(`/api/proposals/${draft.id}`)) {
      answered.push(response.status());
    }
  });

  // The first save reaches the server, but its answer is held back.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(`**/api/proposals/${draft.id}`, async (route) => {
    if (route.request().method() !== 'PATCH' || held) return route.fallback();
    held = true;
    const response = await route.fetch();
    await released;
    await route.fulfill({ response });
  });

  const field = titleField(page);
  await field.click();
  await field.press('End');
  const firstSent = page.waitForRequest((r) => r.method() === 'PATCH');
  await field.pressSequentially(' stain');
  await firstSent;
  await expect(saveStatus(page)).toHaveText('Saving…');

  // More typing while the first answer is late.
  await field.pressSequentially(' and seal');
  await expect(field).toHaveValue('Deck stain and seal');
  release();

  await expect(saveStatus(page)).toHaveText(/^Saved/);
  await expect.poll(async () => (await serverCopy(page, draft.id)).title).toBe('Deck stain and seal');
  // The screen never went back to the older text, and no save was refused or overwritten.
  await expect(field).toHaveValue('Deck stain and seal');
  await expect(conflictDialog(page)).toHaveCount(0);
  expect(answered.every((status) => status === 200)).toBe(true);
  expect(sent.at(-1)?.title).toBe('Deck stain and seal');
  // One save at a time: each went against the version the previous one produced.
  for (let i = 1; i < sent.length; i++) expect(sent[i]!.version).toBe(sent[i - 1]!.version + 1);
});
