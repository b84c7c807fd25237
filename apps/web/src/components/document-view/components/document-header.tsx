import { useLingui } from '@lingui/react';
import { textDirection } from '@draftwell/shared/i18n/languages';
import type { TDocumentContext } from '@draftwell/shared/document/variables';
import { formatCalendarDate } from '@draftwell/shared/document/variables';
import { isLogoSrc, preparedBy } from '@draftwell/shared/document/display';

/** The sender's brand as the owner's plan shows it (see brandingShown): no colour or logo, Draftwell's look. */
export type TDocumentBranding = { brandColor?: string; logoUrl?: string | null };

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{term}</dt>
      <dd className="mt-0.5 truncate font-medium" title={children}>
        {children}
      </dd>
    </div>
  );
}

export function DocumentHeader({
  context,
  branding,
  titleLevel = 1,
}: {
  context: TDocumentContext;
  branding?: TDocumentBranding;
  /** 2 where the page around it has its own h1. */
  titleLevel?: 1 | 2;
}) {
  const { i18n } = useLingui();
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  const { proposal, client, sender } = context;
  const from = preparedBy(sender);
  const forWhom = [client.name.trim(), client.company.trim()].filter(Boolean).join(', ');
  const logo = isLogoSrc(branding?.logoUrl) ? branding.logoUrl : null;
  return (
    <header className="mb-12 border-b pb-8">
      <div className="mb-10 flex min-h-10 flex-wrap items-center justify-between gap-4">
        {logo ? (
          <img
            src={logo}
            alt={from ? i18n._('{name} logo', { name: from }) : i18n._('Logo')}
            className="h-10 w-auto max-w-[12rem] object-contain"
          />
        ) : from ? (
          <p className="text-lg font-semibold tracking-tight">{from}</p>
        ) : (
          <span />
        )}
        {proposal.number.trim() ? (
          <p className="text-muted-foreground text-sm tabular-nums">
            <span className="sr-only">{i18n._('Proposal number')} </span>
            {proposal.number}
          </p>
        ) : null}
      </div>
      <p className="text-(--dv-accent) mb-2 text-xs font-semibold tracking-[0.18em] uppercase">{i18n._('Proposal')}</p>
      <Title
        dir={textDirection(context.language)}
        className="text-3xl leading-tight font-bold tracking-tight text-balance @2xl:text-4xl"
      >
        {proposal.title.trim() || i18n._('Untitled proposal')}
      </Title>
      <dl className="mt-8 grid grid-cols-1 gap-4 text-sm @md:grid-cols-3">
        {forWhom ? <Fact term={i18n._('Prepared for')}>{forWhom}</Fact> : null}
        {from ? <Fact term={i18n._('Prepared by')}>{from}</Fact> : null}
        {proposal.validUntil ? (
          <Fact term={i18n._('Valid until')}>{formatCalendarDate(proposal.validUntil, context.locale)}</Fact>
        ) : null}
      </dl>
    </header>
  );
}
