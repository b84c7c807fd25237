import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSharedPayment } from '@draftwell/shared/payments';
import { checkoutNavigation } from '../api/payment';
import { WithI18n } from '@/test/i18n';
import { PaymentPanel } from './payment-panel';

// The client's page must not load zod (QUALITY P8): neither may its payment part.
vi.mock('zod', () => {
  throw new Error('the client page must not load zod');
});

configure({ asyncUtilTimeout: 5000 });

const TOKEN = 'T'.repeat(43);

const DUE: TSharedPayment = {
  terms: { oneOff: { kind: 'deposit_percent', basisPoints: 5000 }, firstRecurring: true },
  status: 'awaiting',
  currency: 'USD',
  quote: {
    currency: 'USD',
    total: 109_900,
    lines: [
      { kind: 'deposit', amount: 100_000, of: 200_000, basisPoints: 5000 },
      { kind: 'monthly', amount: 9_900, of: 9_900, basisPoints: null },
    ],
  },
  amountPaid: null,
  paidAt: null,
  paidVia: null,
  receiptUrl: null,
  refundedAmount: 0,
  failure: null,
  canPay: true,
  unavailable: null,
};

/** The payment API as the server answers it; every call is noted as "METHOD /path body". */
function stubApi(answers: { payment?: TSharedPayment[]; pay?: { status: number; body: unknown } }) {
  const calls: string[] = [];
  const states = [...(answers.payment ?? [])];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://x'), init);
      const path = new URL(request.url).pathname;
      const body = request.method === 'GET' ? '' : await request.text();
      calls.push(`${request.method} ${path}${body ? ` ${body}` : ''}`);
      if (path.endsWith('/pay')) {
        const answer = answers.pay ?? { status: 200, body: { url: 'https://checkout.stripe.test/c/cs_1' } };
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
      }
      const next = states.length > 1 ? states.shift()! : states[0]!;
      return new Response(JSON.stringify(next), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderPanel(payment: TSharedPayment) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PaymentPanel token={TOKEN} payment={payment} senderName="Olivia Owner" locale="en-US" />
    </QueryClientProvider>,
    { wrapper: WithI18n },
  );
}

beforeEach(() => window.history.replaceState(null, '', `/p/${TOKEN}`));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PaymentPanel', () => {
  it('shows what is due, line by line, and Pay opens Stripe Checkout without naming an amount (A28)', async () => {
    const calls = stubApi({ payment: [DUE] });
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    renderPanel(DUE);
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(screen.getByText(/Olivia Owner asks for/).textContent).toContain('$1,099 now that the proposal is accepted');
    expect(screen.getByText('Deposit: 50% of the one-off total ($2,000)')).toBeTruthy();
    expect(screen.getByText('The first monthly payment')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $1,099' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.test/c/cs_1'));
    expect(calls).toContain(`POST /api/share/${TOKEN}/pay`);
  });

  it('says why the last attempt failed, and offers to pay again', () => {
    stubApi({ payment: [DUE] });
    renderPanel({ ...DUE, failure: { message: 'Your card was declined.', at: '2027-03-04T10:00:00.000Z' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Your last payment did not go through: Your card was declined. You can try again.',
    );
    expect(screen.getByRole('button', { name: 'Pay $1,099' })).toBeTruthy();
  });

  it('without a working Stripe account: no Pay button, the reason instead', () => {
    stubApi({ payment: [DUE] });
    renderPanel({ ...DUE, canPay: false, unavailable: 'Online payment is not available for this proposal right now.' });
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(screen.getByText('Online payment is not available for this proposal right now.')).toBeTruthy();
  });

  it('a refusal from the server is shown where the client pressed Pay', async () => {
    stubApi({
      payment: [DUE],
      pay: {
        status: 409,
        body: { error: { code: 'conflict', message: 'This proposal is already paid. Thank you!', requestId: 'r1' } },
      },
    });
    renderPanel(DUE);
    fireEvent.click(screen.getByRole('button', { name: 'Pay $1,099' }));
    expect((await screen.findByText('This proposal is already paid. Thank you!')).getAttribute('role')).toBe('alert');
  });

  it('back from Checkout: asks until the payment shows as paid, with the receipt, and takes ?payment= off the address', async () => {
    window.history.replaceState(null, '', `/p/${TOKEN}?payment=success`);
    const paid: TSharedPayment = {
      ...DUE,
      status: 'paid',
      amountPaid: 109_900,
      paidAt: '2027-03-04T15:22:00.000Z',
      paidVia: 'stripe',
      receiptUrl: 'https://pay.stripe.test/receipts/r_1',
      canPay: false,
    };
    const calls = stubApi({ payment: [DUE, paid] });
    renderPanel(DUE);
    expect(screen.getByRole('status').textContent).toBe('Checking your payment with Stripe…');
    expect(window.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Paid' }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('You paid $1,099 on March 4, 2027. Thank you!')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Your receipt/ }).getAttribute('href')).toBe(
      'https://pay.stripe.test/receipts/r_1',
    );
    expect(calls.filter((c) => c === `GET /api/share/${TOKEN}/payment`).length).toBeGreaterThanOrEqual(2);
  });

  it('back from a canceled Checkout: says nothing was paid, Pay still there', () => {
    window.history.replaceState(null, '', `/p/${TOKEN}?payment=canceled`);
    stubApi({ payment: [DUE] });
    renderPanel(DUE);
    expect(screen.getByRole('status').textContent).toMatch(/not completed/);
    expect(screen.getByRole('button', { name: 'Pay $1,099' })).toBeTruthy();
  });

  it('a payment on its way, one marked paid by the sender, and a refund', () => {
    stubApi({ payment: [DUE] });
    const { unmount } = renderPanel({ ...DUE, status: 'processing', canPay: false });
    expect(screen.getByText(/Your payment is on its way/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    const second = renderPanel({
      ...DUE,
      status: 'paid',
      paidVia: 'manual',
      amountPaid: 109_900,
      paidAt: '2027-03-05T09:00:00.000Z',
      canPay: false,
    });
    expect(screen.getByText('Olivia Owner recorded your payment of $1,099 on March 5, 2027. Thank you!')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    second.unmount();
    renderPanel({ ...DUE, status: 'refunded', amountPaid: 109_900, refundedAmount: 109_900, canPay: false });
    expect(screen.getByRole('heading', { name: 'Payment refunded' })).toBeTruthy();
    expect(screen.getByText('This payment was refunded in full ($1,099).')).toBeTruthy();
  });

  it('shows nothing before acceptance or when nothing is due', () => {
    stubApi({ payment: [DUE] });
    const { container } = renderPanel({ ...DUE, status: 'not_due', canPay: false });
    expect(container.textContent).toBe('');
  });
});
