import { formatCalendarDate } from '@draftwell/shared/document/variables';
import { formatMoney } from '@draftwell/shared/money';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TProposalEvent } from '@draftwell/shared/share/share-api';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { ArrowLeft, BellRing, CalendarPlus, Copy, Download, MoreHorizontal, Pencil, Send, Undo2 } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useDuplicateProposal } from '@/lib/api/proposal';
import { useProposalPayment } from '@/lib/api/payments';
import { useProposalSigners } from '@/lib/api/signers';
import { ProposalStatusBadge } from '@/components/proposal-status-badge';
import { appI18n } from '@/lib/app-language';
import { formatDateTime } from '@/lib/relative-time';
import { useDocumentLocale } from '@/lib/api/business-profile';
import { useProposalEvents } from '../api/get-proposal-events';
import { visitorOf } from '../utils/describe-event';
import { statusLine, type TStatusLineInput } from '../utils/status-line';
import { translated } from '@/lib/translated';

export type TViewDialog = 'send' | 'withdraw' | 'extend' | 'remind' | null;

/** The dates the status line names, in the order they happen. */
function statusDates(
  i18n: I18n,
  p: TProposal,
  everSent: boolean,
  locale: string,
): { term: string; value: string; iso?: string }[] {
  const out: { term: string; value: string; iso?: string }[] = [];
  if (!everSent) out.push({ term: i18n._('Created'), value: formatDateTime(p.createdAt, locale), iso: p.createdAt });
  if (p.sentAt) out.push({ term: i18n._('Sent'), value: formatDateTime(p.sentAt, locale), iso: p.sentAt });
  if (p.viewedAt) out.push({ term: i18n._('Opened'), value: formatDateTime(p.viewedAt, locale), iso: p.viewedAt });
  if (p.acceptedAt)
    out.push({ term: i18n._('Accepted'), value: formatDateTime(p.acceptedAt, locale), iso: p.acceptedAt });
  if (p.declinedAt)
    out.push({ term: i18n._('Declined'), value: formatDateTime(p.declinedAt, locale), iso: p.declinedAt });
  if (p.expiredAt) out.push({ term: i18n._('Expired'), value: formatDateTime(p.expiredAt, locale), iso: p.expiredAt });
  if (p.validUntil && p.status !== 'accepted' && p.status !== 'declined') {
    out.push({ term: i18n._('Valid until'), value: formatCalendarDate(p.validUntil, locale) });
  }
  return out;
}

/** The client signers who opened the newest revision (the visits since the last send), first visit first. */
function openedSinceSent(events: readonly TProposalEvent[]): string[] {
  const lastSent = events.findLastIndex((e) => e.type === 'sent');
  const names = events
    .slice(lastSent + 1)
    .filter((e) => e.type === 'opened')
    .map((e) => visitorOf(e))
    .filter((name): name is string => name !== null);
  return [...new Set(names)];
}

/**
 * One phrase on where the proposal stands and whom it waits for (issue 24): who opened it, who
 * signed and who is left, the owner's countersignature, a payment due. Its parts load with the
 * cards that show them (the same queries); until then it says what the proposal alone tells.
 */
function useStatusNote(p: TProposal, everSent: boolean): string {
  const { i18n } = useLingui();
  const open = p.status === 'sent' || p.status === 'viewed';
  const events = useProposalEvents(p.id, { enabled: everSent });
  const signers = useProposalSigners(p.id, { enabled: everSent && open });
  const payment = useProposalPayment(p.id, { enabled: p.status === 'accepted' });
  const due = payment.data;
  const amount = due?.status === 'paid' ? (due.amountPaid ?? due.quote?.total) : due?.quote?.total;
  const declined = events.data?.findLast((e) => e.type === 'declined');
  const input: TStatusLineInput = {
    status: p.status,
    everSent,
    openedBefore: p.viewedAt !== null,
    clientName: p.client.name,
    order: p.signing.order,
    countersign: p.signing.countersign,
    signers: signers.data?.signers ?? null,
    openedBy: events.data ? openedSinceSent(events.data) : null,
    declinedBy: declined ? visitorOf(declined) : null,
    payment: due
      ? { status: due.status, amount: amount === undefined ? null : formatMoney(amount, due.currency) }
      : null,
  };
  return statusLine(input, i18n);
}

/** Title, status with its dates, and what can be done: send, edit, PDF, extend, duplicate, withdraw. */
export function ProposalViewHeader({
  proposal: p,
  everSent,
  onOpen,
}: {
  proposal: TProposal;
  everSent: boolean;
  onOpen: (dialog: TViewDialog) => void;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const duplicate = useDuplicateProposal();
  const locked = p.status === 'accepted';
  const canExtend = p.status === 'sent' || p.status === 'viewed' || p.status === 'expired';
  const canWithdraw = p.status !== 'draft' && !locked;
  const onDuplicate = () =>
    duplicate.mutate(p.id, {
      onSuccess: (copy) => {
        const i18n = appI18n();
        toast.success(i18n._('Duplicated'), {
          description: i18n._('“{title}” is open as a new draft; the original is unchanged.', { title: copy.title }),
        });
        void navigate(paths.editDraft(copy.id));
      },
      onError: (error) => {
        const i18n = appI18n();
        toast.error(i18n._('Could not duplicate the proposal'), { description: translated(i18n, error.message) });
      },
    });
  const locale = useDocumentLocale();
  const dates = statusDates(i18n, p, everSent, locale);
  const note = useStatusNote(p, everSent);

  return (
    <div className="space-y-4">
      <Link
        to={paths.dashboard}
        className="text-muted-foreground hover:text-foreground inline-flex items-center gap-1 text-sm"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> {i18n._('All proposals')}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-72">
          <p className="text-muted-foreground text-sm">
            <span className="font-mono">{p.number}</span>
            {p.client.name || p.client.company ? (
              <> · {[p.client.name, p.client.company].filter(Boolean).join(', ')}</>
            ) : null}
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight wrap-anywhere">
            {p.title.trim() || i18n._('Untitled proposal')}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <ProposalStatusBadge status={p.status} className="text-sm" />
            <p className="text-sm wrap-anywhere">{note}</p>
          </div>
          <dl
            aria-label={i18n._('Dates')}
            className="text-muted-foreground mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm"
          >
            {dates.map((d) => (
              <div key={d.term} className="flex gap-1">
                <dt>{d.term}</dt>
                <dd className="text-foreground">{d.iso ? <time dateTime={d.iso}>{d.value}</time> : d.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* A draft never sent offers Send and Edit in the page itself, where it says so. */}
          {!locked && everSent ? (
            <Button onClick={() => onOpen('send')}>
              <Send aria-hidden="true" /> {i18n._('Send again')}
            </Button>
          ) : null}
          {p.status === 'expired' ? (
            <Button variant="outline" onClick={() => onOpen('extend')}>
              <CalendarPlus aria-hidden="true" /> {i18n._('Extend')}
            </Button>
          ) : null}
          {!locked && everSent ? (
            <Button variant="outline" asChild>
              <Link to={paths.editDraft(p.id)}>
                <Pencil aria-hidden="true" /> {i18n._('Edit')}
              </Link>
            </Button>
          ) : null}
          {everSent ? (
            <Button variant="outline" asChild>
              <a href={paths.proposalPdf(p.id)} download>
                <Download aria-hidden="true" /> {i18n._('Download PDF')}
              </a>
            </Button>
          ) : null}
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="icon" aria-label={i18n._('More actions')}>
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {p.status === 'sent' || p.status === 'viewed' ? (
                <DropdownMenuItem onSelect={() => onOpen('remind')}>
                  <BellRing aria-hidden="true" /> {i18n._('Send a reminder…')}
                </DropdownMenuItem>
              ) : null}
              {canExtend && p.status !== 'expired' ? (
                <DropdownMenuItem onSelect={() => onOpen('extend')}>
                  <CalendarPlus aria-hidden="true" /> {i18n._('Extend validity…')}
                </DropdownMenuItem>
              ) : null}
              <DropdownMenuItem onSelect={onDuplicate} disabled={duplicate.isPending}>
                <Copy aria-hidden="true" /> {i18n._('Duplicate')}
              </DropdownMenuItem>
              {canWithdraw ? (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem destructive onSelect={() => onOpen('withdraw')}>
                    <Undo2 aria-hidden="true" /> {i18n._('Withdraw…')}
                  </DropdownMenuItem>
                </>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
    </div>
  );
}
