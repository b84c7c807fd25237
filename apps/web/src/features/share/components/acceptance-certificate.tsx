import { Trans, useLingui } from '@lingui/react';
import { Download, FileLock2, Printer, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { TDocument } from '@draftwell/shared/document/schema';
import type { TAcceptanceCertificate } from '@draftwell/shared/share/revision';
import type { TSealedPdfState } from '@draftwell/shared/share/share-api';
import type { TSignatureEvidence } from '@draftwell/shared/share/signing';
import { SignatureFacts } from '@/components/signature/signature-facts';
import { SignatureMarkView } from '@/components/signature/signature-mark-view';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatUtcInstant } from '@draftwell/shared/document/display';
import { useReaderClock } from '../hooks/use-reader-clock';
import { formatLocalDateTime } from '../utils/format';
import { acceptedBy } from '../utils/signing';
import { ChosenOptions, TotalsRows } from './chosen-summary';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-3 last:border-b-0 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

/**
 * One signature as recorded: who, their mark, and their own evidence: when (by the server's
 * clock, with its zone), from which address and browser, the proof of their address, and the
 * statement they agreed to with its hash.
 */
function SignatureEvidence({
  signature,
  index,
  locale,
}: {
  signature: TSignatureEvidence;
  index: number;
  locale: string;
}) {
  const { i18n } = useLingui();
  const role = [signature.party === 'owner' ? i18n._('Sender') : '', signature.role].filter(Boolean).join(' · ');
  return (
    <li className="rounded-md border p-4" data-signature={signature.party}>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-muted-foreground tabular-nums">{index + 1}.</span>
        <span className="font-semibold wrap-anywhere">{signature.name}</span>
        {role ? <span className="text-muted-foreground wrap-anywhere">{role}</span> : null}
      </p>
      <div className="mt-3 max-w-sm border-b border-dashed pb-1">
        {signature.mark ? (
          <SignatureMarkView mark={signature.mark} signerName={signature.name} />
        ) : (
          <span className="text-muted-foreground">{i18n._('Signed by typing their name and ticking the box.')}</span>
        )}
      </div>
      <SignatureFacts signature={signature} locale={locale} className="mt-3" />
    </li>
  );
}

/** The acceptance in the reader's own time: its own component, the one part drawn again once hydrated. */
function YourTime({ at, locale }: { at: string; locale: string }) {
  const { i18n } = useLingui();
  const { timeZone } = useReaderClock();
  return (
    // A time of day is written by the reader's own Intl, whose data may differ from the server's
    // ("AM" or "오전" in Korean): the server's text stands until hydrated, then this is drawn again.
    <span className="text-muted-foreground block" suppressHydrationWarning>
      {i18n._('Your time: {date}', { date: formatLocalDateTime(at, locale, timeZone) })}
    </span>
  );
}

/** The verification page's link, its words given by the sentence it stands in. */
const VerifyLink = ({ children }: { children?: ReactNode }) => (
  <a href={paths.verify} className="text-foreground font-medium underline underline-offset-2">
    {children}
  </a>
);

const Hash = ({ value }: { value: string }) => <code className="font-mono text-[0.8125rem] break-all">{value}</code>;

/** Printing the certificate prints it alone; the rest of the page is hidden for that print. */
function printCertificate() {
  const root = window.document.documentElement;
  root.dataset.print = 'certificate';
  window.print();
}

/**
 * The evidence of the acceptance as the server recorded it: every signature in the order given
 * (who, their mark, when by the server's clock, from where, how their address was proven, the
 * statement they agreed to and its hash), which revision (its hash), the choices and totals.
 */
export function AcceptanceCertificate({
  token,
  certificate,
  sealedPdf = 'none',
  document,
  locale,
  focusOnMount = false,
}: {
  token: string;
  /** The digitally signed PDF: offered once `ready`. */
  sealedPdf?: TSealedPdfState;
  certificate: TAcceptanceCertificate;
  /** The accepted revision's document (for the choices in words); null while it loads. */
  document: TDocument | null;
  /** The accepted revision's document locale: its dates read as the PDF's do. */
  locale: string;
  /** Just accepted: the certificate takes the focus (the form that was used is gone). */
  focusOnMount?: boolean;
}) {
  const { i18n } = useLingui();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnMount) return;
    title.current?.focus();
    title.current?.scrollIntoView({ block: 'start' });
  }, [focusOnMount]);

  useEffect(() => {
    const done = () => delete window.document.documentElement.dataset.print;
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, []);

  const sender = [certificate.senderName, certificate.senderCompany].filter((s) => s.trim()).join(', ');
  return (
    <section
      id="certificate"
      aria-labelledby="certificate-title"
      className="bg-card scroll-mt-6 rounded-lg border border-t-4 border-t-(--dv-accent) print:border-0"
    >
      <div className="flex flex-wrap items-start gap-4 border-b p-5 sm:p-8">
        <ShieldCheck aria-hidden="true" className="text-success mt-1 size-7 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="text-muted-foreground text-xs font-semibold tracking-[0.14em] uppercase">
            {i18n._('Certificate of acceptance')}
          </p>
          <h2
            id="certificate-title"
            ref={title}
            tabIndex={-1}
            className="mt-1 text-xl font-semibold tracking-tight outline-none"
          >
            {i18n._('Accepted by {names}', { names: acceptedBy(i18n, certificate) })}
          </h2>
          <p className="text-muted-foreground mt-1 text-sm">
            {certificate.proposalNumber} · {certificate.proposalTitle}
          </p>
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto print:hidden">
          <Button variant="outline" onClick={printCertificate} className="flex-1 sm:flex-none">
            <Printer aria-hidden="true" />
            {i18n._('Print')}
          </Button>
          <Button asChild variant="outline" className="flex-1 sm:flex-none">
            <a href={paths.sharePdf(token)} download>
              <Download aria-hidden="true" />
              {i18n._('Download PDF')}
            </a>
          </Button>
          {sealedPdf === 'ready' ? (
            <Button asChild className="flex-1 sm:flex-none">
              <a href={paths.shareSealedPdf(token)} download>
                <FileLock2 aria-hidden="true" />
                {i18n._('Signed PDF')}
              </a>
            </Button>
          ) : null}
        </div>
        {sealedPdf === 'pending' ? (
          <p className="text-muted-foreground w-full text-sm print:hidden">
            {i18n._('The digitally signed PDF is being made; it is emailed to you when it is ready.')}
          </p>
        ) : null}
      </div>
      <dl className="px-5 py-2 sm:px-8 sm:py-4">
        <Fact term={i18n._('Proposal')}>
          {i18n._('{number}, “{title}”', { number: certificate.proposalNumber, title: certificate.proposalTitle })}
        </Fact>
        <Fact term={i18n._('From')}>{sender || '—'}</Fact>
        <Fact term={i18n._('Accepted at')}>
          <time dateTime={certificate.acceptedAt}>{formatUtcInstant(certificate.acceptedAt, locale)}</time>
          <YourTime at={certificate.acceptedAt} locale={locale} />
        </Fact>
        <Fact
          term={i18n._('{count, plural, =1 {Signature} other {Signatures (#)}}', {
            count: certificate.signatures.length,
          })}
        >
          <ol aria-label={i18n._('Signatures')} className="grid gap-3">
            {certificate.signatures.map((signature, index) => (
              <SignatureEvidence key={signature.id} signature={signature} index={index} locale={locale} />
            ))}
          </ol>
        </Fact>
        <Fact term={i18n._('Revision')}>{i18n._('Revision {number}', { number: certificate.revisionNumber })}</Fact>
        <Fact term={i18n._('Revision hash (SHA-256)')}>
          <Hash value={certificate.revisionHash} />
        </Fact>
        <Fact term={i18n._('Selected options')}>
          {document ? (
            <ChosenOptions document={document} selection={certificate.selection} />
          ) : (
            <span className="text-muted-foreground">{i18n._('Loading…')}</span>
          )}
        </Fact>
        <Fact term={i18n._('Totals')}>
          <div className="max-w-xs">
            <TotalsRows totals={certificate.totals} currency={certificate.currency} />
          </div>
        </Fact>
      </dl>
      <p className="text-muted-foreground border-t px-5 py-4 text-sm sm:px-8 print:hidden">
        <Trans
          id="Anyone can check this acceptance on the <0>verification page</0> with the revision hash above or the downloaded PDF."
          components={{ 0: <VerifyLink /> }}
        />
      </p>
    </section>
  );
}
