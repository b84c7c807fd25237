import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, refusedRequest, test, toast } from './fixtures';
import { INTEGRATIONS_URL } from './support/integrations';
import { api } from './support/proposals';

/**
 * Billing with Stripe (issue 5), on the second app of the run: its Stripe SDK talks to the local
 * Stripe-compatible server (e2e/support/stripe-fake-server.ts), whose Checkout and portal pages
 * the browser walks through and whose signed webhooks reach the app.
 */
test.use({ baseURL: INTEGRATIONS_URL });

const planHeading = (page: Page, name: string) => page.getByRole('heading', { name: `Current plan: ${name} plan` });

test('pricing, signed in, billing on: the current plan is managed, the others are chosen in Profile → Plan', async ({
  page,
  signUpViaApi,
}) => {
  await signUpViaApi(page);
  await page.goto('/pricing');
  const plans = page.getByRole('region', { name: 'Plans' });
  await expect(plans.getByRole('link', { name: 'Manage your plan' })).toHaveAttribute('href', '/profile?tab=plan');
  await expect(plans.getByRole('link', { name: 'Choose Free' })).toHaveCount(0);
  await expect(plans.getByRole('link', { name: 'Choose Pro' })).toHaveAttribute('href', '/profile?tab=plan&plan=pro');
  await expect(page.getByText('Billing is not set up on this server', { exact: false })).toHaveCount(0);
  await plans.getByRole('link', { name: 'Choose Business' }).click();
  await expect(page).toHaveURL('/profile?tab=plan&plan=business');
  await expect(page.getByRole('button', { name: 'Upgrade to Business' })).toBeEnabled();
});

const template = (name: string) => ({ name, description: '', category: '', document: { version: 1, blocks: [] } });

test('free limit → Upgrade → Stripe Checkout → Pro with its invoice; the portal cancels at period end, then now; nothing is lost', async ({
  page,
  baseURL,
  signUpViaApi,
  consoleGuard,
}) => {
  await signUpViaApi(page);
  const owner = api(page, baseURL!);
  for (let i = 1; i <= 3; i++) await owner.post('/api/templates', template(`Template ${i}`));

  await page.goto('/templates');
  consoleGuard.allow(refusedRequest('/api/templates'));
  await page.getByRole('button', { name: 'New template' }).first().click();
  const limit = toast(page, 'You have reached your plan’s limit');
  await limit.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL('/profile?tab=plan');
  await expect(planHeading(page, 'Free')).toBeVisible();
  await expect(page.getByText('Billing is not set up on this server', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upgrade to Business' })).toBeEnabled();

  // Checkout, on Stripe's page (here the local server's), for the price the server chose.
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to Pro monthly' })).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL('/profile?tab=plan');
  await expect(toast(page, 'Thank you! Your subscription is starting')).toBeVisible();
  await expect(planHeading(page, 'Pro')).toBeVisible();
  await expect(page.getByText(/^Billed monthly; renews on \w+ \d+, \d{4}\.$/)).toBeVisible();
  const invoices = page.getByRole('list', { name: 'Invoices' });
  await expect(invoices.getByRole('listitem')).toHaveCount(1);
  await expect(invoices).toContainText('$19');
  await expect(invoices).toContainText('paid');
  await expectNoAxeViolations(page, 'plan tab with a subscription');
  // The action the plan refused now works.
  await page.goto('/templates');
  await page.getByRole('button', { name: 'New template' }).first().click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}\/edit$/);
  await page.goto('/profile?tab=plan');
  await expect(page.getByRole('progressbar', { name: 'Own templates' })).toHaveAttribute(
    'aria-valuetext',
    '4 used, unlimited',
  );

  // The portal: cancel at the end of the period, then at once.
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { name: 'Manage billing' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await page.getByRole('link', { name: 'Return to Draftwell' }).click();
  await expect(page).toHaveURL('/profile?tab=plan');
  await expect(page.getByText('Cancels soon')).toBeVisible();
  await expect(
    page.getByText(/^Canceled: Pro stays until \w+ \d+, \d{4}, then you move to the Free plan\./),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.getByRole('button', { name: 'Cancel now' }).click();
  await page.getByRole('link', { name: 'Return to Draftwell' }).click();
  await expect(planHeading(page, 'Free')).toBeVisible();
  await expect(page.getByText(/^Your Pro subscription ended on/)).toBeVisible();

  // Nothing was deleted: all four templates stay.
  await page.goto('/templates');
  for (let i = 1; i <= 3; i++) await expect(page.getByRole('heading', { name: `Template ${i}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Untitled template' })).toBeVisible();
});
