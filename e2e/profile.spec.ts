import { readFileSync } from 'node:fs';
import { expect, expectNoAxeViolations, refusedRequest, test, toast } from './fixtures';

test('profile: change the password', async ({ page, request, signUpViaApi, signInViaApi, consoleGuard }) => {
  consoleGuard.allow(refusedRequest('/api/auth/change-password'));
  const user = await signUpViaApi(page);
  await page.goto('/profile');
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Change password' });
  const current = form.getByLabel('Current password');
  const next = form.getByLabel('New password', { exact: true });
  const newPassword = `${user.password} changed`;

  await current.fill(`${user.password}-wrong`);
  await next.fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toHaveAccessibleDescription('That is not your current password.');

  await current.fill(user.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(current).toHaveValue('');

  // This device stays signed in; the new password is the one that works now.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await signInViaApi(request, { email: user.email, password: newPassword });
});

test('profile: sign out everywhere ends every session and lands on /', async ({
  page,
  newContext,
  signUpViaApi,
  signInViaApi,
}) => {
  const user = await signUpViaApi(page);
  const elsewhere = await newContext();
  await signInViaApi(elsewhere, user);
  const other = await elsewhere.newPage();
  await other.goto('/dashboard');
  await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL('/');
  await expect(toast(page, 'Signed out everywhere')).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
  // The other device's session is gone too: its next check sends it away.
  await other.goto('/profile');
  await expect(other).toHaveURL('/');
});

test('profile: delete the account after confirming the password', async ({ page, signUpViaApi, consoleGuard }) => {
  consoleGuard.allow(refusedRequest('/api/auth/delete-user'));
  consoleGuard.allow(refusedRequest('/api/auth/sign-in/email'));
  const user = await signUpViaApi(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const password = dialog.getByLabel('Password');

  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(password).toHaveAccessibleDescription('Enter your password to confirm.');
  await password.fill(`${user.password}-wrong`);
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(password).toHaveAccessibleDescription('That password is not right.');

  await password.fill(user.password);
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(page).toHaveURL('/');
  await expect(toast(page, 'Account deleted')).toBeVisible();

  // Signing in with it now fails like any unknown account.
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill(user.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByLabel('Password')).toHaveAccessibleDescription('Wrong email or password.');
});

test('profile: export my data downloads every record as JSON', async ({ page, baseURL, signUpViaApi }) => {
  const user = await signUpViaApi(page);
  const created = await page.request.post('/api/proposals', {
    headers: { origin: new URL(baseURL!).origin },
    data: { title: 'Exported proposal' },
  });
  expect(created.status()).toBe(201);
  await page.goto('/profile');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data (JSON)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^draftwell-export-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    user: { email: string };
    proposals: Array<{ title: string }>;
  };
  expect(data.user.email).toBe(user.email);
  expect(data.proposals.map((p) => p.title)).toEqual(['Exported proposal']);
});

test('profile: change the name', async ({ page, signUpViaApi, consoleGuard }) => {
  consoleGuard.allow(refusedRequest('/api/auth/update-user'));
  const user = await signUpViaApi(page);
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Change name' });
  const name = form.getByLabel('Name');
  await expect(name).toHaveValue(user.name);
  await expect(form.getByRole('button', { name: 'Save name' })).toBeDisabled();

  await name.fill('   ');
  await form.getByRole('button', { name: 'Save name' }).click();
  await expect(name).toHaveAccessibleDescription('Enter your name.');

  await name.fill('  Ada Lovelace ');
  await form.getByRole('button', { name: 'Save name' }).click();
  await expect(toast(page, 'Name saved')).toBeVisible();
  // The header shows the new name at once, and it is the account's after a reload.
  await expect(page.getByRole('banner').getByText('Ada Lovelace')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Change name' }).getByLabel('Name')).toHaveValue('Ada Lovelace');
  const session = (await (await page.request.get('/api/session')).json()) as { session: { user: { name: string } } };
  expect(session.session.user.name).toBe('Ada Lovelace');
});

test('profile: change the email through the link mailed to the new address', async ({
  page,
  mail,
  request,
  signUpViaApi,
  signInViaApi,
  consoleGuard,
}) => {
  consoleGuard.allow(refusedRequest('/api/auth/change-email'));
  const user = await signUpViaApi(page);
  const other = await signUpViaApi(request);
  const next = `moved-${user.email}`;
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your email' });
  await expect(dialog).toContainText(`until then you sign in with ${user.email}`);
  const email = dialog.getByLabel('New email');
  const password = dialog.getByLabel('Your password');
  const submit = dialog.getByRole('button', { name: 'Send confirmation link' });
  await expectNoAxeViolations(page, 'the change-email dialog');

  await email.fill('not an address');
  await password.fill(user.password);
  await submit.click();
  await expect(email).toHaveAccessibleDescription('Enter a valid email address, like name@example.com.');

  await email.fill(other.email.toUpperCase());
  await submit.click();
  await expect(email).toHaveAccessibleDescription('Another account uses this email address. Enter a different one.');

  await email.fill(next);
  await password.fill(`${user.password}-wrong`);
  await submit.click();
  await expect(password).toHaveAccessibleDescription('That password is not right.');

  await password.fill(user.password);
  await submit.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a confirmation link' })).toContainText(
    `We sent a confirmation link to ${next}. Your email stays ${user.email} until you open it.`,
  );
  await expectNoAxeViolations(page, 'the profile with an email change waiting');

  // Nothing has changed until the link is opened.
  const message = await mail.waitFor(next, /^Confirm your new email for Draftwell$/);
  await page.goto(mail.linkIn(message));
  await expect(page).toHaveURL('/profile');
  await expect(toast(page, 'Email changed')).toBeVisible();
  await expect(page.getByText(next, { exact: true })).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
  await signInViaApi(request, { email: next, password: user.password });
});
