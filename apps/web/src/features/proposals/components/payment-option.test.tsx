import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TPricingTotals } from '@draftwell/shared/document/pricing';
import { englishI18n } from '@draftwell/shared/i18n/english';
import type { TPaymentSettings } from '@draftwell/shared/payments';
import { WithI18n } from '@/test/i18n';
import { PaymentOption, paymentDraftOf, paymentTermsOf, type TPaymentDraft } from './payment-option';

const amounts = (total: number) => ({ net: total, discount: 0, tax: 0, total });
const TOTALS: TPricingTotals = { one_off: amounts(150_000), monthly: amounts(9_900), yearly: amounts(0) };
const CONNECTED: TPaymentSettings = {
  connectAvailable: true,
  account: {
    mode: 'connect',
    accountId: 'acct_1',
    displayName: 'Olivia Studio',
    keyLast4: null,
    livemode: false,
    status: 'active',
    problem: null,
    webhook: 'connect',
    connectedAt: '2027-03-01T10:00:00.000Z',
  },
};

function renderOption(draft: TPaymentDraft, settings: TPaymentSettings | null, onChange = vi.fn()) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <WithI18n>
          <PaymentOption
            draft={draft}
            onChange={onChange}
            currency="USD"
            totals={TOTALS}
            settings={settings}
            error={undefined}
          />
        </WithI18n>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return onChange;
}

describe('the send dialog’s payment choice', () => {
  it('turns what was typed into terms, or a message to fix', () => {
    const base = paymentDraftOf({ oneOff: { kind: 'none' }, firstRecurring: false }, 'USD');
    expect(paymentTermsOf(englishI18n, { ...base, kind: 'deposit_percent', percent: '12,5' }, 'USD')).toEqual({
      ok: true,
      terms: { oneOff: { kind: 'deposit_percent', basisPoints: 1250 }, firstRecurring: false },
    });
    expect(paymentTermsOf(englishI18n, { ...base, kind: 'deposit_percent', percent: '0' }, 'USD')).toEqual({
      ok: false,
      message: 'Enter the deposit’s percentage, like 30.',
    });
    expect(paymentTermsOf(englishI18n, { ...base, kind: 'deposit_fixed', amount: '500.5' }, 'USD')).toEqual({
      ok: true,
      terms: { oneOff: { kind: 'deposit_fixed', amount: 50_050 }, firstRecurring: false },
    });
    expect(paymentTermsOf(englishI18n, { ...base, kind: 'deposit_fixed', amount: '12.5' }, 'JPY')).toMatchObject({
      ok: false,
    });
    expect(paymentDraftOf({ oneOff: { kind: 'deposit_fixed', amount: 1_250 }, firstRecurring: true }, 'KWD')).toEqual({
      kind: 'deposit_fixed',
      percent: '30',
      amount: '1.250',
      firstRecurring: true,
    });
  });

  it('without a connected Stripe account only “No payment” can be chosen, and it says where to connect', () => {
    renderOption(paymentDraftOf({ oneOff: { kind: 'none' }, firstRecurring: false }, 'USD'), {
      connectAvailable: true,
      account: null,
    });
    expect(screen.getByRole('radio', { name: 'No payment' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('radio', { name: 'The full one-off amount' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('link', { name: 'Profile → Payments' }).getAttribute('href')).toBe('/profile?tab=payments');
  });

  it('with one, shows what the client pays with the default choices', () => {
    const onChange = renderOption(
      { kind: 'deposit_percent', percent: '30', amount: '', firstRecurring: true },
      CONNECTED,
    );
    expect(screen.getByText(/your client pays \$549 after signing/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'The full one-off amount' }));
    expect(onChange).toHaveBeenCalledWith({ kind: 'full', percent: '30', amount: '', firstRecurring: true });
  });
});
