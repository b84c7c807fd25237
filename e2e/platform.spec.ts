import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedOwner } from './support/proposals';
import { readmeVerifier, startReceiver } from './support/webhook-receiver';

/**
 * Issue 17's "done when", as a developer goes: read /developers, make a key and a webhook
 * endpoint in Profile → Developers, then with the key alone (no cookie, no Origin: curl's way)
 * create a proposal from a template and send it; the endpoint gets `proposal.sent`, which the
 * README's own verification recipe accepts, and the delivery log shows it.
 */
test('a developer reads /developers, makes a key and a webhook, creates and sends a proposal with the key alone, and verifies the webhook', async ({
  page,
  baseURL,
  mail,
  signUpViaApi,
}) => {
  const receiver = await startReceiver();
  const outside = await playwrightRequest.newContext({ baseURL });
  try {
    await page.goto('/developers');
    await expect(page.getByRole('button', { name: 'POST /proposals/{id}/send Send to its signers' })).toBeVisible();

    await confirmedOwner(page, mail, signUpViaApi);
    await page.goto('/profile?tab=developers');
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByRole('button', { name: 'Create key' }).click();
    const create = page.getByRole('dialog', { name: 'Create an API key' });
    await create.getByLabel('Name').fill('Deploy script');
    await create.getByRole('checkbox', { name: /^proposals:write/ }).check();
    await create.getByRole('button', { name: 'Create key' }).click();
    const shownKey = page.getByRole('dialog', { name: 'Copy your key now' });
    const key = await shownKey.getByLabel('Your new API key').inputValue();
    await shownKey.getByRole('button', { name: 'Done' }).click();

    const hooks = page.getByRole('region', { name: 'Webhooks' });
    await hooks.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await add.getByLabel('Endpoint URL').fill(receiver.url);
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    const shownSecret = page.getByRole('dialog', { name: 'Copy your signing secret now' });
    const secret = await shownSecret.getByLabel('Signing secret').inputValue();
    await shownSecret.getByRole('button', { name: 'Done' }).click();

    // curl's way: the key, JSON, and an Idempotency-Key on each POST.
    const auth = { authorization: `Bearer ${key}` };
    const created = await outside.post('/api/v1/proposals', {
      headers: { ...auth, 'idempotency-key': 'platform-create' },
      data: {
        templateId: 'starter-web-design',
        title: 'Website redesign for Acme',
        client: { name: 'Dana Reyes', company: 'Acme Inc.', email: 'dana@acme.example' },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const proposal = (await created.json()) as { id: string; version: number };
    const sent = await outside.post(`/api/v1/proposals/${proposal.id}/send`, {
      headers: { ...auth, 'idempotency-key': 'platform-send' },
      data: {
        version: proposal.version,
        message: 'Here is our proposal.',
        signers: [{ name: 'Dana Reyes', email: 'dana@acme.example', role: 'CEO' }],
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    expect(((await sent.json()) as { status: string }).status).toBe('sent');
    await mail.waitFor('dana@acme.example', /Website redesign for Acme/);

    await expect.poll(() => receiver.received.map((r) => r.type)).toContain('proposal.sent');
    const delivery = receiver.received.find((r) => r.type === 'proposal.sent')!;
    const verify = await readmeVerifier();
    expect(verify(secret, delivery.signature, delivery.body)).toBe(true);
    expect(verify(secret, delivery.signature, delivery.body.replace('Acme', 'Acne'))).toBe(false);
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: 'proposal.sent',
      data: { proposal: { id: proposal.id, title: 'Website redesign for Acme' } },
    });

    await page.reload();
    await hooks.getByRole('button', { name: 'Deliveries' }).click();
    const row = hooks
      .getByRole('list', { name: `Deliveries to ${receiver.url}` })
      .getByRole('listitem')
      .filter({ hasText: 'proposal.sent' });
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText(delivery.id);
    await page.goto(`/proposals/${proposal.id}`);
    await expect(page.getByRole('heading', { name: 'Website redesign for Acme', level: 1 })).toBeVisible();
  } finally {
    await outside.dispose();
    await receiver.close();
  }
});
