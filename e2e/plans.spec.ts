import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, refusedRequest, test, toast } from './fixtures';
import { setPlan } from './support/admin';
import { api, CLIENT, confirmedOwner, draft, sentProposal } from './support/proposals';

/**
 * Plans with billing off (the default): the free limits refuse with an Upgrade toast, the
 * operator's `npm run admin -- set-plan` upgrades a user whose open tab updates at once, and a
 * downgrade keeps everything (issue 5). Billing with Stripe has its own spec.
 */

/** What a user reads, once, where a plan cannot be bought because this server has no billing. */
const BILLING_OFF =
  'Billing is not set up on this server, so plans cannot be bought or changed here. To change your plan, ask whoever runs this server.';

/** Each button that would change the plan is disabled, and says why through the notice. */
async function expectPlanButtonsOff(page: Page, names: string[]) {
  await expect(page.getByText(BILLING_OFF, { exact: true })).toHaveCount(1);
  await expect(page.getByText(/npm run admin/)).toHaveCount(0);
  for (const name of names) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(BILLING_OFF);
  }
}

const planHeading = (page: Page, name: string) => page.getByRole('heading', { name: `Current plan: ${name} plan` });
const meter = (page: Page, label: string) => page.getByRole('progressbar', { name: label });

test('free limit → Upgrade toast → the operator upgrades → the open tab updates → sending works again', async ({
  page,
  baseURL,
  mail,
  signUpViaApi,
  consoleGuard,
}) => {
  const user = await confirmedOwner(page, mail, signUpViaApi);
  for (let i = 1; i <= 5; i++) await sentProposal(page, baseURL!, `Proposal ${i}`);
  const sixth = await draft(page, baseURL!, 'The sixth proposal');

  await page.goto(`/edit-draft/${sixth.id}`);
  consoleGuard.allow(refusedRequest(`/api/proposals/${sixth.id}/send`));
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send the proposal' });
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Your Free plan includes 5 proposals sent this month, and you have used them all. Upgrade to Pro for unlimited proposals sent a month.',
  );
  const limit = toast(page, 'You have reached your plan’s limit');
  await expect(limit).toBeVisible();
  // Billing is off on this server: the toast says whom to ask, and offers the plan, not an upgrade.
  await expect(limit).toContainText('Billing is not set up on this server: ask whoever runs it to move you to Pro.');
  await expect(limit.getByRole('button', { name: /Upgrade/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await limit.getByRole('button', { name: 'See your plan' }).click();

  await expect(page).toHaveURL('/profile?tab=plan');
  await expect(planHeading(page, 'Free')).toBeVisible();
  await expect(meter(page, 'Proposals sent')).toHaveAttribute('aria-valuetext', '5 of 5 used');
  await expect(page.getByText('5 of 5 · limit reached')).toBeVisible();
  // Said once, in words for a user; the buttons that cannot work are disabled, and say why.
  await expectPlanButtonsOff(page, ['Upgrade to Pro', 'Upgrade to Business']);
  await expectNoAxeViolations(page, 'the plan tab with billing off');

  // The operator upgrades the account; this tab hears of it without a reload.
  expect(await setPlan(baseURL!, user.email, 'pro')).toBe(`${user.email} is now on the Pro plan (was Free).`);
  await expect(planHeading(page, 'Pro')).toBeVisible();
  await expect(toast(page, 'You are on the Pro plan')).toBeVisible();
  await expect(meter(page, 'Proposals sent')).toHaveAttribute('aria-valuetext', '5 used, unlimited');
  await expect(page.getByText('The Pro plan, set by this server’s operator.')).toBeVisible();
  await expectPlanButtonsOff(page, ['Switch to Free', 'Upgrade to Business']);

  await page.goto(`/edit-draft/${sixth.id}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Send the proposal' })
    .getByRole('button', { name: 'Send', exact: true })
    .click();
  await expect(page).toHaveURL(`/proposals/${sixth.id}`);
  await expect(toast(page, 'Proposal sent')).toContainText(CLIENT.email);
});

test('a downgrade keeps every template and accepted link; only the next template is refused', async ({
  page,
  baseURL,
  mail,
  signUpViaApi,
  consoleGuard,
}) => {
  const user = await confirmedOwner(page, mail, signUpViaApi);
  await setPlan(baseURL!, user.email, 'business');
  const owner = api(page, baseURL!);
  for (let i = 1; i <= 5; i++) {
    await owner.post('/api/templates', {
      name: `Kept template ${i}`,
      description: '',
      category: '',
      document: { version: 1, blocks: [] },
    });
  }
  const { url } = await sentProposal(page, baseURL!, 'Accepted before the downgrade');
  const token = new URL(url).pathname.split('/').pop()!;
  const shared = (await (await page.request.get(`/api/share/${token}`)).json()) as { revision: { hash: string } };
  const accepted = await page.request.post(`/api/share/${token}/accept`, {
    headers: { origin: new URL(baseURL!).origin, 'content-type': 'application/json' },
    data: { name: CLIENT.name, email: CLIENT.email, revisionHash: shared.revision.hash, selection: {}, consent: true },
  });
  expect(accepted.status()).toBe(201);

  expect(await setPlan(baseURL!, user.email, 'free')).toBe(`${user.email} is now on the Free plan (was Business).`);

  await page.goto('/templates');
  for (let i = 1; i <= 5; i++) await expect(page.getByRole('heading', { name: `Kept template ${i}` })).toBeVisible();
  consoleGuard.allow(refusedRequest('/api/templates'));
  await page.getByRole('button', { name: 'New template' }).first().click();
  const limit = toast(page, 'You have reached your plan’s limit');
  await expect(limit).toContainText('Your Free plan includes 3 own templates, and you have used them all.');
  await expect(limit.getByRole('button', { name: 'See your plan' })).toBeVisible();
  await expect(page).toHaveURL('/templates');

  const client = await page.context().browser()!.newContext();
  const clientPage = await client.newPage();
  await clientPage.goto(url);
  await expect(clientPage.getByRole('heading', { level: 1, name: 'Accepted before the downgrade' })).toBeVisible();
  await expect(clientPage.getByText(/Accepted by Dana Reyes/).first()).toBeVisible();
  await client.close();

  await page.goto('/profile?tab=plan');
  await expect(meter(page, 'Own templates')).toHaveAttribute('aria-valuetext', '5 of 3 used');
});

test('reminders: explained on Free; on Pro sent to the client, on the timeline and in their inbox', async ({
  page,
  baseURL,
  mail,
  signUpViaApi,
}) => {
  const user = await confirmedOwner(page, mail, signUpViaApi);
  const { proposal } = await sentProposal(page, baseURL!, 'Follow-up test');
  await page.goto(`/proposals/${proposal.id}`);
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Send a reminder…' }).click();
  let dialog = page.getByRole('dialog', { name: 'Send a reminder' });
  await expect(dialog).toContainText('Reminders come with Pro and Business.');
  await expect(dialog.getByRole('button', { name: 'Send reminder' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await setPlan(baseURL!, user.email, 'pro');
  await expect(toast(page, 'You are on the Pro plan')).toBeVisible();
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Send a reminder…' }).click();
  dialog = page.getByRole('dialog', { name: 'Send a reminder' });
  await dialog.getByLabel('Message (optional)').fill('Any questions before Friday?');
  await expectNoAxeViolations(page, 'reminder dialog');
  await dialog.getByRole('button', { name: 'Send reminder' }).click();
  await expect(toast(page, 'Reminder sent')).toContainText(CLIENT.email);
  await expect(page.getByRole('region', { name: 'Activity' })).toContainText('A reminder was emailed to Dana Reyes');
  const reminder = await mail.waitFor(CLIENT.email, /^Reminder: Follow-up test$/);
  expect(reminder.text).toContain('Any questions before Friday?');
  expect(mail.linkIn(reminder)).toMatch(/\/p\/[A-Za-z0-9_-]{43}$/);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`Profile → Plan: accessible in ${scheme}, readable on a phone`, async ({ page, signUpViaApi }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.addInitScript((t) => localStorage.setItem('theme', t), scheme);
    await signUpViaApi(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/profile?tab=plan');
    await expect(page.getByRole('heading', { name: 'Current plan: Free plan' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Usage this period' })).toBeVisible();
    await expect(meter(page, 'Drafts from a brief')).toHaveAttribute('aria-valuetext', '0 of 10 used');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, `plan tab (${scheme}, phone)`);
  });
}

test('pricing, signed in, billing off: the current plan is managed; the others cannot be chosen here, and it says why once', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  const user = await signUpViaApi(page);
  await page.goto('/pricing');
  const plans = page.getByRole('region', { name: 'Plans' });
  await expect(plans.getByRole('link', { name: 'Manage your plan' })).toHaveAttribute('href', '/profile?tab=plan');
  await expect(plans.getByRole('link', { name: /^Choose / })).toHaveCount(0);
  await expectPlanButtonsOff(page, ['Choose Pro', 'Choose Business']);
  await expect(plans.getByRole('button', { name: 'Choose Free' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'pricing, signed in, billing off');
  await setPlan(baseURL!, user.email, 'pro');
  await page.reload();
  await expectPlanButtonsOff(page, ['Choose Free', 'Choose Business']);
  await expect(plans.getByRole('link', { name: 'Manage your plan' })).toHaveCount(1);
  await expect(plans.getByRole('button', { name: 'Choose Pro' })).toHaveCount(0);
});
