import { expect, expectNoAxeViolations, refusedRequest, test, toast } from './fixtures';
import { confirmedOwner, sentProposal } from './support/proposals';
import { readmeVerifier, startReceiver, type TReceived } from './support/webhook-receiver';

/**
 * Profile → Developers → Webhooks (issue 17, decision 0021): add an endpoint pointing at a real
 * receiver on this machine (the app runs with WEBHOOKS_ALLOW_HTTP_LOOPBACK), copy its secret
 * (shown once), send a test event, send a proposal, see both delivered in the log with a valid
 * signature, and resend one.
 */

/** The README's recipe, as a receiver written from it would check a delivery. */
const verifies = async (secret: string, r: TReceived) => (await readmeVerifier())(secret, r.signature, r.body);

test('add a webhook endpoint, send a test event and a proposal, see the deliveries, resend one', async ({
  page,
  baseURL,
  mail,
  signUpViaApi,
  consoleGuard,
}) => {
  // The http:// and .internal URLs are refused by the server (400), which the browser logs.
  consoleGuard.allow(refusedRequest('/api/webhooks'));
  const receiver = await startReceiver();
  try {
    await confirmedOwner(page, mail, signUpViaApi);
    await page.goto('/profile?tab=developers');
    const card = page.getByRole('region', { name: 'Webhooks' });
    await expect(card).toContainText('No webhook endpoints yet');

    await card.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('Endpoint URL').fill('http://example.com/hooks');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText(/^Use an https:\/\/ URL/).first()).toBeVisible();
    // A name only a private network resolves is refused when saved (A26), saying why.
    await dialog.getByLabel('Endpoint URL').fill('https://metadata.google.internal/computeMetadata/v1/');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(
      dialog
        .getByText(
          'This address is not allowed: metadata.google.internal is a name under .internal, which only a private network resolves. Webhooks must reach a public server.',
        )
        .first(),
    ).toBeVisible();
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await dialog.getByLabel('Description (optional)').fill('Local receiver');
    await expectNoAxeViolations(page, 'the add endpoint dialog');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy your signing secret now' });
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);

    const row = card.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').filter({
      hasText: receiver.url,
    });
    await expect(row.first()).toContainText('Local receiver');
    await expect(row.first()).toContainText(`${secret.slice(0, 10)}…`);

    // Edited: a new description and fewer events; the secret stays.
    await row
      .first()
      .getByRole('button', { name: `Edit ${receiver.url}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit the webhook endpoint' });
    await expect(edit.getByLabel('Endpoint URL')).toHaveValue(receiver.url);
    await edit.getByLabel('Description (optional)').fill('Local receiver, CRM');
    await edit.getByRole('checkbox', { name: /^proposal\.viewed/ }).uncheck();
    await expectNoAxeViolations(page, 'the edit endpoint dialog');
    await edit.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(toast(page, 'Endpoint saved')).toBeVisible();
    await expect(row.first()).toContainText('Local receiver, CRM');
    await expect(row.first().getByRole('list', { name: `Events sent to ${receiver.url}` })).not.toContainText(
      'proposal.viewed',
    );
    await expect(row.first()).toContainText(`${secret.slice(0, 10)}…`);

    // A test event: delivered, signed with the secret that was shown.
    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(toast(page, 'Test event queued')).toBeVisible();
    const log = card.getByRole('list', { name: `Deliveries to ${receiver.url}` });
    const testRow = log.getByRole('listitem').filter({ hasText: 'webhook.test' });
    await expect(testRow).toContainText('Delivered');
    await expect(testRow).toContainText('HTTP 200');
    await expect(testRow).toContainText('attempt 1');
    expect(receiver.received.map((r) => r.type)).toEqual(['webhook.test']);
    expect(await verifies(secret, receiver.received[0]!)).toBe(true);

    // A real event: sending a proposal.
    await sentProposal(page, baseURL!, 'Hooked proposal');
    await expect.poll(() => receiver.received.map((r) => r.type)).toEqual(['webhook.test', 'proposal.sent']);
    const sent = receiver.received[1]!;
    expect(await verifies(secret, sent)).toBe(true);
    expect(await verifies(secret, { ...sent, body: sent.body.replace('Hooked', 'Hacked') })).toBe(false);
    expect(JSON.parse(sent.body)).toMatchObject({ data: { proposal: { title: 'Hooked proposal' } } });
    await page.reload();
    await card.getByRole('button', { name: 'Deliveries' }).click();
    const sentRow = log.getByRole('listitem').filter({ hasText: 'proposal.sent' });
    await expect(sentRow).toContainText('Delivered');
    await expect(sentRow).toContainText(sent.id);
    await sentRow.getByRole('button', { name: /^Resend/ }).click();
    await expect(toast(page, 'Queued to send again')).toBeVisible();
    const resent = log.getByRole('listitem').filter({ hasText: 'Resent' });
    await expect(resent).toContainText('Delivered');
    await expect(resent).toContainText(sent.id);
    await expect.poll(() => receiver.received.length).toBe(3);
    // The same event, for the receiver to recognise by its id.
    expect(receiver.received[2]).toMatchObject({ id: sent.id, body: sent.body });
    await expect(log.getByRole('listitem')).toHaveCount(3);
    await expectNoAxeViolations(page, 'the delivery log');
    // And in the dark theme.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await card.getByRole('button', { name: 'Deliveries' }).click();
    await expect(log.getByRole('listitem')).toHaveCount(3);
    await expectNoAxeViolations(page, 'the delivery log, dark');
  } finally {
    await receiver.close();
  }
});
