import { expect, newUser, test, toast } from './fixtures';

test('contact: errors beside the fields, a toast on success, the message reaches the team', async ({ page, mail }) => {
  const sender = newUser('contact');
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Contact us' });
  const name = form.getByLabel('Name');
  const email = form.getByLabel('Email');
  const message = form.getByLabel('Message');
  const send = form.getByRole('button', { name: 'Send message' });

  await send.click();
  await expect(name).toHaveAccessibleDescription('Enter your name.');
  await expect(email).toHaveAccessibleDescription('Enter your email address.');
  await expect(message).toHaveAccessibleDescription('Tell us a little more: at least 10 characters.');

  await name.fill(sender.name);
  await email.fill('not an email');
  await message.fill('Short');
  await send.click();
  await expect(email).toHaveAccessibleDescription('Enter a valid email address, like name@example.com.');
  await expect(message).toHaveAccessibleDescription('Tell us a little more: at least 10 characters.');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');

  const text = `Do you offer a discount for charities? (${sender.email})`;
  await email.fill(sender.email);
  await message.fill(text);
  await send.click();

  const sent = toast(page, 'Message sent');
  await expect(sent).toBeVisible();
  await expect(sent).toContainText(`We will reply to ${sender.email}`);
  await expect(sent.getByRole('button', { name: 'Close notification' })).toBeVisible();
  await expect(message).toHaveValue('');

  const received = await mail.waitFor('team@draftwell.test', new RegExp(`^Contact form: ${sender.name}$`));
  expect(received.text).toContain(`From: ${sender.name} <${sender.email}>`);
  expect(received.text).toContain(text);
});
