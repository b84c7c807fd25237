import { useLingui } from '@lingui/react';
import { BellOff, CloudOff, LinkIcon, MailCheck, RefreshCw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useFollowUpStop, useStopFollowUps } from '../api/stop-follow-ups';
import { errorMessage } from '../utils/share-error';
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
  const { i18n } = useLingui();
  const view = useFollowUpStop(token);
  const stop = useStopFollowUps(token);
  useEffect(() => {
    document.title = i18n._('Automatic emails — Draftwell');
  }, [i18n]);

  let body: ReactNode;
  if (view.isPending) {
    body = (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <p role="status" className="text-muted-foreground">
          {i18n._('Loading…')}
        </p>
      </div>
    );
  } else if (view.isError) {
    const missing = view.error instanceof ApiError && view.error.status === 404;
    body = missing ? (
      <Panel icon={<LinkIcon aria-hidden="true" />} title={i18n._('This link does not work')}>
        <p>
          {i18n._(
            'Check that you opened or copied all of it from the email: links are long, and email programs sometimes cut them. The proposal may also have been deleted by its sender.',
          )}
        </p>
      </Panel>
    ) : (
      <div role="alert">
        <Panel icon={<CloudOff aria-hidden="true" />} title={i18n._('This page did not load')}>
          <p>{errorMessage(i18n, view.error)}</p>
          <div className="pt-3">
            <Button onClick={() => void view.refetch()}>
              <RefreshCw aria-hidden="true" /> {i18n._('Retry')}
            </Button>
          </div>
        </Panel>
      </div>
    );
  } else if (view.data.stopped) {
    body = (
      <Panel icon={<MailCheck aria-hidden="true" />} title={i18n._('Automatic emails stopped')}>
        <p>
          {i18n._('No more automatic reminders or expiry warnings about “{title}” will be sent to {email}.', {
            title: view.data.title,
            email: view.data.email,
          })}
        </p>
        <p>
          {i18n._(
            'You can still open the proposal from an earlier email, and {sender} can still write to you themselves.',
            { sender: view.data.senderName },
          )}
        </p>
      </Panel>
    );
  } else {
    body = (
      <Panel icon={<BellOff aria-hidden="true" />} title={i18n._('Stop the automatic emails?')}>
        <p>
          {i18n._(
            '{sender} set up automatic reminders and expiry warnings for the proposal “{title}”, sent to {email}.',
            { sender: view.data.senderName, title: view.data.title, email: view.data.email },
          )}
        </p>
        <p>
          {i18n._('Stop them, and none of them will come to you again. {sender} will see that you did.', {
            sender: view.data.senderName,
          })}
        </p>
        <div className="pt-3">
          <Button onClick={() => stop.mutate()} disabled={stop.isPending} aria-busy={stop.isPending || undefined}>
            <BellOff aria-hidden="true" />
            {stop.isPending ? i18n._('Stopping…') : i18n._('Stop automatic emails')}
          </Button>
        </div>
        {stop.error ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(i18n, stop.error)}
          </p>
        ) : null}
      </Panel>
    );
  }
  return <ShareLayout>{body}</ShareLayout>;
}
