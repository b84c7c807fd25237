import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { INTEGRATIONS_URL } from './support/integrations';

/**
 * Drafting with an AI model, on the "integrations" app: its model is the local fake
 * (e2e/support/ai-fake-server.ts), which streams a proposal built from the brief a chunk at a
 * time, slowly enough to watch the sections arrive.
 */
test.use({ baseURL: INTEGRATIONS_URL });
// One at a time, in one worker: a release (POST /release) lets every held draft go on, so two of
// these tests side by side would release each other's drafts early.
test.describe.configure({ mode: 'default' });

type TLine = { description: string; unitPrice: number; savedItemId?: string; needsReview?: true };
type TBlock = { id: string; type: string; lines?: TLine[] };

async function saveItem(page: Page, description: string, unitPrice: number): Promise<string> {
  const res = await page.request.post('/api/saved-items', {
    headers: { origin: INTEGRATIONS_URL, 'content-type': 'application/json' },
    data: { description, unit: 'project', unitPrice, currency: 'USD' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function fillBrief(page: Page, need: string) {
  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('button', { name: 'New proposal' }).first().click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'From a brief…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Draft from a brief' });
  await expect(dialog.getByTestId('drafter-note')).toContainText('An AI model writes this draft');
  await dialog.getByLabel('Name', { exact: true }).fill('Morgan Lee');
  await dialog.getByLabel('Company (optional)').fill('Harbour Bakery');
  await dialog.getByLabel('What the client needs').fill(need);
  await dialog.getByLabel('Deliverable 1', { exact: true }).fill('Logo design');
  return dialog;
}

/** Lets every draft the fake model holds ("[hold]" in the brief) go on to its end. */
async function releaseHeldDrafts() {
  const res = await fetch(`http://127.0.0.1:${process.env.E2E_AI_PORT}/release`, { method: 'POST' });
  expect(res.status).toBe(204);
}

async function draftOf(page: Page): Promise<{ document: { blocks: TBlock[] } }> {
  const id = page.url().split('/').at(-1)!;
  const res = await page.request.get(`/api/proposals/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { document: { blocks: TBlock[] } };
}

test('a brief is drafted by the model: sections arrive one by one, prices come from saved items, invented ones are flagged', async ({
  page,
  signUpViaApi,
}) => {
  // Two axe runs and a whole draft streamed at the fake model's pace: more than one screen's budget.
  test.setTimeout(60_000);
  await signUpViaApi(page);
  const logo = await saveItem(page, 'Logo design', 150_000);
  // "[hold]": the fake model stops before "Next steps" until released below, so the page is
  // checked while the draft is still being written, whatever the machine's pace.
  const dialog = await fillBrief(page, 'A new brand and website before the second shop opens. [hold]');
  await expect(dialog.getByLabel('Follow a template (optional)')).toBeVisible();
  await expectNoAxeViolations(page, 'the brief dialog with an AI model');
  await dialog.getByRole('button', { name: 'Write the draft' }).click();

  // The draft opens in the editor at once and streams into it: progress and Stop while it
  // writes, read-only, the first section before the last.
  await expect(page).toHaveURL(/\/edit-draft\/[0-9a-f-]{36}$/);
  await expect(dialog).toBeHidden();
  const main = page.getByRole('main');
  const writing = main.getByRole('textbox', { name: 'Proposal content, being written' });
  await expect(main.getByRole('progressbar', { name: 'Draft progress' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect(writing.getByRole('heading', { name: 'A proposal for Harbour Bakery' })).toBeVisible();
  await expect(writing.getByRole('heading', { name: 'Next steps' })).toHaveCount(0);
  await expect(writing).toHaveAttribute('contenteditable', 'false');
  await expect(main.getByRole('status').filter({ hasText: 'Writing…' })).toContainText(/Writing… \d+ parts? so far/);
  await expectNoAxeViolations(page, 'a draft being written in the editor');
  const id = page.url().split('/').at(-1);
  await releaseHeldDrafts();

  // Once whole it is an ordinary draft in the same place: editable, with its toolbar.
  await expect(main.getByRole('toolbar', { name: 'Formatting' })).toBeVisible({ timeout: 20_000 });
  await expect(main.getByRole('progressbar', { name: 'Draft progress' })).toHaveCount(0);
  await expect(main.getByRole('textbox', { name: 'Proposal content' })).toHaveAttribute('contenteditable', 'true');
  expect(page.url().split('/').at(-1)).toBe(id);
  const { document } = await draftOf(page);
  expect(document.blocks.map((b) => b.id)).toEqual([
    'ai-section-1',
    'ai-section-2',
    'ai-section-3',
    'ai-section-4',
    'ai-timeline',
    'ai-pricing',
    'ai-signature',
  ]);
  const lines = document.blocks.find((b) => b.type === 'pricing_table')!.lines!;
  expect(lines[0]).toMatchObject({ savedItemId: logo, unitPrice: 150_000 });
  expect(lines[0]!.needsReview).toBeUndefined();
  expect(lines[1]).toMatchObject({ description: 'Project management', needsReview: true });

  // The invented price is flagged in the editor until the user confirms it; the draft autosaves.
  const editor = main;
  await expect(editor.getByText('A proposal for Harbour Bakery')).toBeVisible();
  const flag = editor.getByTestId('needs-review');
  await expect(flag).toHaveCount(1);
  await editor.getByRole('button', { name: 'Confirm price for line 2' }).click();
  await expect(flag).toHaveCount(0);
  await expect(editor.getByText('Saved', { exact: true })).toBeVisible();
  await expect
    .poll(
      async () => (await draftOf(page)).document.blocks.find((b) => b.type === 'pricing_table')!.lines![1]!.needsReview,
    )
    .toBeUndefined();
  // An ordinary draft: the confirmation is one undo step like any edit.
  await editor.getByRole('button', { name: 'Undo' }).click();
  await expect(flag).toHaveCount(1);
});

test('Stop keeps what the model has written so far as an ordinary draft (dark, 375 px)', async ({
  page,
  signUpViaApi,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signUpViaApi(page);
  // "[hold]": the fake model stops before "Next steps" until released, so the draft is still
  // being written whatever the machine's pace while the page is checked and Stop is pressed.
  const dialog = await fillBrief(page, 'A new brand for the bakery. [hold]');
  await dialog.getByRole('button', { name: 'Write the draft' }).click();
  const main = page.getByRole('main');
  await expect(
    main
      .getByRole('textbox', { name: 'Proposal content, being written' })
      .getByRole('heading', { name: 'What you need' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'a draft being written, dark, 375 px');
  await main.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
    'Your draft is saved as far as it got',
  );
  const content = main.getByRole('textbox', { name: 'Proposal content' });
  await expect(content).toHaveAttribute('contenteditable', 'true');
  const ids = (await draftOf(page)).document.blocks.map((b) => b.id);
  expect(ids.slice(0, 2)).toEqual(['ai-section-1', 'ai-section-2']);
  expect(ids).not.toContain('ai-signature');
  await expect(content.getByRole('heading', { name: 'What you need' })).toBeVisible();
  // What stayed is the user's to edit and autosave.
  await content.getByText('A new brand for the bakery. [hold]').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Kept.');
  await expect(main.getByText('Saved', { exact: true })).toBeVisible();
  await expect.poll(async () => JSON.stringify((await draftOf(page)).document)).toContain('[hold] Kept.');
});

test('leaving the editor while the model writes: it goes on, and a toast opens the finished draft', async ({
  page,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  // "[hold]": the draft is still being written when the user leaves, whatever the machine's pace.
  const dialog = await fillBrief(page, 'A new brand for the bakery. [hold]');
  await dialog.getByRole('button', { name: 'Write the draft' }).click();
  await expect(page).toHaveURL(/\/edit-draft\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1);
  await expect(page.getByRole('main').getByRole('progressbar', { name: 'Draft progress' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Templates' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await releaseHeldDrafts();
  const ready = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: '“Proposal for Harbour Bakery” is ready' });
  await expect(ready).toBeVisible({ timeout: 20_000 });
  await ready.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-draft/${id}$`));
  const content = page.getByRole('main').getByRole('textbox', { name: 'Proposal content' });
  await expect(content).toHaveAttribute('contenteditable', 'true');
  await expect(content.getByRole('heading', { name: 'Next steps' })).toBeVisible();
  expect((await draftOf(page)).document.blocks.map((b) => b.id)).toContain('ai-signature');
});

test('a model that breaks off midway: the unfinished draft is removed and the built-in drafter offered', async ({
  page,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  // Held before it breaks off, so the page is seen with the draft's first sections in it.
  const dialog = await fillBrief(page, 'A new brand for the bakery. [hold] [fail:cut]');
  await dialog.getByRole('button', { name: 'Write the draft' }).click();
  await expect(page).toHaveURL(/\/edit-draft\/[0-9a-f-]{36}$/);
  const failed = page.url();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'What you need' })).toBeVisible();
  await releaseHeldDrafts();
  const alert = main.getByRole('alert');
  await expect(alert).toContainText('nothing was saved', { timeout: 20_000 });
  const res = await page.request.get(`/api/proposals/${failed.split('/').at(-1)}`);
  expect(res.status()).toBe(404);
  await expectNoAxeViolations(page, 'a draft that failed midway');

  // Back to the brief: the same brief, ready to send again.
  await alert.getByRole('button', { name: 'Back to the brief' }).click();
  const again = page.getByRole('dialog', { name: 'Draft from a brief' });
  await expect(again.getByLabel('What the client needs')).toHaveValue('A new brand for the bakery. [hold] [fail:cut]');
  await again.getByRole('button', { name: 'Cancel' }).click();

  await alert.getByRole('button', { name: 'Use the built-in drafter' }).click();
  await expect(page).not.toHaveURL(failed);
  await expect(page).toHaveURL(/\/edit-draft\/[0-9a-f-]{36}$/);
  expect((await draftOf(page)).document.blocks.map((b) => b.id)).toContain('introduction');
});

test('when the model fails, the user is told why and drafts with the built-in drafter instead', async ({
  page,
  signUpViaApi,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await signUpViaApi(page);
  // The fake model answers 429 to a brief that asks it to.
  const dialog = await fillBrief(page, 'A new brand for the bakery. [fail:429]');
  await dialog.getByRole('button', { name: 'Write the draft' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('The AI service is busy');
  await expect(alert.getByRole('button', { name: 'Back to the brief' })).toBeVisible();
  await expectNoAxeViolations(page, 'a failed AI draft, dark, 375 px');
  await alert.getByRole('button', { name: 'Use the built-in drafter' }).click();
  await expect(page).toHaveURL(/\/edit-draft\/[0-9a-f-]{36}$/);
  expect((await draftOf(page)).document.blocks.map((b) => b.id)).toContain('introduction');
});

test('a section is rewritten as a suggestion: shown beside the original, accepted, then undone', async ({
  page,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  const res = await page.request.post('/api/drafts', {
    headers: { origin: INTEGRATIONS_URL, 'content-type': 'application/json' },
    data: {
      client: { source: 'new', name: 'Morgan Lee', company: 'Harbour Bakery' },
      need: 'A new brand for the bakery.',
      deliverables: ['Logo design'],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto(`/edit-draft/${((await res.json()) as { id: string }).id}`);
  const main = page.getByRole('main');
  await main.getByText('A new brand for the bakery.').click();

  // Rejecting leaves the section as it was.
  await main.getByRole('button', { name: 'AI' }).click();
  await page.getByRole('menuitem', { name: 'Shorten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggestion: Shorten' });
  await expect(dialog.getByRole('region', { name: 'Suggested section' })).toContainText(
    'Rewritten by the model: Shorten',
  );
  await expect(dialog.getByRole('region', { name: 'Your section' })).toContainText('A new brand for the bakery.');
  await expectNoAxeViolations(page, 'a section rewrite suggestion');
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(dialog).toBeHidden();
  await expect(main.getByText('Rewritten by the model')).toHaveCount(0);

  // Accepting replaces the section, heading kept; one undo brings it back.
  await main.getByText('A new brand for the bakery.').click();
  await main.getByRole('button', { name: 'AI' }).click();
  await page.getByRole('menuitem', { name: 'Into French' }).click();
  const translate = page.getByRole('dialog', { name: 'Suggestion: Translate to French' });
  await translate.getByRole('button', { name: 'Accept suggestion' }).click();
  await expect(translate).toBeHidden();
  await expect(main.getByText(/Rewritten by the model: Translate this section into French/)).toBeVisible();
  await expect(main.getByRole('heading', { name: 'What you need' })).toBeVisible();
  await expect(main.getByText('A new brand for the bakery.')).toHaveCount(0);
  await main.getByRole('button', { name: 'Undo' }).click();
  await expect(main.getByText('A new brand for the bakery.')).toBeVisible();
  await expect(main.getByText('Rewritten by the model')).toHaveCount(0);
});

test.describe('without an AI model', () => {
  test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });

  test('the brief dialog says the built-in drafter writes, and the editor offers no AI actions', async ({
    page,
    signUpViaApi,
  }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard');
    await page.getByRole('main').getByRole('button', { name: 'New proposal' }).first().click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'From a brief…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Draft from a brief' });
    await expect(dialog.getByTestId('drafter-note')).toContainText('The built-in drafter writes this draft');
    await expect(dialog.getByLabel('Follow a template (optional)')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const res = await page.request.post('/api/proposals', {
      headers: { origin: `http://127.0.0.1:${process.env.E2E_PORT}`, 'content-type': 'application/json' },
      data: { title: 'Plain' },
    });
    await page.goto(`/edit-draft/${((await res.json()) as { id: string }).id}`);
    await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'AI' })).toHaveCount(0);
  });
});

test('the plan’s monthly drafts used up: the brief says so and the toast offers the upgrade', async ({
  page,
  signUpViaApi,
  consoleGuard,
}) => {
  await signUpViaApi(page);
  // Ten section rewrites use up the free plan's ten drafts a month (each generation counts).
  for (let i = 0; i < 10; i++) {
    const res = await page.request.post('/api/drafts/rewrite', {
      headers: { origin: INTEGRATIONS_URL, 'content-type': 'application/json' },
      data: {
        action: 'shorten',
        block: {
          id: 'intro',
          type: 'rich_text',
          content: {
            type: 'doc',
            content: [
              { type: 'paragraph', content: [{ type: 'text', text: 'We will design a brand and a website.' }] },
            ],
          },
        },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const dialog = await fillBrief(page, 'A new brand and website before the second shop opens.');
  consoleGuard.allow(/status of 402/);
  await dialog.getByRole('button', { name: 'Write the draft' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Your Free plan includes 10 drafts from a brief this month');
  const limit = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'You have reached your plan’s limit' });
  await expect(limit.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
});
