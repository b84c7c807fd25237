import { expect, expectNoAxeViolations, test, toast } from './fixtures';
import { INTEGRATIONS_URL } from './support/integrations';
import { api, confirmedOwner, draft, showSignForm, type TProposal } from './support/proposals';

/**
 * Payment at acceptance (issue 16, decision 0018), on the second app of the run, whose Stripe
 * SDK talks to the local Stripe-compatible server (e2e/support/stripe-fake-server.ts) as a
 * Connect platform: the owner connects their own Stripe account on Profile → Payments through
 * Stripe's page, asks for a deposit in the send dialog, sees Awaiting payment and then Paid on
 * the proposal's page when the client pays on Stripe's Checkout page, and disconnects.
 */
test.use({ baseURL: INTEGRATIONS_URL });

test('Profile → Payments: connect with Stripe, a 30% deposit asked in the send dialog, Awaiting payment → Paid live, disconnect', async ({
  page,
  baseURL,
  signUpViaApi,
  mail,
  newContext,
}) => {
  await confirmedOwner(page, mail, signUpViaApi);
  const owner = api(page, baseURL!);

  await page.goto('/profile?tab=payments');
  await expect(page.getByRole('tab', { name: 'Payments', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get paid when your client signs' })).toBeVisible();
  await expectNoAxeViolations(page, 'Profile → Payments, nothing connected');

  // A secret key where a restricted one belongs: said beside the field, nothing sent.
  const keyForm = page.getByRole('form', { name: 'Save a restricted key' });
  await keyForm.getByLabel('Restricted key').fill('sk_live_51NotARestrictedKey');
  await keyForm.getByRole('button', { name: 'Check and save' }).click();
  await expect(keyForm.getByRole('alert')).toHaveText('Use a restricted key: it starts with rk_live_ or rk_test_.');

  // Connect with Stripe: Stripe's page, then back with the account shown.
  await page.getByRole('button', { name: 'Connect with Stripe' }).click();
  await expect(page.getByRole('heading', { name: 'Connect your Stripe account to Draftwell' })).toBeVisible();
  await page.getByRole('button', { name: 'Connect my Stripe account' }).click();
  await expect(page).toHaveURL('/profile?tab=payments');
  await expect(toast(page, 'Stripe account connected')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Stripe account' })).toBeVisible();
  for (const badge of ['Ready', 'Stripe Connect', 'Test mode'])
    await expect(page.getByText(badge, { exact: true })).toBeVisible();
  await expect(page.getByText(/\(acct_[A-Za-z0-9]+\)/)).toBeVisible();
  await expect(page.getByText('Stripe tells Draftwell as soon as a client pays.')).toBeVisible();
  await expectNoAxeViolations(page, 'Profile → Payments, connected');

  // The send dialog's options: a 30 % deposit of the $1,500 build.
  const ready = await draft(page, baseURL!, 'Bakery website');
  await page.goto(`/proposals/${ready.id}`);
  await page.getByRole('button', { name: 'Send', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Signers and options' }).click();
  const payment = dialog.getByRole('group', { name: 'Payment after signing' });
  await payment.getByRole('radio', { name: 'A deposit: a percentage of the one-off total' }).check();
  await payment.getByLabel('Deposit percentage').fill('30');
  await expect(payment.getByText(/your client pays \$450 after signing/)).toBeVisible();
  await expectNoAxeViolations(page, 'send dialog asking for a deposit');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toast(page, 'Proposal sent')).toBeVisible();

  const card = page.getByRole('region', { name: 'Payment' });
  await expect(card.getByText('Asked at acceptance')).toBeVisible();
  await expect(card.getByText('A 30% deposit on the one-off amount, after signing.')).toBeVisible();
  await expect(card.getByText('Deposit: 30% of the one-off total ($1,500)')).toBeVisible();

  // The client, on their page: what they will pay, their signature, Pay, Stripe's page, and back.
  const { url } = await owner.get<{ url: string }>(`/api/proposals/${ready.id}/share-link`);
  const client = await (await newContext()).newPage();
  await client.goto(url);
  const due = client.getByRole('region', { name: 'Payment after signing' });
  await expect(due).toContainText('$450');
  const form = await showSignForm(client);
  await form.getByRole('checkbox', { name: /I agree to the statement above/ }).check();
  await form.getByRole('button', { name: 'Sign and accept' }).click();
  const panel = client.getByRole('region', { name: 'Payment', exact: true });
  await expect(panel).toContainText('asks for $450 now that the proposal is accepted');
  await expect(due).toHaveCount(0);
  await expectNoAxeViolations(client, 'client page asking for the payment');
  await expect(card.getByText('Awaiting payment')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Mark as paid…' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Accepted and signed · payment of $450 due', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'proposal page awaiting payment');

  await panel.getByRole('button', { name: 'Pay $450' }).click();
  await expect(client.getByRole('heading', { name: /^Pay / })).toBeVisible();
  await client.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(client).toHaveURL(new RegExp(`/p/[A-Za-z0-9_-]{43}$`));
  const paid = client.getByRole('region', { name: 'Paid', exact: true });
  await expect(paid).toContainText(/You paid \$450 on /);
  await expect(paid.getByRole('link', { name: /Your receipt/ })).toBeVisible();

  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card.getByText('$450 paid through Stripe')).toBeVisible();
  await expect(main.getByText('Accepted and signed · $450 paid', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: /Stripe receipt/ })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Activity, newest first' }).getByText(/paid \$450 through Stripe/),
  ).toBeVisible();

  // Disconnect, after confirming.
  await page.goto('/profile?tab=payments');
  await page.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disconnect your Stripe account?' });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(toast(page, 'Stripe account disconnected')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get paid when your client signs' })).toBeVisible();
  const after = await owner.get<{ account: null | object }>('/api/payments');
  expect(after.account).toBeNull();
  const sent = await owner.get<TProposal>(`/api/proposals/${ready.id}`);
  expect(sent.status).toBe('accepted');
});
