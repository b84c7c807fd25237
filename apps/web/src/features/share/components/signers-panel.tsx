import { CircleCheck, Clock } from 'lucide-react';
import type { TSharedSigning } from '@draftwell/shared/share/signing';
import { cn } from '@/lib/cn';
import { formatLocalDateTime } from '../utils/format';

type TSigner = TSharedSigning['signers'][number];

/** Where one signer stands, as the link's signer reads it. */
function standing(signer: TSigner, signing: TSharedSigning): string {
  const clientsLeft = signing.signers.filter((s) => s.party === 'client' && !s.signedAt);
  if (signer.party === 'owner') {
    if (clientsLeft.length === 0) return 'Countersigns next';
    return signing.you.signedAt ? 'Countersigns once every client has signed' : 'Countersigns after you';
  }
  if (signer.you) return signing.yourTurn ? 'Your turn to sign' : 'Waiting for your turn';
  if (signing.order === 'parallel') return 'Not signed yet';
  return clientsLeft[0] === signer ? 'Their turn to sign' : 'Waiting for their turn';
}

/**
 * Everyone who signs this proposal, in order: their role, whether they signed (and when) or
 * where they stand, the link's own signer marked "You", the sender's countersignature as such.
 * No addresses: the page is given none but the link's own signer's.
 */
export function SignersPanel({ signing, locale }: { signing: TSharedSigning; locale: string }) {
  const signed = signing.signers.filter((s) => s.signedAt).length;
  return (
    <section
      id="signers"
      aria-labelledby="signers-title"
      className="bg-card scroll-mt-6 rounded-lg border print:hidden"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b px-5 py-4 sm:px-8">
        <h2 id="signers-title" className="text-lg font-semibold tracking-tight">
          Signers
        </h2>
        <p className="text-muted-foreground text-sm">
          {signed} of {signing.signers.length} signed
          {signing.order === 'sequential' ? ' · in order' : ' · in any order'}
        </p>
      </div>
      <ol className="divide-y">
        {signing.signers.map((signer, index) => (
          <li
            // Names may repeat; the order does not change while the page shows it.
            key={index}
            data-signer-state={signer.signedAt ? 'signed' : 'waiting'}
            className={cn('flex items-start gap-3 px-5 py-3 sm:px-8', signer.you && 'bg-muted/50')}
          >
            <span
              aria-hidden="true"
              className={cn(
                'mt-0.5 grid size-6 shrink-0 place-items-center rounded-full border text-xs font-semibold tabular-nums',
                signer.signedAt && 'border-success text-success',
              )}
            >
              {signer.signedAt ? <CircleCheck className="size-4" /> : index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                <span className="font-medium wrap-anywhere">{signer.name}</span>
                {signer.you ? (
                  <span className="bg-accent text-accent-foreground rounded px-1.5 py-0.5 text-xs font-semibold">
                    You
                  </span>
                ) : null}
                {signer.party === 'owner' ? <span className="text-muted-foreground text-sm">(sender)</span> : null}
                {signer.role ? (
                  <span className="text-muted-foreground text-sm wrap-anywhere">{signer.role}</span>
                ) : null}
              </p>
              <p className="text-muted-foreground mt-0.5 flex items-center gap-1.5 text-sm">
                {signer.signedAt ? (
                  <span className="text-foreground">
                    Signed <time dateTime={signer.signedAt}>{formatLocalDateTime(signer.signedAt, locale)}</time>
                  </span>
                ) : (
                  <>
                    <Clock aria-hidden="true" className="size-3.5 shrink-0" />
                    <span>{standing(signer, signing)}</span>
                  </>
                )}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
