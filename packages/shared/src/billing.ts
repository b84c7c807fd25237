import { z } from 'zod';
import { BILLING_INTERVALS } from './plans';
import { PROTECTED_ROUTES } from './paths';

/**
 * Upgrade: the plan and interval a person chose, nothing else. Prices, Stripe customers and
 * plan-prices are the server's to derive (QUALITY A17), so a body naming any of them is refused.
 */
export const ZCheckoutRequest = z.strictObject({
  plan: z.enum(['pro', 'business'], { message: 'Choose Pro or Business.' }),
  interval: z.enum(BILLING_INTERVALS, { message: 'Choose monthly or yearly billing.' }),
});
export type TCheckoutRequest = z.infer<typeof ZCheckoutRequest>;

/**
 * POST /api/billing/checkout: where to send the browser. `checkout` is Stripe Checkout for a new
 * subscription; `portal` is the Customer Portal, given instead when the account already has a
 * live subscription (a plan change happens there, never as a second subscription).
 */
export type TCheckoutResponse = { url: string; target: 'checkout' | 'portal' };

/** POST /api/billing/portal: the Customer Portal session to open. */
export type TPortalResponse = { url: string };

/** One invoice as Profile → Plan lists it (amounts in minor units of `currency`). */
export type TInvoice = {
  id: string;
  /** Stripe's invoice number, e.g. "A1B2C3-0001"; null while a draft. */
  number: string | null;
  /** draft, open, paid, uncollectible, void */
  status: string | null;
  /** ISO 4217, upper case */
  currency: string;
  total: number;
  amountPaid: number;
  amountDue: number;
  /** ISO timestamps */
  createdAt: string;
  periodStart: string;
  periodEnd: string;
  /** Stripe's page for the invoice and its PDF; null for drafts. */
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
};

/** GET /api/billing/invoices: the newest first, at most BILLING_INVOICE_LIMIT. */
export type TInvoiceList = { items: TInvoice[] };
export const BILLING_INVOICE_LIMIT = 24;

/**
 * Where Stripe sends the browser back (appended to the server's BASE_URL): Profile → Plan, with
 * `checkout=success|canceled` after Checkout so the page can say what happened.
 */
export const BILLING_RETURN_PATHS = {
  checkoutSuccess: `${PROTECTED_ROUTES.profile}?tab=plan&checkout=success`,
  checkoutCanceled: `${PROTECTED_ROUTES.profile}?tab=plan&checkout=canceled`,
  portalReturn: `${PROTECTED_ROUTES.profile}?tab=plan`,
} as const;
