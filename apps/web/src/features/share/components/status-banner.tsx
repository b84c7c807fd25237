import { Trans, useLingui } from '@lingui/react';
import { CircleCheck, CircleX, Clock, History } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { documentLocale, readerLocale } from '@draftwell/shared/document/locale';
import { formatCalendarDate } from '@draftwell/shared/document/variables';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useReaderClock } from '../hooks/use-reader-clock';
import { daysUntil, formatLocalDate } from '../utils/format';
import { acceptedBy, nameList, nameRow, othersAwaiting } from '../utils/signing';
import { ACCENT_BUTTON } from './accent';

/** "Valid until March 31, 2027", with how long is left when it is close, in the page's language. */
export function validityText(i18n: I18n, validUntil: string, daysLeft: number, locale: string): string {
  const date = formatCalendarDate(validUntil, locale);
  if (daysLeft === 0) return i18n._('Valid until today, {date}', { date });
  if (daysLeft === 1) return i18n._('Valid until tomorrow, {date}', { date });
  if (daysLeft > 1 && daysLeft <= 14) {
    return i18n._('{days, plural, one {Valid until {date} (# day left)} other {Valid until {date} (# days left)}}', {
      days: daysLeft,
      date,
    });
  }
  return i18n._('Valid until {date}', { date });
}

function Banner({
  tone,
  icon,
  title,
  titleRef,
  children,
}: {
  tone: 'open' | 'accepted' | 'declined';
  icon: ReactNode;
  title: string;
  titleRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby="share-status-title"
      className={cn(
        'bg-card flex gap-3 rounded-lg border border-s-4 p-4 sm:gap-4 sm:p-5',
        tone === 'open' && 'border-s-(--dv-accent)',
        tone === 'accepted' && 'border-s-success',
        tone === 'declined' && 'border-s-destructive',
      )}
    >
      <span
        className={cn(
          'mt-0.5 shrink-0 [&_svg]:size-5',
          tone === 'open' && 'text-(--dv-accent)',
          tone === 'accepted' && 'text-success',
          tone === 'declined' && 'text-destructive',
        )}
      >
        {icon}
      </span>
      <div className="min-w-0 flex-1 space-y-2">
        <h2 id="share-status-title" ref={titleRef} tabIndex={-1} className="font-semibold outline-none">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * Where the proposal stands for the client: open until when (and what to do), accepted (with the
 * certificate), or declined (with the reason); and when a newer revision exists.
 */
export function StatusBanner({
  shared,
  onDecline,
  titleRef,
}: {
  shared: TSharedProposal;
  onDecline: () => void;
  titleRef?: Ref<HTMLHeadingElement>;
}) {
  const { i18n } = useLingui();
  const { status, acceptance, decline, revision } = shared;
  // Dates as the document writes them (the sender's locale), in the reader's own time zone (UTC
  // until a page the server rendered is hydrated).
  const locale = readerLocale(i18n.locale, documentLocale(shared.snapshot.sender.locale));
  const { timeZone, now } = useReaderClock();
  const date = (iso: string) => formatLocalDate(iso, locale, timeZone);
  const sender = shared.snapshot.sender.company.trim() || shared.snapshot.sender.name.trim() || i18n._('The sender');

  if (status === 'accepted' && acceptance) {
    const newer = revision.number > acceptance.revisionNumber;
    return (
      <Banner
        tone="accepted"
        icon={<CircleCheck aria-hidden="true" />}
        title={i18n._('Accepted by {names} on {date}', {
          names: acceptedBy(i18n, acceptance),
          date: date(acceptance.acceptedAt),
        })}
        titleRef={titleRef}
      >
        <p className="text-muted-foreground text-sm">
          {i18n._('Revision {number} was accepted.', { number: acceptance.revisionNumber })}{' '}
          <a href="#certificate" className="text-foreground font-medium underline underline-offset-2">
            {i18n._('View the certificate of acceptance')}
          </a>
        </p>
        {newer ? (
          <p className="text-sm">
            <Trans
              id="<0>Note:</0> {sender} sent revision {newer} after this acceptance. This page shows revision {newer}; the acceptance and its certificate apply to revision {accepted}."
              values={{ sender: <>{sender}</>, newer: revision.number, accepted: acceptance.revisionNumber }}
              components={{ 0: <strong /> }}
            />
          </p>
        ) : null}
      </Banner>
    );
  }

  if (status === 'declined') {
    return (
      <Banner
        tone="declined"
        icon={<CircleX aria-hidden="true" />}
        title={
          decline ? i18n._('Declined on {date}', { date: date(decline.at) }) : i18n._('This proposal was declined')
        }
        titleRef={titleRef}
      >
        {decline?.reason.trim() ? (
          <blockquote className="border-s-2 ps-3 text-sm whitespace-pre-line">
            <span className="sr-only">{i18n._('Reason given:')} </span>
            {decline.reason}
          </blockquote>
        ) : (
          <p className="text-muted-foreground text-sm">{i18n._('No reason was given.')}</p>
        )}
        <p className="text-muted-foreground text-sm">
          {i18n._('Changed your mind? Ask {sender} to send it again; you can still comment below.', { sender })}
        </p>
      </Banner>
    );
  }

  const { signing } = shared;
  const { you } = signing;
  if (you.signedAt || !signing.yourTurn) {
    // Signed, others still to: or not this signer's turn yet. Reading, the PDF and comments stay.
    const waiting = othersAwaiting(i18n, signing);
    return (
      <Banner
        tone="open"
        icon={you.signedAt ? <CircleCheck aria-hidden="true" /> : <Clock aria-hidden="true" />}
        title={
          you.signedAt
            ? i18n._('You signed on {date}', { date: date(you.signedAt) })
            : signing.waitingFor.length > 0
              ? i18n._('Waiting for {names} to sign first', { names: nameList(i18n, signing.waitingFor) })
              : i18n._('It is not your turn to sign yet')
        }
        titleRef={titleRef}
      >
        <p className="text-muted-foreground text-sm">
          {you.signedAt
            ? waiting.length > 0
              ? i18n._("Waiting for: {names}. We'll email you when everyone has signed.", {
                  names: nameRow(i18n, waiting),
                })
              : i18n._("We'll email you when everyone has signed.")
            : i18n._(
                "We'll email you when it's your turn. Meanwhile you can read the proposal, download the PDF and comment.",
              )}
        </p>
        {you.signedAt ? null : (
          <div className="pt-1 print:hidden">
            <Button size="sm" variant="outline" onClick={onDecline}>
              {i18n._('Decline')}
            </Button>
          </div>
        )}
      </Banner>
    );
  }

  const validUntil = shared.validUntil;
  const title = validUntil
    ? validityText(i18n, validUntil, daysUntil(validUntil, now, timeZone), locale)
    : i18n._('Open for your answer');
  return (
    <Banner tone="open" icon={<Clock aria-hidden="true" />} title={title} titleRef={titleRef}>
      <p className="text-muted-foreground text-sm">
        {signing.fixedSelection
          ? i18n._(
              'Read the proposal, then sign it at the end of the page: its options are as the first signer chose them.',
            )
          : i18n._('Read the proposal, choose any options, then sign it at the end of the page.')}{' '}
        {i18n._('Questions? Ask {sender} in the comments.', { sender })}
      </p>
      {revision.number > 1 ? (
        <p className="flex items-start gap-1.5 text-sm">
          <History aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {i18n._('This is revision {number}, sent {date}.', {
              number: revision.number,
              date: date(revision.createdAt),
            })}{' '}
            <a href="#changes" className="font-medium underline underline-offset-2">
              {i18n._('See what changed')}
            </a>
          </span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 pt-1 print:hidden">
        <Button asChild size="sm" className={ACCENT_BUTTON}>
          <a href="#accept">{i18n._('Review and sign')}</a>
        </Button>
        <Button size="sm" variant="outline" onClick={onDecline}>
          {i18n._('Decline')}
        </Button>
      </div>
    </Banner>
  );
}
