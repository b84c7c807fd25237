import { formatQuantity } from '@draftwell/shared/document/pricing';
import type { TDocument } from '@draftwell/shared/document/schema';
import { formatMoney } from '@draftwell/shared/money';
import type { TAcceptanceCertificate } from '@draftwell/shared/share/revision';
import type { TEmailProof } from '@draftwell/shared/share/signing';
import { BadgeCheck, Download, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { SignatureMarkView } from '@/components/signature/signature-mark-view';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { SealedPdfStatus } from './sealed-pdf-status';
import { formatUtcInstant, kindsWithAmounts, lineChoice, TOTAL_NAMES } from '@draftwell/shared/document/display';

/** How each signer showed the address was theirs, in the certificate's words. */
const PROOF: Record<TEmailProof, string> = {
  link: 'link sent to their email',
  code: 'code sent to their email',
  account: 'signed in as the sender',
};

type TChoice = { table: string; description: string; included: boolean; quantity: string | null };

/** The client's choices among the lines they could choose: optional lines, packages, quantities. */
function choicesOf(document: TDocument | undefined, certificate: TAcceptanceCertificate): TChoice[] {
  if (!document) return [];
  const out: TChoice[] = [];
  for (const block of document.blocks) {
    if (block.type !== 'pricing_table') continue;
    for (const line of block.lines) {
      const selectable = block.kind === 'choice' || line.optional;
      if (!selectable && !line.quantityRange) continue;
      const { included, quantity } = lineChoice(block, line, certificate.selection);
      out.push({
        table: block.title.trim() || 'Pricing',
        description: line.description.trim() || 'Untitled line',
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

/** The evidence of the acceptance: who, when (UTC), from where, what exactly, and the hashes. */
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
  const choices = certificate ? choicesOf(document, certificate) : [];
  const totals = certificate ? kindsWithAmounts(certificate.totals) : [];
  return (
    <Card role="region" aria-labelledby="certificate-heading" className="border-success/40">
      <CardHeader className="pb-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <CardTitle id="certificate-heading" className="flex items-center gap-2">
              <BadgeCheck aria-hidden="true" className="text-success size-5" />
              Acceptance certificate
            </CardTitle>
            <CardDescription>The record of the client’s electronic signature, kept as evidence.</CardDescription>
          </div>
          <Button variant="outline" size="sm" asChild>
            <a href={paths.proposalPdf(proposalId)} download>
              <Download aria-hidden="true" /> PDF with certificate
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <SealedPdfStatus proposalId={proposalId} />
        {isError ? (
          <div role="alert" className="text-sm">
            <p className="text-destructive">The certificate did not load.</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
              <RotateCw aria-hidden="true" /> Retry
            </Button>
          </div>
        ) : !certificate ? (
          <div role="status" aria-label="Loading the certificate" className="space-y-3">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/3" />
          </div>
        ) : (
          <dl className="divide-y">
            <Row term="Accepted by">
              <span className="font-medium">{certificate.name}</span> ({certificate.email})
            </Row>
            <Row term="Accepted at (UTC)">
              <time dateTime={certificate.acceptedAt}>{formatUtcInstant(certificate.acceptedAt, locale)}</time>
            </Row>
            {certificate.signatures.length > 1 || certificate.signatures.some((g) => g.mark) ? (
              <Row term="Signatures, in order">
                <ol className="space-y-3">
                  {certificate.signatures.map((g) => (
                    <li key={g.id} className="space-y-1">
                      {g.mark ? (
                        <SignatureMarkView mark={g.mark} signerName={g.name} className="h-12 max-w-56" />
                      ) : null}
                      <p>
                        <span className="font-medium">{g.name}</span>
                        {g.role ? <span className="text-muted-foreground"> · {g.role}</span> : null} ({g.email})
                      </p>
                      <p className="text-muted-foreground text-xs">
                        {g.party === 'owner' ? 'Countersigned' : 'Signed'}{' '}
                        <time dateTime={g.signedAt}>{formatUtcInstant(g.signedAt, locale)}</time> UTC
                        {g.ipAddress ? <> from {g.ipAddress}</> : null} · {PROOF[g.emailProof]}
                      </p>
                    </li>
                  ))}
                </ol>
              </Row>
            ) : null}
            <Row term="IP address" mono>
              {certificate.ipAddress}
            </Row>
            <Row term="Browser (user agent)" mono>
              {certificate.userAgent || '—'}
            </Row>
            <Row term="Revision">
              Revision {certificate.revisionNumber} of {certificate.proposalNumber}
            </Row>
            <Row term="Revision hash (SHA-256)" mono>
              {certificate.revisionHash}
            </Row>
            <Row term="Consent">
              <q className="italic">{certificate.consentText}</q>
            </Row>
            <Row term="Consent hash (SHA-256)" mono>
              {certificate.consentHash}
            </Row>
            {choices.length > 0 ? (
              <Row term="Chosen options">
                <ul className="space-y-1">
                  {choices.map((c, i) => (
                    <li key={i}>
                      <span className="font-medium">{c.included ? 'Included' : 'Left out'}:</span> {c.description}
                      {c.quantity ? <> × {c.quantity}</> : null}
                      <span className="text-muted-foreground"> ({c.table})</span>
                    </li>
                  ))}
                </ul>
              </Row>
            ) : null}
            <Row term="Totals as accepted">
              <ul className="space-y-0.5">
                {totals.map((k) => (
                  <li key={k}>
                    {TOTAL_NAMES[k]}:{' '}
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
