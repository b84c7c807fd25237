import { z } from 'zod';
import { MAX_UNIT_PRICE } from '../document/pricing';
import { isoDate, ZCurrency } from '../workspace/common';
import { formatNumber } from '../i18n/format';
import { declared as i18n } from '../i18n/declare';

/**
 * The brief a first draft is written from: who it is for, what they need, what they should get,
 * what it may cost, when it is due and in which voice. The server and the brief form share it.
 */

export const DRAFT_TONES = ['formal', 'friendly', 'persuasive'] as const;
export type TDraftTone = (typeof DRAFT_TONES)[number];

export const BRIEF_LIMITS = {
  need: 4000,
  goals: 4000,
  deliverable: 200,
  deliverables: { min: 1, max: 20 },
  clientName: 200,
  clientCompany: 200,
  clientEmail: 254,
} as const;

const noNul = (s: string) => !s.includes('\0');
const NUL_MESSAGE = 'Remove the invisible NUL character.';

/** A saved client of the user's, by id; the server reads their details. */
const ZBriefSavedClient = z.strictObject({
  source: z.literal('saved'),
  clientId: z.uuid(i18n._('Pick one of your saved clients.')),
});

/** A client typed in for this proposal only. */
const ZBriefNewClient = z.strictObject({
  source: z.literal('new'),
  name: z
    .string(i18n._('Enter the client’s name.'))
    .trim()
    .min(1, i18n._('Enter the client’s name.'))
    .max(BRIEF_LIMITS.clientName, `Use at most ${BRIEF_LIMITS.clientName} characters for the name.`)
    .refine(noNul, NUL_MESSAGE),
  company: z
    .string(i18n._('Enter the company as text.'))
    .trim()
    .max(BRIEF_LIMITS.clientCompany, `Use at most ${BRIEF_LIMITS.clientCompany} characters for the company.`)
    .refine(noNul, NUL_MESSAGE)
    .default(''),
  email: z
    .string(i18n._('Enter the email address as text.'))
    .trim()
    .max(BRIEF_LIMITS.clientEmail, i18n._('That email address is too long.'))
    .refine(
      (s) => s === '' || z.email().safeParse(s).success,
      i18n._('Enter a valid email address, like name@example.com.'),
    )
    .default(''),
});

export const ZBriefClient = z.discriminatedUnion('source', [ZBriefSavedClient, ZBriefNewClient], {
  error: i18n._('Pick a saved client or enter the client’s name.'),
});
export type TBriefClient = z.output<typeof ZBriefClient>;

/** Minor units of `currency`: 1250000 is 12,500.00 in a two-decimal currency. */
export const ZBriefBudget = z.strictObject({
  amount: z
    .int(i18n._('Enter the budget as a whole number of minor units (cents).'))
    .min(1, i18n._('Enter a budget above zero, or leave it out.'))
    .max(MAX_UNIT_PRICE, i18n._('That budget is too large.')),
  currency: ZCurrency,
});
export type TBriefBudget = z.output<typeof ZBriefBudget>;

export const ZBrief = z.strictObject({
  client: ZBriefClient,
  need: z
    .string(i18n._('Describe what the client needs.'))
    .trim()
    .min(1, i18n._('Describe what the client needs, in a sentence or two.'))
    .max(BRIEF_LIMITS.need, `Use at most ${formatNumber(BRIEF_LIMITS.need, 'en-US')} characters.`)
    .refine(noNul, NUL_MESSAGE),
  goals: z
    .string(i18n._('Describe the goals as text.'))
    .trim()
    .max(BRIEF_LIMITS.goals, `Use at most ${formatNumber(BRIEF_LIMITS.goals, 'en-US')} characters.`)
    .refine(noNul, NUL_MESSAGE)
    .default(''),
  deliverables: z
    .array(
      z
        .string(i18n._('Describe the deliverable as text.'))
        .trim()
        .min(1, i18n._('Describe this deliverable, or remove it.'))
        .max(BRIEF_LIMITS.deliverable, `Use at most ${BRIEF_LIMITS.deliverable} characters for a deliverable.`)
        .refine(noNul, NUL_MESSAGE),
      i18n._('List what the client will receive.'),
    )
    .min(BRIEF_LIMITS.deliverables.min, i18n._('List at least one deliverable.'))
    .max(BRIEF_LIMITS.deliverables.max, `List at most ${BRIEF_LIMITS.deliverables.max} deliverables.`),
  budget: ZBriefBudget.nullable().default(null),
  /** yyyy-mm-dd; after the day the draft is written (see `deadlineProblem`). */
  deadline: isoDate(i18n._('Enter the deadline as yyyy-mm-dd.')).nullable().default(null),
  tone: z.enum(DRAFT_TONES, { error: `Choose a tone: ${DRAFT_TONES.join(', ')}.` }).default('formal'),
  /** A starter (`starter-…`) or own template whose structure an AI drafter follows; the built-in one ignores it. */
  templateId: z
    .string(i18n._('Pick a template.'))
    .trim()
    .min(1, i18n._('Pick a template.'))
    .max(100, i18n._('Pick one of the templates.'))
    .nullable()
    .default(null),
});
/** What the form and the API send. */
export type TBriefInput = z.input<typeof ZBrief>;
/** A parsed brief, defaults filled in. */
export type TBrief = z.output<typeof ZBrief>;

/** Five years: a proposal's plan further out than that is not a plan. */
const MAX_DEADLINE_DAYS = 5 * 366;

function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

/**
 * Why `deadline` cannot be used on `today` (both yyyy-mm-dd), or null when it can. A function of
 * the day rather than part of `ZBrief`, because "the future" depends on when the brief is read.
 */
export function deadlineProblem(deadline: string | null, today: string): string | null {
  if (deadline === null) return null;
  const days = dayNumber(deadline) - dayNumber(today);
  if (Number.isNaN(days)) return 'Enter the deadline as yyyy-mm-dd.';
  if (days <= 0) return 'Choose a deadline after today, or leave it empty.';
  if (days > MAX_DEADLINE_DAYS) return 'Choose a deadline within the next five years.';
  return null;
}

/** `ZBrief` with the deadline checked against `today` (yyyy-mm-dd): for the form. */
export function briefSchemaAsOf(today: string) {
  return ZBrief.superRefine((brief, ctx) => {
    const problem = deadlineProblem(brief.deadline, today);
    if (problem) ctx.addIssue({ code: 'custom', path: ['deadline'], message: problem });
  });
}
