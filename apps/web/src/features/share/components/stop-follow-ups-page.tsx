import { BellOff, CloudOff, LinkIcon, MailCheck, RefreshCw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useFollowUpStop, useStopFollowUps } from '../api/stop-follow-ups';
import { ShareLayout } from './share-layout';

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="bg-accent text-accent-foreground grid size-14 place-items-center rounded-full [&_svg]:size-7">
        {icon}
      </span>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{title}</h1>
      <div className="text-muted-foreground mt-4 space-y-3 text-base">{children}</div>
    </div>
  );
}

/**
 * `/p/stop/:token`, the link at the foot of every automatic follow-up mail. Opening it only asks
 * (mail scanners open links too); the button stops the automatic mails to this signer about this
 * proposal, and the sender sees it on the proposal's timeline.
 */
export function StopFollowUpsPage({ token }: { token: string }) {
  const view = useFollowUpStop(token);
  const stop = useStopFollowUps(token);
  useEffect(() => {
    document.title = 'Automatic emails — Draftwell';
  }, []);

  let body: ReactNode;
  if (view.isPending) {
    body = (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <p role="status" className="text-muted-foreground">
          Loading…
        </p>
      </div>
    );
  } else if (view.isError) {
    const missing = view.error instanceof ApiError && view.error.status === 404;
    body = missing ? (
      <Panel icon={<LinkIcon aria-hidden="true" />} title="This link does not work">
        <p>
          Check that you opened or copied all of it from the email: links are long, and email programs sometimes cut
          them. The proposal may also have been deleted by its sender.
        </p>
      </Panel>
    ) : (
      <div role="alert">
        <Panel icon={<CloudOff aria-hidden="true" />} title="This page did not load">
          <p>{view.error.message}</p>
          <div className="pt-3">
            <Button onClick={() => void view.refetch()}>
              <RefreshCw aria-hidden="true" /> Retry
            </Button>
          </div>
        </Panel>
      </div>
    );
  } else if (view.data.stopped) {
    body = (
      <Panel icon={<MailCheck aria-hidden="true" />} title="Automatic emails stopped">
        <p>
          No more automatic reminders or expiry warnings about “{view.data.title}” will be sent to {view.data.email}.
        </p>
        <p>
          You can still open the proposal from an earlier email, and {view.data.senderName} can still write to you
          themselves.
        </p>
      </Panel>
    );
  } else {
    body = (
      <Panel icon={<BellOff aria-hidden="true" />} title="Stop the automatic emails?">
        <p>
          {view.data.senderName} set up automatic reminders and expiry warnings for the proposal “{view.data.title}”,
          sent to {view.data.email}.
        </p>
        <p>Stop them, and none of them will come to you again. {view.data.senderName} will see that you did.</p>
        <div className="pt-3">
          <Button onClick={() => stop.mutate()} disabled={stop.isPending} aria-busy={stop.isPending || undefined}>
            <BellOff aria-hidden="true" />
            {stop.isPending ? 'Stopping…' : 'Stop automatic emails'}
          </Button>
        </div>
        {stop.error ? (
          <p role="alert" className="text-destructive text-sm">
            {stop.error.message}
          </p>
        ) : null}
      </Panel>
    );
  }
  return <ShareLayout>{body}</ShareLayout>;
}
