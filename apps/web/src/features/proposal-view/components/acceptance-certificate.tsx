import { formatQuantity } from '@draftwell/shared/document/pricing';
import type { TDocument } from '@draftwell/shared/document/schema';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { formatMoney } from '@draftwell/shared/money';
import type { TAcceptanceCertificate } from '@draftwell/shared/share/revision';
import { BadgeCheck, Download, RotateCw } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { SignatureFacts } from '@/components/signature/signature-facts';
import { SignatureMarkView } from '@/components/signature/signature-mark-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { SealedPdfStatus } from './sealed-pdf-status';
import { formatUtcInstant, kindsWithAmounts, lineChoice, totalName } from '@draftwell/shared/document/display';

type TChoice = { table: string; description: string; included: boolean; quantity: string | null };

/** The client's choices among the lines they could choose: optional lines, packages, quantities. */
function choicesOf(i18n: I18n, document: TDocument | undefined, certificate: TAcceptanceCertificate): TChoice[] {
  if (!document) return [];
  const out: TChoice[] = [];
  for (const block of document.blocks) {
    if (block.type !== 'pricing_table') continue;
    for (const line of block.lines) {
      const selectable = block.kind === 'choice' || line.optional;
      if (!selectable && !line.quantityRange) continue;
      const { included, quantity } = lineChoice(block, line, certificate.selection);
      out.push({
        table: block.title.trim() || i18n._('Pricing'),
        description: line.description.trim() || i18n._('Untitled line'),
        included,
        quantity: line.quantityRange && included ? formatQuantity(quantity) : null,
      });
    }
  }
  return out;
}

function Row({ term, children, mono }: { term: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="grid gap-0.5 py-2.5 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd className={mono ? 'font-mono text-xs break-all sm:text-sm' : 'text-sm wrap-anywhere'}>{children}</dd>
    </div>
  );
}

/**
 * The evidence of the acceptance: who, when, each signature with its own evidence (time, address,
 * browser, statement), what exactly, and the hashes.
 */
export function AcceptanceCertificate({
  proposalId,
  certificate,
  document,
  locale,
  isError,
  onRetry,
}: {
  proposalId: string;
  certificate: TAcceptanceCertificate | undefined;
  /** The accepted revision's document, to name the lines the client chose. */
  document: TDocument | undefined;
  /** The accepted revision's document locale: its dates read as the PDF's do. */
  locale: string;
  isError: boolean;
  onRetry: () => void;
}) {
  const { i18n } = useLingui();
  const choices = certificate ? choicesOf(i18n, document, certificate) : [];
  const totals = certificate ? kindsWithAmounts(certificate.totals) : [];
  return (
    <Card role="region" aria-labelledby="certificate-heading" className="border-success/40">
      <CardHeader className="pb-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <CardTitle id="certificate-heading" className="flex items-center gap-2">
              <BadgeCheck aria-hidden="true" className="text-success size-5" />
              {i18n._('Acceptance certificate')}
            </CardTitle>
            <CardDescription>
              {i18n._('The record of the client’s electronic signature, kept as evidence.')}
            </CardDescription>
          </div>
          <Button variant="outline" size="sm" asChild>
            <a href={paths.proposalPdf(proposalId)} download>
              <Download aria-hidden="true" /> {i18n._('PDF with certificate')}
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <SealedPdfStatus proposalId={proposalId} />
        {isError ? (
          <div role="alert" className="text-sm">
            <p className="text-destructive">{i18n._('The certificate did not load.')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
              <RotateCw aria-hidden="true" /> {i18n._('Retry')}
            </Button>
          </div>
        ) : !certificate ? (
          <div role="status" aria-label={i18n._('Loading the certificate')} className="space-y-3">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/3" />
          </div>
        ) : (
          <dl className="divide-y">
            <Row term={i18n._('Accepted by')}>
              <span className="font-medium">{certificate.name}</span> ({certificate.email})
            </Row>
            <Row term={i18n._('Accepted at')}>
              <time dateTime={certificate.acceptedAt}>{formatUtcInstant(certificate.acceptedAt, locale)}</time>
            </Row>
            <Row term={certificate.signatures.length === 1 ? i18n._('Signature') : i18n._('Signatures, in order')}>
              <ol aria-label={i18n._('Signatures')} className="divide-y">
                {certificate.signatures.map((g) => (
                  <li key={g.id} className="space-y-2 py-3 first:pt-0 last:pb-0">
                    {g.mark ? <SignatureMarkView mark={g.mark} signerName={g.name} size="sm" /> : null}
                    <p>
                      <span className="font-medium">{g.name}</span>
                      {g.role ? <span className="text-muted-foreground"> · {g.role}</span> : null}
                      <span className="text-muted-foreground">
                        {' '}
                        · {g.party === 'owner' ? i18n._('Countersigned as the sender') : i18n._('Signed as the client')}
                      </span>
                    </p>
                    <SignatureFacts
                      signature={g}
                      locale={locale}
                      className="text-xs sm:grid-cols-[10rem_minmax(0,1fr)]"
                    />
                  </li>
                ))}
              </ol>
            </Row>
            <Row term={i18n._('Revision')}>
              {i18n._('Revision {number} of {proposalNumber}', {
                number: certificate.revisionNumber,
                proposalNumber: certificate.proposalNumber,
              })}
            </Row>
            <Row term={i18n._('Revision hash (SHA-256)')} mono>
              {certificate.revisionHash}
            </Row>
            {choices.length > 0 ? (
              <Row term={i18n._('Chosen options')}>
                <ul className="space-y-1">
                  {choices.map((c, i) => (
                    <li key={i}>
                      <span className="font-medium">{c.included ? i18n._('Included') : i18n._('Left out')}:</span>{' '}
                      {c.description}
                      {c.quantity ? <> × {c.quantity}</> : null}
                      <span className="text-muted-foreground"> ({c.table})</span>
                    </li>
                  ))}
                </ul>
              </Row>
            ) : null}
            <Row term={i18n._('Totals as accepted')}>
              <ul className="space-y-0.5">
                {totals.map((k) => (
                  <li key={k}>
                    {totalName(i18n, k)}:{' '}
                    <span className="font-semibold tabular-nums">
                      {formatMoney(certificate.totals[k].total, certificate.currency)}
                    </span>
                  </li>
                ))}
              </ul>
            </Row>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
