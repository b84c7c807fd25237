/**
 * The Stripe-compatible test server (apps/server/test/support/stripe-fake.ts) as one process, for
 * the browser tests: the app's Stripe SDK talks to it (STRIPE_API_URL), the browser walks through
 * its Checkout and portal pages, and it posts signed webhooks back to the app.
 *
 *   GET /healthz → 200 "ok" (Playwright waits for it)
 *
 * Env:
 *   E2E_STRIPE_PORT             where it listens (127.0.0.1)
 *   E2E_STRIPE_WEBHOOK_URL      the app's webhook, e.g. http://127.0.0.1:4100/api/billing/webhook
 *   E2E_STRIPE_WEBHOOK_SECRET   signs the webhooks; the app's STRIPE_WEBHOOK_SECRET
 *   E2E_STRIPE_SECRET_KEY       the platform's key; the app's STRIPE_SECRET_KEY
 *                               (default sk_test_draftwell_e2e)
 *   E2E_STRIPE_CONNECT_CLIENT_ID, E2E_STRIPE_CONNECT_WEBHOOK_URL, E2E_STRIPE_CONNECT_WEBHOOK_SECRET
 *                               Stripe Connect (payments at acceptance): the app's STRIPE_CONNECT_*,
 *                               and where events of connected accounts go (/api/payments/webhook)
 * The app's STRIPE_PRICE_* are the ids of FAKE_STRIPE_PRICES (price_fake_pro_monthly, …).
 */
import { startFakeStripe } from '../../apps/server/test/support/stripe-fake';

const port = Number(process.env.E2E_STRIPE_PORT);
const webhookUrl = process.env.E2E_STRIPE_WEBHOOK_URL;
const webhookSecret = process.env.E2E_STRIPE_WEBHOOK_SECRET;
if (!port || !webhookUrl || !webhookSecret) {
  process.stderr.write(
    'stripe-fake-server: set E2E_STRIPE_PORT, E2E_STRIPE_WEBHOOK_URL and E2E_STRIPE_WEBHOOK_SECRET\n',
  );
  process.exit(1);
}

const fake = await startFakeStripe({
  port,
  host: '127.0.0.1',
  webhookUrl,
  webhookSecret,
  secretKey: process.env.E2E_STRIPE_SECRET_KEY || 'sk_test_draftwell_e2e',
  connectClientId: process.env.E2E_STRIPE_CONNECT_CLIENT_ID || undefined,
  connectWebhookUrl: process.env.E2E_STRIPE_CONNECT_WEBHOOK_URL || undefined,
  connectWebhookSecret: process.env.E2E_STRIPE_CONNECT_WEBHOOK_SECRET || undefined,
  onDeliveryProblem: (message) => process.stderr.write(`stripe-fake-server: webhook ${message}\n`),
});
process.stdout.write(`stripe-fake-server: listening on ${fake.url}, webhooks to ${webhookUrl}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close().then(() => process.exit(0));
  });
}
