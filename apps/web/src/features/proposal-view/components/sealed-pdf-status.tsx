import { Download, LoaderCircle, RotateCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useProposalSeal, useRequestProposalSeal } from '../api/proposal-seal';

/**
 * The accepted proposal's sealed PDF (decision 0014): the document and its certificate, digitally
 * signed by the server so any PDF reader shows whether it was changed. Made a few seconds after
 * the acceptance; a failure says why and can be tried again.
 */
export function SealedPdfStatus({ proposalId }: { proposalId: string }) {
  const { i18n } = useLingui();
  const seal = useProposalSeal(proposalId, { enabled: true });
  const request = useRequestProposalSeal(proposalId);
  const status = seal.data;
  let body;
  if (seal.isError) {
    body = (
      <>
        <p className="text-destructive text-sm">{i18n._('The signed PDF’s status did not load.')}</p>
        <Button variant="outline" size="sm" onClick={() => void seal.refetch()}>
          <RotateCw aria-hidden="true" /> {i18n._('Retry')}
        </Button>
      </>
    );
  } else if (!status) {
    body = <p className="text-muted-foreground text-sm">{i18n._('Checking the signed PDF…')}</p>;
  } else if (status.status === 'sealed') {
    body = (
      <>
        <p className="flex min-w-0 items-center gap-2 text-sm">
          <ShieldCheck aria-hidden="true" className="text-success size-4 shrink-0" />
          <span>
            <Trans
              id="Signed PDF ready: sealed with the certificate <0>{fingerprint}…</0>"
              values={{ fingerprint: status.certificateFingerprint.slice(0, 16) }}
              components={{ 0: <code className="font-mono text-xs break-all" /> }}
            />
          </span>
        </p>
        <Button size="sm" asChild>
          <a href={paths.proposalSealedPdf(proposalId)} download>
            <Download aria-hidden="true" /> {i18n._('Signed PDF')}
          </a>
        </Button>
      </>
    );
  } else if (status.status === 'pending') {
    body = (
      <p className="text-muted-foreground flex items-center gap-2 text-sm">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> {i18n._('Sealing the signed PDF…')}
      </p>
    );
  } else {
    const failed = status.status === 'failed';
    body = (
      <>
        <p className="flex min-w-0 items-start gap-2 text-sm">
          {failed ? <ShieldAlert aria-hidden="true" className="text-destructive mt-0.5 size-4 shrink-0" /> : null}
          <span>
            {failed
              ? i18n._('The signed PDF could not be made: {reason}', { reason: status.error })
              : i18n._('This proposal was accepted before signed PDFs existed.')}
          </span>
        </p>
        <Button variant="outline" size="sm" disabled={request.isPending} onClick={() => request.mutate()}>
          <RotateCw aria-hidden="true" /> {failed ? i18n._('Try again') : i18n._('Make a signed PDF')}
        </Button>
      </>
    );
  }
  return (
    <div
      aria-live="polite"
      className="bg-muted/40 mb-2 flex flex-wrap items-center justify-between gap-3 rounded-md px-3 py-2"
    >
      {body}
      {request.error ? <p className="text-destructive w-full text-sm">{request.error.message}</p> : null}
    </div>
  );
}
