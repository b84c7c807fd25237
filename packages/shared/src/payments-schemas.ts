import { z } from 'zod';
import type { TPaymentTerms } from './payments';
import { declared as i18n } from './i18n/declare';

/** Request bodies of the payment routes (decision 0018), validated by the server. */

/** What the send dialog asks for; a body naming an amount to charge or a currency is refused (A28). */
export const ZPaymentTerms = z.strictObject({
  oneOff: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('none') }),
      z.strictObject({ kind: z.literal('full') }),
      z.strictObject({
        kind: z.literal('deposit_percent'),
        basisPoints: z
          .int(i18n._('Enter the deposit as a whole percentage, or with at most two decimals.'))
          .min(1, i18n._('A deposit is at least 0.01 %.'))
          .max(10_000, i18n._('A deposit is at most 100 % (or choose the full amount).')),
      }),
      z.strictObject({
        kind: z.literal('deposit_fixed'),
        amount: z
          .int(i18n._('Enter the deposit as an amount, like 500 or 500.00.'))
          .min(1, i18n._('Enter a deposit above zero.'))
          .max(Number.MAX_SAFE_INTEGER, i18n._('That deposit is too large.')),
      }),
    ],
    i18n._('Choose no payment, a deposit or the full amount.'),
  ),
  firstRecurring: z.boolean(i18n._('Say whether the first recurring payment is taken too.')).default(false),
}) satisfies z.ZodType<TPaymentTerms, unknown>;
export type TPaymentTermsInput = z.input<typeof ZPaymentTerms>;

/** A restricted key of the owner's own Stripe account (self-hosted installs). */
export const ZStripeKeyInput = z.strictObject({
  key: z
    .string(i18n._('Paste the restricted key from your Stripe Dashboard.'))
    .trim()
    .min(1, i18n._('Paste the restricted key from your Stripe Dashboard.'))
    .max(255, i18n._('That is longer than any Stripe key.'))
    .regex(
      /^rk_(live|test)_[A-Za-z0-9]{8,}$/,
      i18n._(
        'Use a restricted key: it starts with rk_live_ or rk_test_ (Developers → API keys → Create restricted key).',
      ),
    ),
});
export type TStripeKeyInput = z.infer<typeof ZStripeKeyInput>;

/** Marking a proposal paid by hand (a bank transfer, cash): an optional note for the record. */
export const ZMarkPaid = z.strictObject({
  note: z
    .string(i18n._('Write a note, or leave it empty.'))
    .trim()
    .max(500, i18n._('Use at most 500 characters.'))
    .default(''),
});
export type TMarkPaid = z.input<typeof ZMarkPaid>;
