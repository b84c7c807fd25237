import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, WebSocketRoute } from '@playwright/test';
import { expect, expectNoAxeViolations, refusedRequest, test, toast } from './fixtures';
import {
  api,
  CLIENT,
  confirmedOwner,
  documentWith,
  draft,
  inDays,
  sentProposal,
  type TProposal,
} from './support/proposals';

/**
 * The owner's side of a sent proposal (PRODUCT 3, 4 "Proposal view", 6): sending from the editor
 * with its checklist, the view at /proposals/:id (link, timeline, comments, certificate,
 * revisions), withdraw and extend, live notifications with View, and the catch-up after the
 * realtime socket dropped (R10). The client's side is driven through its API.
 */

/** What a notification must beat (PRODUCT 6): the toast within 2 s of the client's action. */
const LIVE_MS = 2000;
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/** The client, by the share token only: its own cookie-less request context. */
function clientOf(request: APIRequestContext, baseURL: string, token: string) {
  const headers = { origin: new URL(baseURL).origin, 'content-type': 'application/json' };
  const at = (path: string) => new URL(`/api/share/${token}${path}`, baseURL).href;
  return {
    async open() {
      const res = await request.post(at('/views'), { headers, data: {} });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { viewId: string | null }).viewId;
    },
    async comment(body: string) {
      const res = await request.post(at('/comments'), { headers, data: { name: CLIENT.name, body } });
      expect(res.status(), await res.text()).toBe(201);
    },
    async accept() {
      const page = await request.get(at(''));
      expect(page.status()).toBe(200);
      const { revision } = (await page.json()) as { revision: { hash: string } };
      const res = await request.post(at('/accept'), {
        headers,
        data: { name: CLIENT.name, email: CLIENT.email, consent: true, revisionHash: revision.hash, selection: {} },
      });
      expect(res.status(), await res.text()).toBe(201);
    },
  };
}

/**
 * Every realtime socket of the page goes through the test, which can drop it as a lost network
 * would; `ready` resolves once the app has joined the user's channel and knows where the feed stands.
 */
async function routeRealtime(page: Page) {
  const sockets: WebSocketRoute[] = [];
  let joined: () => void = () => undefined;
  const joinedOnce = new Promise<void>((resolve) => (joined = resolve));
  await page.routeWebSocket(/\/realtime$/, (ws) => {
    sockets.push(ws);
    const server = ws.connectToServer();
    server.onMessage((message) => {
      ws.send(message);
      if (/"type":"joined","channel":"user:/.test(String(message))) joined();
    });
  });
  return {
    drop: () => sockets.at(-1)!.close({ code: 4000, reason: 'network lost' }),
    ready: async (go: () => Promise<unknown>) => {
      const feed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/notifications');
      await go();
      await Promise.all([joinedOnce, feed]);
    },
  };
}

async function axeInBothThemes(page: Page, label: string, ready: () => Promise<void>) {
  await expectNoAxeViolations(page, `${label} (light)`);
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await ready();
  await expectNoAxeViolations(page, `${label} (dark)`);
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await ready();
}

/**
 * Axe with whatever is open (a dialog, say) in the light theme, then in the dark one: the dark
 * class is put on <html> as the theme does, without a reload that would close the dialog.
 */
async function axeOpenState(page: Page, label: string) {
  await expectNoAxeViolations(page, `${label} (light)`);
  // As the theme switch does (disableTransitionOnChange): no colour is caught mid-transition.
  const setDark = (dark: boolean) =>
    page.evaluate((on) => {
      const html = document.documentElement;
      let still = document.getElementById('e2e-no-transitions');
      if (on && !still) {
        still = document.createElement('style');
        still.id = 'e2e-no-transitions';
        still.textContent = '*,*::before,*::after{transition:none!important}';
        document.head.append(still);
      }
      html.classList.toggle('dark', on);
      html.classList.toggle('light', !on);
      html.style.colorScheme = on ? 'dark' : 'light';
      void getComputedStyle(html).color;
      if (!on) still?.remove();
    }, dark);
  await setDark(true);
  await expectNoAxeViolations(page, `${label} (dark)`);
  await setDark(false);
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const activity = (page: Page) => region(page, 'Activity');
const comments = (page: Page) => region(page, 'Comments');
const shareLinkField = (page: Page) =>
  region(page, 'Signers').getByRole('textbox', { name: 'Share link for Dana Reyes' });
const statusBadge = (page: Page, status: string) =>
  page.getByRole('main').locator('h1 ~ div span', { hasText: new RegExp(`^${status}$`) });
const moreActions = async (page: Page, item: string) => {
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
};

test('send from the editor with its checklist, then the view: link, live client activity, reply, acceptance', async ({
  page,
  context,
  baseURL,
  mail,
  signUpViaApi,
  newContext,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  await confirmedOwner(page, mail, signUpViaApi);
  const proposal = await draft(page, baseURL!, 'Website redesign', { email: false });
  consoleGuard.allow(refusedRequest(`/api/proposals/${proposal.id}/send`));

  // Send from the editor: it says what is missing, with a link to it.
  await page.goto(`/edit-draft/${proposal.id}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Send the proposal' });
  await expect(dialog).toContainText('no client email yet');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const checklist = dialog.getByRole('list', { name: 'What to fix before sending' });
  await expect(checklist.getByRole('listitem')).toHaveCount(1);
  await expect(checklist).toContainText('Add the client’s email address');
  await axeOpenState(page, 'send dialog with its checklist');
  await checklist.getByRole('link', { name: 'Add the client’s email' }).click();
  await expect(dialog).toHaveCount(0);
  const email = page.getByLabel('Client email');
  await expect(email).toBeFocused();
  await expect(page).toHaveURL(`/edit-draft/${proposal.id}`);
  await email.fill(CLIENT.email);

  // Send flushes the edit first, then sends it.
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Send the proposal' });
  await expect(dialog).toContainText(CLIENT.email);
  await dialog.getByLabel('Message (optional)').fill('Here is our proposal, as promised.');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(`/proposals/${proposal.id}`);
  await expect(toast(page, 'Proposal sent')).toContainText(`on its way to ${CLIENT.email}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Website redesign' })).toBeVisible();
  await expect(statusBadge(page, 'Sent')).toBeVisible();
  await expect(activity(page)).toContainText(`You sent revision 1 to ${CLIENT.email}`);
  await expect(activity(page)).toContainText('Here is our proposal, as promised.');
  const link = shareLinkField(page);
  await expect(link).toHaveValue(new RegExp(`^${new URL(baseURL!).origin}/p/[A-Za-z0-9_-]{43}$`));
  const url = await link.inputValue();
  await expect(region(page, 'Revisions')).toContainText('Revision 1');
  await expect(page.getByRole('heading', { name: 'As your client sees it' })).toBeVisible();
  await expect(page.locator('[data-document-view]')).toContainText('Dear Dana Reyes, we will design');

  // Copy link, and it says so.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await axeOpenState(page, 'the view of a sent proposal, with a toast');

  // The client, with no cookies, opens it: the owner's tab hears of it within 2 s.
  const visitor = await newContext();
  const client = clientOf(visitor.request, baseURL!, new URL(url).pathname.split('/').pop()!);
  await client.open();
  const opened = toast(page, 'Dana Reyes opened “Website redesign”.');
  await expect(opened).toBeVisible({ timeout: LIVE_MS });
  await expect(opened).toContainText(proposal.number);
  await expect(opened.getByRole('button', { name: 'View' })).toBeVisible();
  await expect(activity(page)).toContainText('Dana Reyes opened it');
  await expect(statusBadge(page, 'Viewed')).toBeVisible();

  await client.comment('Could we start in March instead?');
  const commented = toast(page, 'Dana Reyes commented on “Website redesign”.');
  await expect(commented).toBeVisible({ timeout: LIVE_MS });
  await expect(activity(page)).toContainText('Dana Reyes commented');
  await expect(comments(page)).toContainText('Could we start in March instead?');
  // The pointer rests on the toast, which holds its timer (as it does for a person reading it):
  // on a busy machine the accessibility check below outlasted the toast's few seconds.
  await commented.hover();
  await axeOpenState(page, 'a live notification and the timeline');
  // View goes to the proposal (here, where the owner already is).
  await commented.getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(`/proposals/${proposal.id}`);

  // The owner replies.
  await comments(page).getByLabel('Your reply').fill('Yes, March works for us.');
  await comments(page).getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(page, 'Reply sent')).toBeVisible();
  const thread = comments(page).getByRole('list', { name: 'Comments, oldest first' }).getByRole('listitem');
  await expect(thread).toHaveCount(2);
  await expect(thread.nth(1)).toContainText('Yes, March works for us.');
  await expect(thread.nth(1)).toContainText('You');
  await expect(comments(page).getByLabel('Your reply')).toHaveValue('');

  // The client accepts: toast, Accepted, the certificate; nothing left to edit.
  await client.accept();
  await expect(toast(page, 'Dana Reyes accepted “Website redesign”.')).toBeVisible({ timeout: LIVE_MS });
  await expect(statusBadge(page, 'Accepted')).toBeVisible();
  const certificate = region(page, 'Acceptance certificate');
  await expect(certificate).toContainText(`${CLIENT.name} (${CLIENT.email})`);
  await expect(certificate).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4} at \d\d:\d\d:\d\d UTC/);
  await expect(certificate).toContainText('Revision 1 of');
  await expect(certificate).toContainText('One-off total: $1,500');
  await expect(certificate.getByText(/^[0-9a-f]{64}$/)).toHaveCount(2);
  await expect(activity(page)).toContainText(`Accepted by ${CLIENT.name} (${CLIENT.email})`);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send again' })).toHaveCount(0);
  await axeInBothThemes(page, 'an accepted proposal', async () => {
    await expect(region(page, 'Acceptance certificate')).toContainText(CLIENT.email);
  });

  // In the editor an accepted proposal can be neither sent nor deleted.
  await page.goto(`/edit-draft/${proposal.id}`);
  await expect(page.getByRole('link', { name: 'View as sent' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Send/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Duplicate' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
});

test('extend, withdraw and send again; the revisions compare word by word', async ({
  page,
  baseURL,
  mail,
  signUpViaApi,
}) => {
  test.setTimeout(60_000);
  await confirmedOwner(page, mail, signUpViaApi);
  const { proposal } = await sentProposal(page, baseURL!, 'Brand refresh');
  await page.goto(`/proposals/${proposal.id}`);
  await expect(statusBadge(page, 'Sent')).toBeVisible();

  // Extend.
  const until = inDays(45);
  await moreActions(page, 'Extend validity…');
  const extend = page.getByRole('dialog', { name: 'Extend the validity' });
  await extend.getByLabel('Valid until').fill(until);
  await axeOpenState(page, 'extend dialog');
  await extend.getByRole('button', { name: 'Extend' }).click();
  await expect(toast(page, 'Validity extended')).toContainText(longDate(until));
  await expect(extend).toHaveCount(0);
  await expect(
    page
      .getByRole('main')
      .getByRole('definition')
      .filter({ hasText: longDate(until) }),
  ).toBeVisible();
  await expect(activity(page)).toContainText(`You extended it to ${longDate(until)}`);

  // Withdraw, after a confirmation.
  await moreActions(page, 'Withdraw…');
  const confirm = page.getByRole('alertdialog', { name: 'Withdraw “Brand refresh”?' });
  await axeOpenState(page, 'withdraw confirmation');
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await expect(toast(page, 'Proposal withdrawn')).toBeVisible();
  await expect(statusBadge(page, 'Draft')).toBeVisible();
  await expect(page.getByText('Withdrawn: your client’s link says so until you send it again.')).toBeVisible();
  await expect(activity(page)).toContainText('You withdrew it');
  await expect(page.getByRole('heading', { name: 'As your client last saw it' })).toBeVisible();

  // Edit, then send again: revision 2, and what changed.
  const current = await api(page, baseURL!).get<TProposal>(`/api/proposals/${proposal.id}`);
  await api(page, baseURL!).patch(`/api/proposals/${proposal.id}`, {
    version: current.version,
    document: documentWith('eight'),
  });
  await page.reload();
  await page.getByRole('button', { name: 'Send again' }).click();
  const send = page.getByRole('dialog', { name: 'Send the proposal' });
  await send.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toast(page, 'Sent again')).toBeVisible();
  await expect(statusBadge(page, 'Sent')).toBeVisible();
  const revisions = region(page, 'Revisions')
    .getByRole('list', { name: 'Revisions, newest first' })
    .getByRole('listitem');
  await expect(revisions).toHaveCount(2);
  await expect(page.locator('[data-document-view]')).toContainText('in eight weeks');

  await region(page, 'Revisions')
    .getByRole('button', { name: /Compare with 1/ })
    .click();
  const compare = page.getByRole('dialog', { name: 'Compare revisions' });
  const changes = compare.getByRole('list', { name: 'Changes' });
  await expect(changes.locator('del', { hasText: 'six' })).toBeVisible();
  await expect(changes.locator('ins', { hasText: 'eight' })).toBeVisible();
  // The variable reads as the client saw it in each revision, not as {{client.name}}.
  await expect(changes).toContainText('Dear Dana Reyes, we will design and launch your new website in');
  await expect(changes).not.toContainText('{{');
  // Marked by more than colour: struck through and underlined.
  expect(
    await changes
      .locator('del')
      .first()
      .evaluate((el) => getComputedStyle(el).textDecorationLine),
  ).toContain('line-through');
  expect(
    await changes
      .locator('ins')
      .first()
      .evaluate((el) => getComputedStyle(el).textDecorationLine),
  ).toContain('underline');
  await expect(compare.getByLabel('From revision', { exact: true })).toHaveValue('1');
  await expect(compare.getByLabel('To revision', { exact: true })).toHaveValue('2');
  await axeOpenState(page, 'compare revisions');
});

test('R10: what happens while the socket is down is fetched on reconnect and toasted; View opens it', async ({
  page,
  context,
  baseURL,
  mail,
  request,
  signUpViaApi,
  consoleGuard,
}) => {
  test.setTimeout(60_000);
  // The reconnect attempts made while offline fail, and Chromium says so.
  consoleGuard.allow(/WebSocket connection to .*\/realtime' failed/);
  await confirmedOwner(page, mail, signUpViaApi);
  const { proposal, token } = await sentProposal(page, baseURL!, 'Garden design');

  const realtime = await routeRealtime(page);
  await realtime.ready(() => page.goto('/dashboard'));

  // A sent proposal in the sidebar opens its view.
  const item = page.getByRole('complementary', { name: 'Your proposals' }).getByRole('link', { name: /Garden design/ });
  await expect(item).toHaveAttribute('href', `/proposals/${proposal.id}`);

  await context.setOffline(true);
  await realtime.drop();
  const client = clientOf(request, baseURL!, token);
  await client.comment('Is the pond included?');
  const caughtUp = page.waitForRequest((r) => /\/api\/notifications\?after=\d+$/.test(r.url()));
  await context.setOffline(false);
  await caughtUp;
  const missed = toast(page, 'Dana Reyes commented on “Garden design”.');
  await expect(missed).toBeVisible();
  await expect(missed).toContainText(proposal.number);
  await missed.getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(`/proposals/${proposal.id}`);
  await expect(comments(page)).toContainText('Is the pond included?');
  await expect(missed).toHaveCount(0);

  // More than three missed become one toast.
  await context.setOffline(true);
  await realtime.drop();
  for (const body of ['One', 'Two', 'Three', 'Four']) await client.comment(body);
  await context.setOffline(false);
  const summary = toast(page, '4 updates while you were away');
  await expect(summary).toBeVisible();
  await expect(summary).toContainText(`4 comments on ${proposal.number}`);
  await axeOpenState(page, 'the summary of what was missed');
  await expect(toast(page, 'Dana Reyes commented on “Garden design”.')).toHaveCount(0);
  await expect(activity(page).getByText('Dana Reyes commented')).toHaveCount(5);
});

test('never sent, not found, failed to load: each says so, and Retry shows the skeleton until it loads', async ({
  page,
  baseURL,
  signUpViaApi,
  newContext,
  consoleGuard,
}) => {
  await signUpViaApi(page);
  const mine = await draft(page, baseURL!, 'Photography retainer');

  // Never sent: said, with Send and Edit.
  await page.goto(`/proposals/${mine.id}`);
  await expect(page.getByRole('heading', { name: 'This proposal has not been sent yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/edit-draft/${mine.id}`);
  await axeInBothThemes(page, 'a draft never sent', async () => {
    await expect(page.getByRole('heading', { name: 'This proposal has not been sent yet' })).toBeVisible();
  });

  // Someone else's, or none at all: the same answer.
  const other = await newContext();
  await signUpViaApi(other);
  const theirs = await api(other, baseURL!).post<TProposal>('/api/proposals', { title: 'Not yours' });
  consoleGuard.allow(refusedRequest(`/api/proposals/${theirs.id}`));
  const missing = randomUUID();
  consoleGuard.allow(refusedRequest(`/api/proposals/${missing}`));
  for (const id of [theirs.id, missing]) {
    await page.goto(`/proposals/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Proposal' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This proposal does not exist or is not yours' })).toBeVisible();
  }
  await axeOpenState(page, 'a proposal that is not yours');

  // A failure other than "missing": said, with Retry; a slow answer shows the skeleton meanwhile.
  consoleGuard.allow(/status of 503/);
  let fail = true;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/proposals/${mine.id}`, async (route) => {
    if (fail)
      return route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Down for a moment.' } } });
    await held;
    return route.continue();
  });
  await page.goto(`/proposals/${mine.id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'This proposal did not load' })).toContainText(
    'Down for a moment.',
  );
  await axeOpenState(page, 'a proposal that failed to load');
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('status', { name: 'Loading the proposal' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Photography retainer' })).toBeVisible();
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('an accepted proposal fits the screen and is axe-clean in both themes', async ({
    page,
    baseURL,
    mail,
    request,
    signUpViaApi,
  }) => {
    await confirmedOwner(page, mail, signUpViaApi);
    const { proposal, token } = await sentProposal(page, baseURL!, 'A proposal with a rather long title for a phone');
    const client = clientOf(request, baseURL!, token);
    await client.open();
    await client.comment('Looks good to us.');
    await client.accept();
    const ready = async () => {
      await expect(region(page, 'Acceptance certificate')).toContainText(CLIENT.email);
      await expect(activity(page)).toContainText('Accepted by');
      await expect(comments(page)).toContainText('Looks good to us.');
    };
    await page.goto(`/proposals/${proposal.id}`);
    await ready();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
    await axeInBothThemes(page, 'an accepted proposal at 375 px', ready);
  });
});
