import type { Page, Request } from '@playwright/test';
import { expect, expectNoAxeViolations, refusedRequest, test } from './fixtures';

/**
 * Autosave of the draft editor (`/edit-draft/:id`): R3 (two tabs), R4 (offline), R5 (leave and
 * reopen), R6 (answers out of order). The title is autosaved like the document; the save status
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

test('R3: the stale tab gets the conflict view with both versions; keeping either leaves exactly that', async ({
  page,
  context,
  baseURL,
  signUpViaApi,
  consoleGuard,
}) => {
  await signUpViaApi(page);
  const draft = await createDraft(page, baseURL!, 'Kitchen remodel');
  // The stale saves are answered 409 on purpose; Chromium logs each one.
  consoleGuard.allow(refusedRequest(`/api/proposals/${draft.id}`));
  const tabA = page;
  const tabB = await context.newPage();
  await openDraft(tabA, draft.id, 'Kitchen remodel');
  await openDraft(tabB, draft.id, 'Kitchen remodel');

  await titleField(tabA).fill('Kitchen remodel — from tab A');
  await expect(saveStatus(tabA)).toHaveText(/^Saved/);
  await expect.poll(async () => (await serverCopy(tabA, draft.id)).title).toBe('Kitchen remodel — from tab A');

  // Tab B still edits version 1: its save is refused and shown, never written over A's.
  await titleField(tabB).fill('Kitchen remodel — from tab B');
  const dialog = conflictDialog(tabB);
  await expect(dialog).toBeVisible();
  await expect(saveStatus(tabB)).toHaveText(/Conflict — review/);
  await expect(dialog.getByRole('region', { name: 'Your version' })).toContainText('Kitchen remodel — from tab B');
  await expect(dialog.getByRole('region', { name: 'The other version' })).toContainText('Kitchen remodel — from tab A');
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

  // Now tab A is the stale one; this time the other version is kept.
  await titleField(tabA).fill('Kitchen remodel — A again');
  const dialogA = conflictDialog(tabA);
  await expect(dialogA).toBeVisible();
  await expect(dialogA.getByRole('region', { name: 'Your version' })).toContainText('Kitchen remodel — A again');
  await expect(dialogA.getByRole('region', { name: 'The other version' })).toContainText(
    'Kitchen remodel — from tab B',
  );
  await dialogA.getByRole('button', { name: 'Keep the other version' }).click();
  await expect(dialogA).toBeHidden();
  await expect(titleField(tabA)).toHaveValue('Kitchen remodel — from tab B');
  await expect(saveStatus(tabA)).toHaveText(/^Saved/);
  expect((await serverCopy(tabA, draft.id)).title).toBe('Kitchen remodel — from tab B');

  // Kept means kept: the next edit in tab A saves against the version it took.
  await titleField(tabA).fill('Kitchen remodel — final');
  await expect(saveStatus(tabA)).toHaveText(/^Saved/);
  await expect.poll(async () => (await serverCopy(tabA, draft.id)).title).toBe('Kitchen remodel — final');
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
