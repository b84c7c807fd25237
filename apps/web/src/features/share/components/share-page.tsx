import { Download } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { documentTotals, type TPricingTotals } from '@draftwell/shared/document/pricing';
import type { TPricingSelection } from '@draftwell/shared/document/schema';
import { fileIdOf, preparedBy, snapshotContext } from '@draftwell/shared/document/display';
import { documentLocale, readerLocale } from '@draftwell/shared/document/locale';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { DocumentView, loadSignatureMarkView, MadeWithDraftwell } from '@/components/document-view/document-view';
import { useSharedProposal } from '../api/get-shared-proposal';
import { useSharedRevision } from '../api/get-shared-revision';
import { useClientChoices } from '../hooks/use-client-choices';
import { useViewTracking } from '../hooks/use-view-tracking';
import { shareFailure } from '../utils/share-error';
import { CommentsSection } from './comments-section';
import {
  AcceptanceCertificate,
  AcceptSection,
  DeclineDialog,
  PaymentDueNote,
  PaymentPanel,
  ShareFailureView,
  SignersPanel,
} from './lazy-parts';
import { NearSlot } from './near-slot';
import { RevisionChangesSlot } from './revision-changes-slot';
import { ShareLayout, type TShareBrand } from './share-layout';
import { ShareLoading } from './share-loading';
import { StatusBanner } from './status-banner';

function senderLabel(i18n: I18n, shared: TSharedProposal): string {
  return preparedBy(shared.snapshot.sender) || i18n._('The sender');
}

/** The document's title, in the page's language: the proposal and its sender, or that there is none to show. */
export function sharePageTitle(i18n: I18n, shown: { proposal: TSharedProposal } | { failed: true }): string {
  if ('failed' in shown) return i18n._('Proposal unavailable');
  const sender = senderLabel(i18n, shown.proposal);
  const title = shown.proposal.snapshot.title.trim();
  return title ? i18n._('{title} — {sender}', { title, sender }) : i18n._('Proposal — {sender}', { sender });
}

/**
 * Loads the chunks of the lazy parts the page shows at first for this answer (lazy-parts.ts):
 * the server renders them, and hydration must find them in place as the server had them. The
 * parts that come as the reader nears them are placeholders on the server and at first.
 */
export function preloadShownParts(shown: { proposal: TSharedProposal } | { failure: unknown }): Promise<unknown> {
  if ('failure' in shown) return ShareFailureView.preload();
  const shared = shown.proposal;
  return Promise.all([
    shared.acceptance ? AcceptanceCertificate.preload() : null,
    shared.acceptance ? loadSignatureMarkView() : null,
    showsPaymentPanel(shared) ? PaymentPanel.preload() : null,
    showsPaymentDue(shared) ? PaymentDueNote.preload() : null,
  ]);
}

/** The payment once the server has fixed the amount (the page's answer after the last signature). */
const showsPaymentPanel = (shared: TSharedProposal) =>
  shared.status === 'accepted' && !!shared.payment && shared.payment.status !== 'requested';

/** What the client will be asked to pay, before signing. */
const showsPaymentDue = (shared: TSharedProposal) =>
  (shared.status === 'sent' || shared.status === 'viewed') && !!shared.payment;

function brandOf(i18n: I18n, shared: TSharedProposal): TShareBrand {
  return { name: senderLabel(i18n, shared), logoUrl: shared.logoUrl, brandColor: shared.snapshot.sender.brandColor };
}

function safeTotals(shared: TSharedProposal, selection: TPricingSelection): TPricingTotals | null {
  try {
    return documentTotals(shared.snapshot.document, selection);
  } catch {
    return null;
  }
}

function PdfButton({ token }: { token: string }) {
  const { i18n } = useLingui();
  // Narrow screens show "PDF" alone, wide ones the whole label; a screen reader always hears it whole.
  return (
    <Button asChild variant="outline" size="sm">
      <a href={paths.sharePdf(token)} download aria-label={i18n._('Download PDF')}>
        <Download aria-hidden="true" />
        <span aria-hidden="true" className="sm:hidden">
          {i18n._('PDF')}
        </span>
        <span aria-hidden="true" className="hidden sm:inline">
          {i18n._('Download PDF')}
        </span>
      </a>
    </Button>
  );
}

/** The place of the signers and the sign form (and their anchors) until their code is there. */
function SigningPlaceholder({ yourTurn }: { yourTurn: boolean }) {
  const { i18n } = useLingui();
  return (
    <section
      id={yourTurn ? 'accept' : 'signers'}
      aria-labelledby="signing-title"
      className="bg-card scroll-mt-6 rounded-lg border p-5 sm:p-8"
    >
      <h2 id="signing-title" className="text-xl font-semibold tracking-tight">
        {yourTurn ? i18n._('Sign this proposal') : i18n._('Signers')}
      </h2>
      <div
        role="status"
        aria-label={yourTurn ? i18n._('Loading the form to sign') : i18n._('Loading the signers')}
        className="mt-5"
      >
        <Skeleton className={yourTurn ? 'h-[36rem]' : 'h-40'} />
      </div>
    </section>
  );
}

function Footer({ showMadeWith }: { showMadeWith: boolean }) {
  return (
    <>
      {showMadeWith ? <MadeWithDraftwell href={paths.landing} /> : <span />}
      <a href={paths.verify} className="hover:text-foreground underline underline-offset-2">
        <Trans id="Verify an accepted proposal" />
      </a>
    </>
  );
}

/** The proposal a link opens, with everything the client can do with it. */
function SharedProposalView({ token, shared }: { token: string; shared: TSharedProposal }) {
  const { i18n } = useLingui();
  const { snapshot, revision, status, acceptance, signing } = shared;
  const open = status === 'sent' || status === 'viewed';
  const senderName = senderLabel(i18n, shared);

  // The first signer's choices hold for everyone after them: shown, not to be changed.
  const fixed = signing.fixedSelection;
  // The client's choices belong to the revision they were made on; a newer one starts afresh.
  const [chosen, setSelection] = useClientChoices({
    proposalId: snapshot.proposalId,
    revisionHash: revision.hash,
    document: snapshot.document,
    open: open && !fixed,
  });
  const selection = fixed ?? chosen;
  // Once answered, the page shows what was accepted (or the sender's defaults).
  const shownSelection = useMemo(
    () => (open ? selection : (acceptance?.selection ?? {})),
    [open, selection, acceptance],
  );
  const totals = useMemo(() => safeTotals(shared, shownSelection), [shared, shownSelection]);
  const context = useMemo(() => {
    const base = snapshotContext(snapshot, totals ?? snapshot.totals);
    // The sender may have extended it since sending: the page says the date that holds now. Its
    // dates are written for the language the page is read in (the reader may have switched).
    return {
      ...base,
      locale: readerLocale(i18n.locale, documentLocale(snapshot.sender.locale)),
      proposal: { ...base.proposal, validUntil: shared.validUntil },
    };
  }, [snapshot, totals, shared.validUntil, i18n.locale]);
  const imageSrc = useMemo(
    () => (src: string) => {
      const id = fileIdOf(src);
      return id ? paths.shareFile(token, id) : src;
    },
    [token],
  );

  // The certificate lists the choices of the revision that was accepted.
  const acceptedOther = acceptance && acceptance.revisionNumber !== revision.number ? acceptance.revisionNumber : null;
  const acceptedRevision = useSharedRevision(token, acceptedOther);
  const acceptedDocument =
    acceptedOther === null ? snapshot.document : (acceptedRevision.data?.snapshot.document ?? null);
  const acceptedLocale =
    acceptedOther === null || !acceptedRevision.data
      ? context.locale
      : readerLocale(i18n.locale, documentLocale(acceptedRevision.data.snapshot.sender.locale));

  const [declineOpen, setDeclineOpen] = useState(false);
  const [declineWanted, setDeclineWanted] = useState(false);
  const bannerTitle = useRef<HTMLHeadingElement>(null);

  // When the client answers, focus moves to what now says so (the forms they used are gone): the
  // certificate (its own chunk, so it focuses itself once there) or the banner.
  // A signature that others must still follow leaves it open: the banner says so.
  const answered = !open || signing.you.signedAt !== null;
  const [shownAnswered, setShownAnswered] = useState(answered);
  const [focusTarget, setFocusTarget] = useState<'certificate' | 'banner' | null>(null);
  if (shownAnswered !== answered) {
    setShownAnswered(answered);
    if (answered) setFocusTarget(status === 'accepted' ? 'certificate' : 'banner');
  }
  useEffect(() => {
    if (focusTarget !== 'banner') return;
    bannerTitle.current?.focus();
    bannerTitle.current?.scrollIntoView({ block: 'start' });
  }, [focusTarget]);

  const title = sharePageTitle(i18n, { proposal: shared });
  useEffect(() => {
    document.title = title;
  }, [title]);

  const askDecline = () => {
    setDeclineWanted(true);
    setDeclineOpen(true);
  };

  return (
    <ShareLayout
      brand={brandOf(i18n, shared)}
      actions={<PdfButton token={token} />}
      footer={<Footer showMadeWith={shared.showMadeWithFooter} />}
    >
      <div className="mx-auto grid w-full max-w-[52rem] gap-6 px-3 py-6 sm:gap-8 sm:px-4 sm:py-10">
        <div data-share-part>
          <StatusBanner shared={shared} onDecline={askDecline} titleRef={bannerTitle} />
        </div>

        {/* Once the server has fixed the amount (the page's answer after the last signature). */}
        {showsPaymentPanel(shared) && shared.payment ? (
          <div data-share-part>
            <Suspense fallback={null}>
              <PaymentPanel token={token} payment={shared.payment} senderName={senderName} locale={context.locale} />
            </Suspense>
          </div>
        ) : null}

        <div
          data-share-part
          data-share-document
          className="overflow-hidden rounded-lg border shadow-sm print:overflow-visible print:border-0"
        >
          <DocumentView
            document={snapshot.document}
            context={context}
            selection={shownSelection}
            onSelectionChange={open && !fixed ? setSelection : undefined}
            branding={{ brandColor: snapshot.sender.brandColor, logoUrl: shared.logoUrl }}
            imageSrc={imageSrc}
            acceptance={acceptance && acceptedOther === null ? acceptance : null}
          />
        </div>

        {acceptance ? (
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <AcceptanceCertificate
              token={token}
              certificate={acceptance}
              sealedPdf={shared.sealedPdf}
              document={acceptedDocument}
              locale={acceptedLocale}
              focusOnMount={focusTarget === 'certificate'}
            />
          </Suspense>
        ) : null}

        {shared.revisions.length > 1 ? (
          <div data-share-part>
            <RevisionChangesSlot
              token={token}
              revisions={shared.revisions}
              current={{ number: revision.number, snapshot }}
            />
          </div>
        ) : null}

        {showsPaymentDue(shared) && shared.payment ? (
          <div data-share-part>
            <Suspense fallback={null}>
              <PaymentDueNote payment={shared.payment} totals={totals} senderName={senderName} />
            </Suspense>
          </div>
        ) : null}

        {open && (signing.yourTurn || signing.signers.length > 1) ? (
          <div data-share-part>
            {/* Only as it comes into view: with the signature input, this is the page's largest part. */}
            <NearSlot margin="100px" fallback={<SigningPlaceholder yourTurn={signing.yourTurn} />}>
              {signing.signers.length > 1 ? <SignersPanel signing={signing} locale={context.locale} /> : null}
              {signing.yourTurn ? (
                <AcceptSection
                  token={token}
                  revisionNumber={revision.number}
                  revisionHash={revision.hash}
                  document={snapshot.document}
                  selection={selection}
                  totals={totals}
                  currency={snapshot.currency}
                  signing={signing}
                  locale={context.locale}
                  onDecline={askDecline}
                />
              ) : null}
            </NearSlot>
          </div>
        ) : null}

        <div data-share-part>
          <CommentsSection
            token={token}
            comments={shared.comments}
            senderName={senderName}
            yourName={signing.you.name}
            locale={context.locale}
          />
        </div>
      </div>

      {declineWanted ? (
        <Suspense fallback={null}>
          <DeclineDialog
            token={token}
            senderName={senderName}
            open={declineOpen}
            onOpenChange={setDeclineOpen}
            onDeclined={() => bannerTitle.current?.focus()}
          />
        </Suspense>
      ) : null}
    </ShareLayout>
  );
}

/**
 * The client's page at /p/:token: public, no account. Loading, a link that does not exist (404),
 * one withdrawn or expired (410), a failure with Retry, or the proposal itself. A page the server
 * rendered starts from what it read: the proposal in the query cache, or `initialError`, the
 * failure it met, after which nothing is asked again until Retry.
 */
export function SharePage({ token, initialError }: { token: string; initialError?: Error }) {
  const { i18n } = useLingui();
  const query = useSharedProposal(token, { enabled: !initialError });
  const error = query.error ?? (query.data === undefined ? initialError : undefined);
  const failure = error ? shareFailure(i18n, error) : null;
  // A link that closed while open is shown closed; any other failed reload keeps what is shown.
  const closed = failure && failure.kind !== 'failed';
  useViewTracking(token, query.data !== undefined && !closed, query.data?.snapshot.document ?? null);

  const showsProposal = query.data !== undefined && !closed;
  const failed = failure !== null;
  useEffect(() => {
    if (!showsProposal) document.title = failed ? sharePageTitle(i18n, { failed }) : i18n._('Loading proposal…');
  }, [showsProposal, failed, i18n]);

  if (query.data && !closed) return <SharedProposalView token={token} shared={query.data} />;
  return (
    <ShareLayout>
      {failure ? (
        <Suspense fallback={<ShareLoading />}>
          <ShareFailureView failure={failure} onRetry={() => void query.refetch()} />
        </Suspense>
      ) : (
        <ShareLoading />
      )}
    </ShareLayout>
  );
}
