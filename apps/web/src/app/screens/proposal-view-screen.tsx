import { brandingShown, snapshotContext } from '@draftwell/shared/document/display';
import { documentLocale } from '@draftwell/shared/document/locale';
import { PLANS } from '@draftwell/shared/plans';
import type { TRevision } from '@draftwell/shared/share/revision';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { Trans, useLingui } from '@lingui/react';
import { FileClock, Pencil, RotateCw, Send } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { DocumentView, type TDocumentAcceptance } from '@/components/document-view/document-view';
import { DocumentLanguage } from '@/components/document-view/document-language';
import { PageFrame } from '@/components/layouts/page-frame';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useProposalAcceptance } from '@/features/proposal-view/api/get-proposal-acceptance';
import { useProposalRevision } from '@/features/proposal-view/api/get-proposal-revision';
import { SectionReading } from '@/features/proposal-view/components/section-reading';
import { useProposalRevisions } from '@/features/proposal-view/api/get-proposal-revisions';
import { AcceptanceCertificate } from '@/features/proposal-view/components/acceptance-certificate';
import { ActivityTimeline } from '@/features/proposal-view/components/activity-timeline';
import { CommentsThread } from '@/features/proposal-view/components/comments-thread';
import { ExtendDialog } from '@/features/proposal-view/components/extend-dialog';
import { FollowUpCard } from '@/features/proposal-view/components/follow-up-card';
import { PaymentCard } from '@/features/proposal-view/components/payment-card';
import { ProposalViewHeader, type TViewDialog } from '@/features/proposal-view/components/proposal-view-header';
import { RemindDialog } from '@/features/proposal-view/components/remind-dialog';
import { RevisionsCard } from '@/features/proposal-view/components/revisions-card';
import { SignersCard } from '@/features/proposal-view/components/signers-card';
import { TimeStamp } from '@/features/proposal-view/components/time-stamp';
import { WithdrawDialog } from '@/features/proposal-view/components/withdraw-dialog';
import { ProposalLoadError, ProposalNotFound } from '@/features/proposals/components/proposal-load-states';
import { isProposalId } from '@/features/proposals/utils/is-proposal-id';
import { ApiError } from '@/lib/api-client';
import { useBilling } from '@/lib/api/billing-state';
import { useProposal } from '@/lib/api/proposal';

// Its own chunk, fetched when Send is first pressed: the signers, payment and follow-up options
// are the screen's largest part and most visits never send (QUALITY P8, the app shell).
const SendProposalDialog = lazy(() =>
  import('@/features/proposals/components/send-proposal-dialog').then((m) => ({ default: m.SendProposalDialog })),
);

/** `/proposals/:id`: the owner's view of a proposal: as the client sees it, and all that happened to it. */
export function ProposalViewScreen({ id }: { id: string }) {
  const { i18n } = useLingui();
  const valid = isProposalId(id);
  const proposal = useProposal(id, { enabled: valid });
  const title = proposal.data?.title.trim();
  useEffect(() => {
    document.title = title ? i18n._('{title} — Draftwell', { title }) : i18n._('Proposal — Draftwell');
  }, [title, i18n]);

  if (!valid)
    return (
      <Framed>
        <ProposalNotFound />
      </Framed>
    );
  // Asking again after a failure shows the skeleton, so Retry visibly does something.
  if (proposal.isError && !proposal.data && !proposal.isFetching) {
    if (proposal.error instanceof ApiError && proposal.error.status === 404)
      return (
        <Framed>
          <ProposalNotFound />
        </Framed>
      );
    return (
      <Framed>
        <ProposalLoadError message={proposal.error.message} onRetry={() => void proposal.refetch()} />
      </Framed>
    );
  }
  if (!proposal.data)
    return (
      <Framed>
        <ProposalViewSkeleton />
      </Framed>
    );
  return <LoadedProposal proposal={proposal.data} />;
}

/** The screen's frame while there is no proposal to title it. */
function Framed({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <PageFrame
      title={i18n._('Proposal')}
      description={i18n._('The proposal as your client sees it, and everything that happened to it.')}
    >
      {children}
    </PageFrame>
  );
}

export function ProposalViewSkeleton() {
  const { i18n } = useLingui();
  return (
    <div role="status" aria-label={i18n._('Loading the proposal')} className="space-y-6">
      <div className="space-y-3">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Card className="space-y-4 p-8">
          <Skeleton className="h-10 w-1/3" />
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-40 w-full" />
        </Card>
        <div className="space-y-6">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      </div>
    </div>
  );
}

/** A sent revision as the client's page shows it now: branded as the owner's plan allows (null: not known yet). */
function RevisionDocument({
  revision,
  selection,
  acceptance,
  ownBranding,
}: {
  revision: TRevision;
  selection?: Parameters<typeof DocumentView>[0]['selection'];
  acceptance?: TDocumentAcceptance | null;
  ownBranding: boolean | null;
}) {
  const { snapshot } = revision;
  const { sender } = brandingShown(snapshot.sender, ownBranding ?? false);
  const context = snapshotContext(snapshot);
  // The document reads in the proposal's language, as its client read it; the screen around it is the owner's.
  return (
    <Suspense fallback={<Skeleton className="h-96 w-full" />}>
      <DocumentLanguage language={context.language}>
        <DocumentView
          document={snapshot.document}
          context={context}
          selection={selection}
          branding={{
            brandColor: sender.brandColor,
            logoUrl: sender.logoFileId ? paths.file(sender.logoFileId) : null,
          }}
          acceptance={acceptance}
          titleLevel={2}
          className="rounded-lg border shadow-sm"
        />
      </DocumentLanguage>
    </Suspense>
  );
}

function LoadedProposal({ proposal: p }: { proposal: TProposal }) {
  const { i18n } = useLingui();
  const [dialog, setDialog] = useState<TViewDialog>(null);
  // Mounted from the first Send on, so it closes as it always did.
  const [sendWanted, setSendWanted] = useState(false);
  if (dialog === 'send' && !sendWanted) setSendWanted(true);
  const billing = useBilling();
  const ownBranding = billing.data ? PLANS[billing.data.plan].features.ownBranding : null;
  const detailedAnalytics = billing.data ? PLANS[billing.data.plan].features.viewAnalyticsAndReminders : true;
  const revisions = useProposalRevisions(p.id);
  const newest = revisions.data?.at(-1) ?? null;
  const revision = useProposalRevision(p.id, newest?.number ?? null);
  const accepted = p.status === 'accepted';
  const acceptance = useProposalAcceptance(p.id, { enabled: accepted });
  const everSent = (revisions.data?.length ?? 0) > 0 || p.sentAt !== null;
  // The accepted revision is the newest (acceptance needs the newest hash), but check.
  const acceptedRevision = useProposalRevision(
    p.id,
    acceptance.data && acceptance.data.revisionNumber !== newest?.number ? acceptance.data.revisionNumber : null,
  );

  const onSent = (sent: TProposal) => {
    setDialog(null);
    const to = sent.awaiting.filter((a) => a.party === 'client').map((a) => a.name);
    toast.success(everSent ? i18n._('Sent again') : i18n._('Proposal sent'), {
      description: i18n._('“{title}” is on its way to {to}.', {
        title: sent.title,
        to: to.length > 1 ? to.join(', ') : sent.client.email,
      }),
    });
  };

  let closedNote: string | null = null;
  if (p.status === 'draft')
    closedNote = i18n._('Withdrawn: this link tells your client so until you send the proposal again.');
  else if (p.status === 'expired')
    closedNote = i18n._('Expired: this link tells your client so. Extend the validity to open it again.');

  let documentPart: ReactNode;
  if (revisions.isError) {
    documentPart = (
      <Card role="alert" className="flex flex-col items-center px-6 py-10 text-center">
        <p className="text-sm">
          {i18n._('The sent proposal did not load. {message}', { message: revisions.error.message })}
        </p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void revisions.refetch()}>
          <RotateCw aria-hidden="true" /> {i18n._('Retry')}
        </Button>
      </Card>
    );
  } else if (revision.isError) {
    documentPart = (
      <Card role="alert" className="flex flex-col items-center px-6 py-10 text-center">
        <p className="text-sm">
          {i18n._('The sent proposal did not load. {message}', { message: revision.error.message })}
        </p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void revision.refetch()}>
          <RotateCw aria-hidden="true" /> {i18n._('Retry')}
        </Button>
      </Card>
    );
  } else if (!revision.data || !newest) {
    documentPart = (
      <Card role="status" aria-label={i18n._('Loading the sent proposal')} className="space-y-4 p-8">
        <Skeleton className="h-10 w-1/3" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-40 w-full" />
      </Card>
    );
  } else {
    documentPart = (
      <section aria-labelledby="client-copy-heading" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h2 id="client-copy-heading" className="text-lg font-semibold">
            {p.status === 'draft' ? i18n._('As your client last saw it') : i18n._('As your client sees it')}
          </h2>
          <p className="text-muted-foreground text-sm">
            <Trans
              id="Revision {number}, sent <0/>"
              values={{ number: newest.number }}
              components={{ 0: <TimeStamp iso={newest.createdAt} inline /> }}
            />
          </p>
        </div>
        {accepted && acceptance.data ? (
          <RevisionDocument
            revision={acceptedRevision.data ?? revision.data}
            selection={acceptance.data.selection}
            acceptance={
              (acceptedRevision.data ?? revision.data).number === acceptance.data.revisionNumber
                ? acceptance.data
                : null
            }
            ownBranding={ownBranding}
          />
        ) : (
          <RevisionDocument revision={revision.data} ownBranding={ownBranding} />
        )}
      </section>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 wrap-anywhere">
      <ProposalViewHeader proposal={p} everSent={everSent} onOpen={setDialog} />

      {revisions.isPending ? (
        <ProposalViewSkeletonBody />
      ) : !everSent ? (
        <NotSentYet proposal={p} onSend={() => setDialog('send')} />
      ) : (
        <>
          {accepted ? (
            <AcceptanceCertificate
              proposalId={p.id}
              certificate={acceptance.data}
              document={(acceptedRevision.data ?? revision.data)?.snapshot.document}
              locale={documentLocale((acceptedRevision.data ?? revision.data)?.snapshot.sender.locale)}
              isError={acceptance.isError}
              onRetry={() => void acceptance.refetch()}
            />
          ) : null}
          <PaymentCard proposalId={p.id} />
          <SignersCard
            proposalId={p.id}
            open={p.status === 'sent' || p.status === 'viewed'}
            closed={closedNote}
            revisionHash={newest?.hash ?? null}
          />
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
            <div className="min-w-0">{documentPart}</div>
            <div className="min-w-0 space-y-6">
              <FollowUpCard proposalId={p.id} status={p.status} />
              <ActivityTimeline proposalId={p.id} clientName={p.client.name} detailedAnalytics={detailedAnalytics} />
              {everSent ? (
                <SectionReading
                  proposalId={p.id}
                  revision={revision.data ?? null}
                  detailedAnalytics={detailedAnalytics}
                />
              ) : null}
              <CommentsThread proposalId={p.id} canReply={p.status !== 'draft'} />
              <RevisionsCard
                proposalId={p.id}
                revisions={revisions.data}
                live={p.status !== 'draft'}
                isError={revisions.isError}
                onRetry={() => void revisions.refetch()}
              />
            </div>
          </div>
        </>
      )}

      {sendWanted ? (
        <Suspense fallback={null}>
          <SendProposalDialog
            proposal={p}
            getVersion={() => p.version}
            open={dialog === 'send'}
            onOpenChange={(open) => setDialog(open ? 'send' : null)}
            onSent={onSent}
          />
        </Suspense>
      ) : null}
      <WithdrawDialog
        proposal={p}
        open={dialog === 'withdraw'}
        onOpenChange={(o) => setDialog(o ? 'withdraw' : null)}
      />
      <ExtendDialog proposal={p} open={dialog === 'extend'} onOpenChange={(o) => setDialog(o ? 'extend' : null)} />
      <RemindDialog
        proposal={p}
        plan={billing.data?.plan}
        open={dialog === 'remind'}
        onOpenChange={(o) => setDialog(o ? 'remind' : null)}
      />
    </div>
  );
}

function ProposalViewSkeletonBody() {
  const { i18n } = useLingui();
  return (
    <div
      role="status"
      aria-label={i18n._('Loading the sent proposal')}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]"
    >
      <Card className="space-y-4 p-8">
        <Skeleton className="h-10 w-1/3" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-40 w-full" />
      </Card>
      <div className="space-y-6">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    </div>
  );
}

/** A draft never sent: nothing to show as the client sees it yet. */
function NotSentYet({ proposal, onSend }: { proposal: TProposal; onSend: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="bg-card flex flex-col items-center rounded-lg border border-dashed px-6 py-14 text-center">
      <div className="bg-accent text-accent-foreground mb-4 rounded-full p-3 [&_svg]:size-6">
        <FileClock aria-hidden="true" />
      </div>
      <h2 className="text-lg font-semibold">{i18n._('This proposal has not been sent yet')}</h2>
      <p className="text-muted-foreground mt-2 max-w-md text-sm">
        {i18n._(
          'Once you send it, this page shows it exactly as your client sees it, with its link, what they do with it (opened, commented, accepted), your conversation and every revision.',
        )}
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        <Button onClick={onSend}>
          <Send aria-hidden="true" /> {i18n._('Send')}
        </Button>
        <Button variant="outline" asChild>
          <Link to={paths.editDraft(proposal.id)}>
            <Pencil aria-hidden="true" /> {i18n._('Edit')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
