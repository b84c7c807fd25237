import { expect, newUser, refusedRequest, test, toast } from './fixtures';

test.describe('sign up', () => {
  test('errors show beside their fields; success lands on the dashboard with a toast', async ({
    page,
    request,
    signUpViaApi,
    consoleGuard,
  }) => {
    consoleGuard.allow(refusedRequest('/api/auth/sign-up/email'));
    const taken = await signUpViaApi(request);
    const user = newUser('signup');

    await page.goto('/auth?tab=sign-up');
    await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('form', { name: 'Sign up' });
    const name = form.getByLabel('Name');
    const email = form.getByLabel('Email');
    const password = form.getByLabel('Password');
    const submit = form.getByRole('button', { name: 'Create account' });

    // Checked in the browser first.
    await submit.click();
    await expect(name).toHaveAccessibleDescription('Enter your name.');
    await expect(email).toHaveAccessibleDescription('Enter your email address.');
    await expect(password).toHaveAccessibleDescription('Use at least 8 characters.');
    await expect(name).toHaveAttribute('aria-invalid', 'true');

    // A common password is refused by the server, and said beside the password.
    await name.fill(user.name);
    await email.fill(user.email);
    await password.fill('password123');
    await submit.click();
    await expect(password).toHaveAccessibleDescription(/one of the most common/);
    await expect(password).toBeFocused();
    await expect(page).toHaveURL(/\/auth/);

    // An email already taken is said beside the email.
    await email.fill(taken.email);
    await password.fill(user.password);
    await submit.click();
    await expect(email).toHaveAccessibleDescription('An account with this email already exists. Sign in instead.');
    await expect(page).toHaveURL(/\/auth/);

    await email.fill(user.email);
    await submit.click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const ready = toast(page, 'Your account is ready');
    await expect(ready).toBeVisible();
    await expect(ready).toContainText(`We sent a confirmation link to ${user.email}`);
  });

  test('the verification email confirms the address on /profile', async ({ page, mail }) => {
    const user = newUser('verify');
    await page.goto('/auth?tab=sign-up');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Name').fill(user.name);
    await form.getByLabel('Email').fill(user.email);
    await form.getByLabel('Password').fill(user.password);
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/dashboard');

    await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByText('Not confirmed yet')).toBeVisible();

    const message = await mail.waitFor(user.email, /^Confirm your email for Draftwell$/);
    expect(message.text).toContain(`Hi ${user.name},`);
    await page.goto(mail.linkIn(message));
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(toast(page, 'Email confirmed')).toBeVisible();

    await page.goto('/profile');
    await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();
    await expect(page.getByText('Not confirmed yet')).toHaveCount(0);
  });
});

test.describe('sign in', () => {
  test('a wrong password says so beside the password field; the right one signs in', async ({
    page,
    request,
    signUpViaApi,
    consoleGuard,
  }) => {
    consoleGuard.allow(refusedRequest('/api/auth/sign-in/email'));
    const user = await signUpViaApi(request);
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(user.email);
    const password = form.getByLabel('Password');
    await password.fill(`${user.password}-not`);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(password).toHaveAccessibleDescription('Wrong email or password.');

    // An unknown email gets the very same message: nobody learns who has an account.
    await form.getByLabel('Email').fill(newUser('nobody').email);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(password).toHaveAccessibleDescription('Wrong email or password.');

    await form.getByLabel('Email').fill(user.email);
    await password.fill(user.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('a signed-in user visiting /auth goes to /dashboard', async ({ page, signUpViaApi }) => {
    await signUpViaApi(page);
    await page.goto('/auth');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});

test('forgot password: the emailed link sets a new password that signs in', async ({
  page,
  request,
  mail,
  signUpViaApi,
  signInViaUi,
  baseURL,
}) => {
  const user = await signUpViaApi(request);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const form = page.getByRole('form', { name: 'Reset your password' });
  await form.getByLabel('Email').fill(user.email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `If an account exists for ${user.email}` })).toBeVisible();

  const message = await mail.waitFor(user.email, /^Reset your Draftwell password$/);
  await page.goto(mail.linkIn(message));
  await expect(page).toHaveURL(/\/auth\?.*view=reset/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();

  const reset = page.getByRole('form', { name: 'Choose a new password' });
  const newPassword = `${user.password} renewed`;
  await reset.getByLabel('New password', { exact: true }).fill(newPassword);
  await reset.getByLabel('Repeat the new password').fill(`${newPassword}x`);
  await reset.getByRole('button', { name: 'Save new password' }).click();
  await expect(reset.getByLabel('Repeat the new password')).toHaveAccessibleDescription('The two passwords differ.');
  await reset.getByLabel('Repeat the new password').fill(newPassword);
  await reset.getByRole('button', { name: 'Save new password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();

  // The old password no longer works; the new one does.
  const old = await request.post('/api/auth/sign-in/email', {
    headers: { origin: new URL(baseURL!).origin, 'content-type': 'application/json' },
    data: { email: user.email, password: user.password },
  });
  expect(old.status()).toBe(401);
  await signInViaUi(page, { email: user.email, password: newPassword });
});
