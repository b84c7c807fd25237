import { expect, test, toast } from './fixtures';

test('S6 a toast has a title, a description and a close button that closes it', async ({ page, signUpViaApi }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  // The dashboard has finished asking for its data: this test is about the toast, not about a
  // sign-out racing the first requests of a screen.
  await expect(page.getByText('No proposals yet')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/');

  const signedOut = toast(page, 'Signed out');
  await expect(signedOut).toBeVisible();
  await expect(signedOut.getByText('Signed out', { exact: true })).toBeVisible();
  await expect(signedOut.getByText('You have been signed out of Draftwell on this device.')).toBeVisible();
  const close = signedOut.getByRole('button', { name: 'Close notification' });
  await expect(close).toBeVisible();
  await close.click();
  await expect(signedOut).toHaveCount(0);
});

test('S6 a toast action does what it says: "Sign in again" opens the sign-in form', async ({ page, signUpViaApi }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  // The dashboard has finished asking for its data: this test is about the toast, not about a
  // sign-out racing the first requests of a screen.
  await expect(page.getByText('No proposals yet')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/');
  const signedOut = toast(page, 'Signed out');
  await signedOut.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL('/auth?tab=sign-in');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
});
