import { Trans, useLingui } from '@lingui/react';
import { CloudOff, FileQuestion, FileX2, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { TShareFailure } from '../utils/share-error';
import { useReaderClock } from '../hooks/use-reader-clock';
import { formatLocalDate } from '../utils/format';

function StatePanel({
  icon,
  eyebrow,
  title,
  children,
}: {
  icon: ReactNode;
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="bg-accent text-accent-foreground grid size-14 place-items-center rounded-full [&_svg]:size-7">
        {icon}
      </span>
      <p className="text-muted-foreground mt-6 text-sm font-semibold tracking-wide">{eyebrow}</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{title}</h1>
      <div className="text-muted-foreground mt-4 space-y-3 text-base">{children}</div>
    </div>
  );
}

/** A link that cannot be shown: why, and what the client can do about it. */
export function ShareFailureView({ failure, onRetry }: { failure: TShareFailure; onRetry: () => void }) {
  const { i18n } = useLingui();
  const { timeZone } = useReaderClock();
  const when = (iso: string | null) => (iso ? formatLocalDate(iso, undefined, timeZone) : null);
  if (failure.kind === 'not_found') {
    return (
      <StatePanel
        icon={<FileQuestion aria-hidden="true" />}
        eyebrow={i18n._('Link not found')}
        title={i18n._('This link does not exist')}
      >
        <p>
          {i18n._(
            'The address may be incomplete: links to proposals are long, and email programs sometimes cut them. Open the link from the email again, or copy all of it into the address bar.',
          )}
        </p>
        <p>{i18n._('If it still does not work, ask the person who sent you the proposal for a new link.')}</p>
      </StatePanel>
    );
  }
  if (failure.kind === 'gone') {
    const details = failure.details;
    const sender = details?.senderName || i18n._('The sender');
    if (details?.reason === 'expired') {
      const date = when(details.at);
      return (
        <StatePanel
          icon={<FileX2 aria-hidden="true" />}
          eyebrow={i18n._('Proposal expired')}
          title={i18n._('This proposal has expired')}
        >
          <p>
            {date
              ? i18n._('It could be accepted until {date}. It can no longer be viewed or accepted.', { date })
              : i18n._('The date it could be accepted by has passed. It can no longer be viewed or accepted.')}
          </p>
          <p>
            {i18n._('If you still want to go ahead, ask {sender} to extend it; the same link will work again.', {
              sender,
            })}
          </p>
        </StatePanel>
      );
    }
    if (details?.reason === 'withdrawn') {
      const date = when(details.at);
      return (
        <StatePanel
          icon={<FileX2 aria-hidden="true" />}
          eyebrow={i18n._('Proposal withdrawn')}
          title={i18n._('This proposal was withdrawn')}
        >
          <p>
            {date
              ? i18n._('{sender} withdrew it on {date}, so it can no longer be viewed or accepted.', { sender, date })
              : i18n._('{sender} withdrew it, so it can no longer be viewed or accepted.', { sender })}
          </p>
          <p>{i18n._('They may be preparing a new version. Ask them for it if you were expecting one.')}</p>
        </StatePanel>
      );
    }
    return (
      <StatePanel
        icon={<FileX2 aria-hidden="true" />}
        eyebrow={i18n._('No longer available')}
        title={i18n._('This proposal is closed')}
      >
        <p>{failure.message}</p>
      </StatePanel>
    );
  }
  return (
    <div role="alert">
      <StatePanel
        icon={<CloudOff aria-hidden="true" />}
        eyebrow={failure.offline ? i18n._('No connection') : i18n._('Something went wrong')}
        title={i18n._('The proposal did not load')}
      >
        <p>{failure.message}</p>
        <div className="pt-3">
          <Button onClick={onRetry}>
            <RefreshCw aria-hidden="true" />
            <Trans id="Retry" />
          </Button>
        </div>
      </StatePanel>
    </div>
  );
}
