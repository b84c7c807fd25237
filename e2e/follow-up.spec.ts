import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { followUpStopToken } from '../apps/server/src/modules/follow-up/stop-token';
import { expect, expectNoAxeViolations, refusedRequest, test, toast } from './fixtures';
import { setPlan } from './support/admin';
import { api, CLIENT, confirmedOwner, draft, inDays, sellingDocument, type TProposal } from './support/proposals';

/**
 * Follow-up automation (issue 16), the screens: the settings disabled with an upgrade hint on the
 * free plan; on Pro the defaults in Profile, the settings in the send dialog and on the proposal's
 * page; the client's stop page. When mail goes out is the API tests' (apps/server/test/follow-up).
 */

const address = (who: string) => `${who}-${randomBytes(4).toString('hex')}@follow-up.e2e.draftwell.test`;

/**
 * The stop link an automatic mail carries for this signer, made as the server makes it, with the
 * e2e server's own secret (the API tests check that the mail carries exactly this link).
 */
function stopLink(baseURL: string, signerId: string): string {
  const secret = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'auth-secret'), 'utf8').trim();
  return `${baseURL}/p/stop/${followUpStopToken(secret, signerId)}`;
}

async function openSendOptions(page: Page, proposalId: string) {
  await page.goto(`/edit-draft/${proposalId}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send the proposal' });
  await dialog.getByRole('button', { name: 'Signers and options' }).click();
  return dialog;
}

test('on the free plan the follow-up settings are shown disabled, with where to upgrade', async ({
  page,
  baseURL,
  mail,
  signUpViaApi,
}) => {
  await confirmedOwner(page, mail, signUpViaApi);
  const proposal = await draft(page, baseURL!, 'Free plan follow-up');
  const dialog = await openSendOptions(page, proposal.id);
  const followUp = dialog.getByRole('group', { name: 'Automatic follow-up' });
  await expect(followUp).toContainText(
    'Automatic reminders and expiry warnings are not part of the Free plan; they come with Pro',
  );
  await expect(followUp.getByRole('checkbox', { name: 'Remind signers who have not signed' })).toBeDisabled();
  await expect(followUp.getByRole('checkbox', { name: /Warn before the valid-until date/ })).toBeDisabled();
  await expect(followUp.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/profile?tab=plan');
  await expectNoAxeViolations(page, 'send dialog, follow-up on the free plan');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/profile?tab=business');
  const card = page.getByRole('form', { name: 'Follow-up defaults' });
  await expect(card).toContainText('not part of the Free plan');
  await expect(card.getByLabel('Your time zone')).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Save follow-up defaults' })).toBeDisabled();
  await expectNoAxeViolations(page, 'profile, follow-up on the free plan');
});

test('on Pro: defaults in Profile, changed in the send dialog, shown and changed on the proposal’s page', async ({
  page,
  baseURL,
  mail,
  signUpViaApi,
}) => {
  test.setTimeout(90_000);
  const user = await confirmedOwner(page, mail, signUpViaApi);
  await setPlan(baseURL!, user.email, 'pro');

  await page.goto('/profile?tab=business');
  const defaults = page.getByRole('form', { name: 'Follow-up defaults' });
  await expect(defaults.getByText('Not saved yet: until you save, days count in UTC.')).toBeVisible();
  await defaults.getByLabel('Your time zone').selectOption('Europe/Paris');
  await defaults.getByLabel('First after').fill('2');
  await defaults.getByLabel('Then every').fill('3');
  await defaults.getByLabel('At most').fill('0');
  await defaults.getByRole('button', { name: 'Save follow-up defaults' }).click();
  await expect(defaults.getByText('Send at least 1 reminder, or turn reminders off.')).toBeVisible();
  await expect(defaults.getByLabel('At most')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'profile, follow-up defaults with an error');
  await defaults.getByLabel('At most').fill('4');
  await defaults.getByRole('button', { name: 'Save follow-up defaults' }).click();
  await expect(toast(page, 'Follow-up defaults saved')).toContainText(
    'Reminders after 2 days, then every 3 days, 4 at most',
  );
  await page.reload();
  await expect(defaults.getByLabel('Your time zone')).toHaveValue('Europe/Paris');
  await expect(defaults.getByLabel('At most')).toHaveValue('4');
  await expect(defaults).toContainText('Emails go out from 9:00 (Europe/Paris)');

  const signer = { name: 'Dana Reyes', email: address('dana'), role: '' };
  const owner = api(page, baseURL!);
  const created = await owner.post<TProposal>('/api/proposals', { title: 'Follow-up on Pro' });
  const ready = await owner.patch<TProposal>(`/api/proposals/${created.id}`, {
    version: created.version,
    client: { ...CLIENT, name: signer.name, email: signer.email },
    validUntil: inDays(20),
    document: sellingDocument(', here is our proposal.'),
  });
  const dialog = await openSendOptions(page, ready.id);
  const followUp = dialog.getByRole('group', { name: 'Automatic follow-up' });
  await expect(followUp.getByLabel('First after')).toHaveValue('2');
  await expect(followUp.getByLabel('At most')).toHaveValue('4');
  await followUp.getByLabel('At most').fill('2');
  await expectNoAxeViolations(page, 'send dialog, follow-up on Pro');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(`/proposals/${ready.id}`);

  const card = page.getByRole('region', { name: 'Automatic follow-up' });
  await expect(card).toContainText(
    'Reminders after 2 days, then every 3 days, 2 at most; expiry warnings 3 days and 1 day before the valid-until date.',
  );
  const line = card.getByRole('list', { name: 'Follow-up by signer' }).getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Dana Reyes');
  await expect(line).toContainText(/0 reminders sent; next on \w+ \d{1,2}, \d{4}/);
  await expectNoAxeViolations(page, 'proposal page, follow-up card');

  await card.getByRole('button', { name: 'Change' }).click();
  const form = card.getByRole('form', { name: 'Automatic follow-up' });
  await form.getByRole('checkbox', { name: /Warn before the valid-until date/ }).uncheck();
  await form.getByLabel('Then every').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a whole number.')).toBeVisible();
  await form.getByLabel('Then every').fill('5');
  await expectNoAxeViolations(page, 'proposal page, follow-up form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Follow-up saved')).toBeVisible();
  await expect(card).toContainText('Reminders after 2 days, then every 5 days, 2 at most.');
  await expect(card).not.toContainText('expiry warnings');
});

test('the client’s stop page: it asks, stops once, says so, and the owner sees it; a broken link says it does not work', async ({
  page,
  baseURL,
  mail,
  signUpViaApi,
  newContext,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  const user = await confirmedOwner(page, mail, signUpViaApi);
  await setPlan(baseURL!, user.email, 'pro');
  const signer = { name: 'Sam Stopper', email: address('sam'), role: '' };
  const owner = api(page, baseURL!);
  const created = await owner.post<TProposal>('/api/proposals', { title: 'Stop me' });
  const ready = await owner.patch<TProposal>(`/api/proposals/${created.id}`, {
    version: created.version,
    client: { ...CLIENT, name: signer.name, email: signer.email },
    validUntil: inDays(20),
    document: sellingDocument(', here is our proposal.'),
  });
  await owner.post(`/api/proposals/${ready.id}/send`, { version: ready.version, message: '', signers: [signer] });
  const state = await owner.get<{ signers: Array<{ id: string; email: string }> }>(
    `/api/proposals/${ready.id}/signers`,
  );
  const link = stopLink(baseURL!, state.signers.find((s) => s.email === signer.email)!.id);

  const client = await (await newContext()).newPage();
  await client.goto(link);
  await expect(client.getByRole('heading', { level: 1, name: 'Stop the automatic emails?' })).toBeVisible();
  await expect(client.getByRole('main')).toContainText('for the proposal “Stop me”, sent to s***@follow-up.e2e');
  await expectNoAxeViolations(client, 'stop page, asking');
  await client.getByRole('button', { name: 'Stop automatic emails' }).click();
  await expect(client.getByRole('heading', { level: 1, name: 'Automatic emails stopped' })).toBeVisible();
  await expectNoAxeViolations(client, 'stop page, stopped');
  await client.reload();
  await expect(client.getByRole('heading', { level: 1, name: 'Automatic emails stopped' })).toBeVisible();

  await page.goto(`/proposals/${ready.id}`);
  await expect(page.getByRole('list', { name: 'Activity, newest first' })).toContainText(
    'Sam Stopper stopped the automatic emails',
  );
  await expect(
    page.getByRole('region', { name: 'Automatic follow-up' }).getByRole('list', { name: 'Follow-up by signer' }),
  ).toContainText(/Stopped automatic emails on \w+ \d{1,2}, \d{4}/);

  const broken = `${link.slice(0, -12)}AAAAAAAAAAAA`;
  consoleGuard.allow(refusedRequest(new URL(broken).pathname.replace('/p/stop/', '/api/follow-up/stop/')));
  await client.goto(broken);
  await expect(client.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
  await expectNoAxeViolations(client, 'stop page, broken link');
});
