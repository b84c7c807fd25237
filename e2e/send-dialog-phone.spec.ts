import { expect, test } from './fixtures';

test('on a 390 px phone the send dialog keeps the client’s address on one line, its button under it', async ({
  page,
  baseURL,
  signUpViaApi,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page);
  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/proposals', {
    headers: { origin },
    data: { title: 'Website redesign' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, version } = (await created.json()) as { id: string; version: number };
  const client = { name: 'Amit Kumar', company: '', email: 'amit.kumar@example.com', phone: '', address: '' };
  const saved = await page.request.patch(`/api/proposals/${id}`, { headers: { origin }, data: { version, client } });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(`/edit-draft/${id}`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Send the proposal' });
  const address = dialog.getByText(client.email, { exact: true });
  await expect(address).toBeVisible();
  // One line of text: before, the button beside it squeezed it to a few letters a line.
  const { height, lineHeight } = await address.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(height).toBeLessThan(lineHeight * 1.5);
  const button = dialog.getByRole('button', { name: 'Signers and options' });
  expect((await button.boundingBox())!.y).toBeGreaterThan((await address.boundingBox())!.y);
});
