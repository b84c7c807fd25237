import { useLingui } from '@lingui/react';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { PROPOSAL_STATUSES, type TProposalStatus } from '@draftwell/shared/workspace/proposals';
import { appI18n } from '@/lib/app-language';
import { cn } from '@/lib/cn';

/** Each status as the owner reads it: "Draft", "Sent"… */
export const proposalStatusLabels = (i18n: I18n): Record<TProposalStatus, string> => ({
  draft: i18n._('Draft'),
  sent: i18n._('Sent'),
  viewed: i18n._('Viewed'),
  accepted: i18n._('Accepted'),
  declined: i18n._('Declined'),
  expired: i18n._('Expired'),
});

/**
 * @deprecated Use `proposalStatusLabels(i18n)` at render time. Kept so its callers still build
 * while they move over: each read gives the label in the app's language at that moment.
 */
export const PROPOSAL_STATUS_LABELS: Readonly<Record<TProposalStatus, string>> = Object.defineProperties(
  {} as Record<TProposalStatus, string>,
  Object.fromEntries(
    PROPOSAL_STATUSES.map((status) => [
      status,
      { enumerable: true, get: () => proposalStatusLabels(appI18n())[status] },
    ]),
  ),
);

// 800 on 100 and 200 on 950 keep well above 4.5:1 in either theme.
const STYLES: Record<TProposalStatus, string> = {
  draft: 'bg-slate-100 text-slate-800 border-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:border-slate-700',
  sent: 'bg-blue-100 text-blue-800 border-blue-200 dark:bg-blue-950 dark:text-blue-200 dark:border-blue-900',
  viewed:
    'bg-violet-100 text-violet-800 border-violet-200 dark:bg-violet-950 dark:text-violet-200 dark:border-violet-900',
  accepted:
    'bg-emerald-100 text-emerald-800 border-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:border-emerald-900',
  declined: 'bg-red-100 text-red-800 border-red-200 dark:bg-red-950 dark:text-red-200 dark:border-red-900',
  expired: 'bg-amber-100 text-amber-900 border-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:border-amber-900',
};

export function ProposalStatusBadge({ status, className }: { status: TProposalStatus; className?: string }) {
  const { i18n } = useLingui();
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        STYLES[status],
        className,
      )}
    >
      {proposalStatusLabels(i18n)[status]}
    </span>
  );
}
