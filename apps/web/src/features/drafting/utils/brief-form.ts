import { z } from 'zod';
import { DRAFT_TONES, briefSchemaAsOf, type TBrief, type TBriefInput } from '@draftwell/shared/drafting/brief';
import { parseMoneyInput } from '@/lib/money-input';

/**
 * The brief form: the fields as a person fills them in (text everywhere, deliverables as rows,
 * both kinds of client kept while they switch), turned into a brief and checked by the shared
 * `ZBrief` on the way out. Problems are reported at the form's own field names.
 */

const ZBriefFormValues = z.object({
  client: z.object({
    source: z.enum(['saved', 'new']),
    clientId: z.string(),
    name: z.string(),
    company: z.string(),
    email: z.string(),
  }),
  need: z.string(),
  goals: z.string(),
  deliverables: z.array(z.object({ text: z.string() })),
  budget: z.object({ amount: z.string(), currency: z.string() }),
  deadline: z.string(),
  tone: z.enum(DRAFT_TONES),
  /** '' for none. */
  templateId: z.string(),
});
export type TBriefFormValues = z.infer<typeof ZBriefFormValues>;

/** A field of the brief ("deliverables.2", "client.name") as the form names it. */
export function formFieldOf(path: readonly PropertyKey[] | string): string {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  if (parts[0] === 'deliverables' && parts.length === 2) return `deliverables.${parts[1]}.text`;
  return parts.join('.');
}

type TBudgetRead = { ok: true; budget: TBriefInput['budget'] } | { ok: false; message: string };

function readBudget(budget: TBriefFormValues['budget']): TBudgetRead {
  if (budget.amount.trim() === '') return { ok: true, budget: null };
  const amount = parseMoneyInput(budget.amount, budget.currency);
  if (!amount.ok) return { ok: false, message: amount.message.replace(/\bprice\b/g, 'budget') };
  return { ok: true, budget: { amount: amount.minor, currency: budget.currency } };
}

export function toBriefInput(values: TBriefFormValues): TBriefInput {
  const { client } = values;
  const budget = readBudget(values.budget);
  return {
    client:
      client.source === 'saved'
        ? { source: 'saved', clientId: client.clientId }
        : { source: 'new', name: client.name, company: client.company, email: client.email },
    need: values.need,
    goals: values.goals,
    deliverables: values.deliverables.map((d) => d.text),
    // An unreadable amount is reported by the schema below; 0 keeps the rest of the brief checkable.
    budget: budget.ok ? budget.budget : { amount: 0, currency: values.budget.currency },
    deadline: values.deadline === '' ? null : values.deadline,
    tone: values.tone,
    templateId: values.templateId === '' ? null : values.templateId,
  };
}

/** The form's schema on `today` (yyyy-mm-dd, the browser's day): its output is the brief to send. */
export function briefFormSchema(today: string) {
  const brief = briefSchemaAsOf(today);
  return ZBriefFormValues.transform((values, ctx): TBrief => {
    const budget = readBudget(values.budget);
    const parsed = brief.safeParse(toBriefInput(values));
    const issues = parsed.error?.issues ?? [];
    if (!budget.ok) {
      ctx.addIssue({ code: 'custom', path: ['budget', 'amount'], message: budget.message, input: values });
    }
    for (const issue of issues) {
      if (!budget.ok && issue.path.join('.') === 'budget.amount') continue;
      ctx.addIssue({ code: 'custom', path: formFieldOf(issue.path).split('.'), message: issue.message, input: values });
    }
    return !budget.ok || !parsed.success ? z.NEVER : parsed.data;
  });
}

export function emptyBriefForm(currency: string): TBriefFormValues {
  return {
    client: { source: 'new', clientId: '', name: '', company: '', email: '' },
    need: '',
    goals: '',
    deliverables: [{ text: '' }],
    budget: { amount: '', currency },
    deadline: '',
    tone: 'formal',
    templateId: '',
  };
}

/** yyyy-mm-dd of the browser's day, and of the day after. */
export function localDay(offsetDays = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offsetDays);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
