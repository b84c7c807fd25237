import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TPricingTotals } from '@draftwell/shared/document/pricing';
import type { TSharedPayment } from '@draftwell/shared/payments';
import { WithI18n } from '@/test/i18n';
import { PaymentDueNote } from './payment-due-note';

vi.mock('zod', () => {
  throw new Error('the client page must not load zod');
});

const amounts = (total: number) => ({ net: total, discount: 0, tax: 0, total });
const totals = (oneOff: number, monthly = 0): TPricingTotals => ({
  one_off: amounts(oneOff),
  monthly: amounts(monthly),
  yearly: amounts(0),
});

const REQUESTED: TSharedPayment = {
  terms: { oneOff: { kind: 'deposit_percent', basisPoints: 3000 }, firstRecurring: false },
  status: 'requested',
  currency: 'USD',
  quote: {
    currency: 'USD',
    total: 45_000,
    lines: [{ kind: 'deposit', amount: 45_000, of: 150_000, basisPoints: 3000 }],
  },
  amountPaid: null,
  paidAt: null,
  paidVia: null,
  receiptUrl: null,
  refundedAmount: 0,
  failure: null,
  canPay: false,
  unavailable: null,
};

describe('PaymentDueNote', () => {
  it('says what will be charged after signing, for the choices ticked now', () => {
    const { rerender } = render(
      <PaymentDueNote payment={REQUESTED} totals={totals(150_000)} senderName="Olivia Owner" />,
      { wrapper: WithI18n },
    );
    expect(screen.getByRole('heading', { name: 'Payment after signing' })).toBeTruthy();
    expect(screen.getByText(/Olivia Owner asks you to pay/).textContent).toContain('$450 online');
    expect(screen.getByText('Deposit: 30% of the one-off total ($1,500)')).toBeTruthy();
    // The client ticks an optional line: the deposit follows.
    rerender(<PaymentDueNote payment={REQUESTED} totals={totals(190_000)} senderName="Olivia Owner" />);
    expect(screen.getByText(/Olivia Owner asks you to pay/).textContent).toContain('$570 online');
  });

  it('in JPY and KWD, what Stripe charges: whole yen, tens of fils', () => {
    const { rerender } = render(
      <PaymentDueNote payment={{ ...REQUESTED, currency: 'JPY' }} totals={totals(12_345)} senderName="Kenji" />,
      { wrapper: WithI18n },
    );
    expect(screen.getByText(/Kenji asks you to pay/).textContent).toContain('¥3,704');
    rerender(
      <PaymentDueNote
        payment={{ ...REQUESTED, currency: 'KWD', terms: { oneOff: { kind: 'full' }, firstRecurring: false } }}
        totals={totals(5_125)}
        senderName="Kenji"
      />,
    );
    expect(screen.getByText(/Kenji asks you to pay/).textContent).toContain('KWD\u00a05.12');
  });

  it('with the choices not adding up yet, the server’s figure; with nothing to charge, says so', () => {
    const { rerender } = render(<PaymentDueNote payment={REQUESTED} totals={null} senderName="Olivia" />, {
      wrapper: WithI18n,
    });
    expect(screen.getByText(/Olivia asks you to pay/).textContent).toContain('$450');
    rerender(<PaymentDueNote payment={REQUESTED} totals={totals(0)} senderName="Olivia" />);
    expect(screen.getByText('With the options chosen now, there is nothing to pay when you sign.')).toBeTruthy();
  });

  it('is not shown once the proposal is accepted (the payment panel takes over)', () => {
    const { container } = render(
      <PaymentDueNote payment={{ ...REQUESTED, status: 'awaiting' }} totals={totals(150_000)} senderName="Olivia" />,
      { wrapper: WithI18n },
    );
    expect(container.textContent).toBe('');
  });
});
