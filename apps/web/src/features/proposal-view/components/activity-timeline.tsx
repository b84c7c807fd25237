import type { TProposalEvent, TProposalEventType } from '@draftwell/shared/share/share-api';
import {
  BellOff,
  Banknote,
  BellRing,
  CalendarClock,
  CalendarPlus,
  CircleCheck,
  CircleX,
  CreditCard,
  Download,
  Eye,
  FilePlus2,
  Hourglass,
  MessageSquare,
  RotateCw,
  Send,
  Signature,
  ShieldAlert,
  ShieldCheck,
  Undo2,
  UserPen,
} from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useProposalEvents } from '../api/get-proposal-events';
import { describeEvent } from '../utils/describe-event';
import { TimeStamp } from './time-stamp';

const NEUTRAL = 'bg-muted text-muted-foreground';
const PRIMARY = 'bg-primary/10 text-primary';
const ICONS: Record<TProposalEventType, { icon: ReactNode; tone: string }> = {
  created: { icon: <FilePlus2 />, tone: NEUTRAL },
  sent: { icon: <Send />, tone: PRIMARY },
  opened: { icon: <Eye />, tone: PRIMARY },
  downloaded: { icon: <Download />, tone: NEUTRAL },
  commented: { icon: <MessageSquare />, tone: PRIMARY },
  accepted: { icon: <CircleCheck />, tone: 'bg-success/15 text-success' },
  declined: { icon: <CircleX />, tone: 'bg-destructive/10 text-destructive' },
  expired: { icon: <Hourglass />, tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  withdrawn: { icon: <Undo2 />, tone: NEUTRAL },
  extended: { icon: <CalendarPlus />, tone: NEUTRAL },
  reminder_sent: { icon: <BellRing />, tone: NEUTRAL },
  signed: { icon: <Signature />, tone: 'bg-success/15 text-success' },
  signer_changed: { icon: <UserPen />, tone: NEUTRAL },
  sealed: { icon: <ShieldCheck />, tone: 'bg-success/15 text-success' },
  seal_failed: { icon: <ShieldAlert />, tone: 'bg-destructive/10 text-destructive' },
  expiry_warning_sent: { icon: <CalendarClock />, tone: NEUTRAL },
  follow_up_stopped: { icon: <BellOff />, tone: NEUTRAL },
  paid: { icon: <Banknote />, tone: 'bg-success/15 text-success' },
  marked_paid: { icon: <Banknote />, tone: 'bg-success/15 text-success' },
  payment_failed: { icon: <CreditCard />, tone: 'bg-destructive/10 text-destructive' },
  refunded: { icon: <Undo2 />, tone: NEUTRAL },
};

function EventItem({ event, clientName, last }: { event: TProposalEvent; clientName: string; last: boolean }) {
  const { i18n } = useLingui();
  const { title, detail } = describeEvent(event, clientName, i18n);
  const look = ICONS[event.type] ?? ICONS.created;
  return (
    <li className="relative flex gap-3 pb-5 last:pb-0">
      {last ? null : <span aria-hidden="true" className="bg-border absolute top-9 bottom-1 left-4 w-px" />}
      <span aria-hidden="true" className={cn('z-10 shrink-0 self-start rounded-full p-2 [&_svg]:size-4', look.tone)}>
        {look.icon}
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <p className="text-sm font-medium wrap-anywhere">{title}</p>
        {detail ? (
          <p className="text-muted-foreground mt-0.5 line-clamp-3 text-sm wrap-anywhere whitespace-pre-line">
            {detail}
          </p>
        ) : null}
        <TimeStamp iso={event.at} className="mt-1" />
        {event.ipAddress ? (
          <p className="text-muted-foreground mt-0.5 truncate text-xs" title={event.userAgent ?? undefined}>
            {i18n._('From {address}', { address: event.ipAddress })}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** What happened to the proposal, newest first: sent, opened, commented, accepted… */
export function ActivityTimeline({
  proposalId,
  clientName,
  detailedAnalytics,
}: {
  proposalId: string;
  clientName: string;
  /** The plan shows time on page, address and device; false adds a line saying where they are. */
  detailedAnalytics: boolean;
}) {
  const { i18n } = useLingui();
  const events = useProposalEvents(proposalId);
  let body: ReactNode;
  if (events.isPending) {
    body = (
      <div role="status" aria-label={i18n._('Loading the activity')} className="space-y-4">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-8 shrink-0 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (events.isError) {
    body = (
      <div role="alert" className="text-sm">
        <p className="text-destructive">
          {i18n._('The activity did not load.')} {events.error.message}
        </p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void events.refetch()}>
          <RotateCw aria-hidden="true" /> {i18n._('Retry')}
        </Button>
      </div>
    );
  } else if (events.data.length === 0) {
    body = (
      <p className="text-muted-foreground text-sm">
        {i18n._('Nothing has happened yet. Sending, opening and answers show here.')}
      </p>
    );
  } else {
    const newestFirst = [...events.data].reverse();
    const opened = events.data.some((e) => e.type === 'opened');
    body = (
      <>
        <ol aria-label={i18n._('Activity, newest first')}>
          {newestFirst.map((event, i) => (
            <EventItem key={event.seq} event={event} clientName={clientName} last={i === newestFirst.length - 1} />
          ))}
        </ol>
        {opened && !detailedAnalytics ? (
          <p className="text-muted-foreground mt-3 border-t pt-3 text-xs">
            {i18n._(
              'How long your client read, and from where and on what device, are part of the paid plans’ view analytics.',
            )}{' '}
            <Link to={paths.plan} className="text-primary font-medium underline underline-offset-4">
              {i18n._('See plans')}
            </Link>
          </p>
        ) : null}
      </>
    );
  }
  return (
    <Card role="region" aria-labelledby="proposal-activity-heading">
      <CardHeader className="pb-3">
        <CardTitle id="proposal-activity-heading" className="text-base">
          {i18n._('Activity')}
        </CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
