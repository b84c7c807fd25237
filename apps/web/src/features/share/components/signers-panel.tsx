import { Trans, useLingui } from '@lingui/react';
import { CircleCheck, Clock } from 'lucide-react';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TSharedSigning } from '@draftwell/shared/share/signing';
import { cn } from '@/lib/cn';
import { formatLocalDateTime } from '../utils/format';

type TSigner = TSharedSigning['signers'][number];

/** Where one signer stands, as the link's signer reads it. */
function standing(i18n: I18n, signer: TSigner, signing: TSharedSigning): string {
  const clientsLeft = signing.signers.filter((s) => s.party === 'client' && !s.signedAt);
  if (signer.party === 'owner') {
    if (clientsLeft.length === 0) return i18n._('Countersigns next');
    return signing.you.signedAt
      ? i18n._('Countersigns once every client has signed')
      : i18n._('Countersigns after you');
  }
  if (signer.you) return signing.yourTurn ? i18n._('Your turn to sign') : i18n._('Waiting for your turn');
  if (signing.order === 'parallel') return i18n._('Not signed yet');
  return clientsLeft[0] === signer ? i18n._('Their turn to sign') : i18n._('Waiting for their turn');
}

/**
 * Everyone who signs this proposal, in order: their role, whether they signed (and when) or
 * where they stand, the link's own signer marked "You", the sender's countersignature as such.
 * No addresses: the page is given none but the link's own signer's.
 */
export function SignersPanel({ signing, locale }: { signing: TSharedSigning; locale: string }) {
  const { i18n } = useLingui();
  const signed = signing.signers.filter((s) => s.signedAt).length;
  const total = signing.signers.length;
  return (
    <section
      id="signers"
      aria-labelledby="signers-title"
      className="bg-card scroll-mt-6 rounded-lg border print:hidden"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b px-5 py-4 sm:px-8">
        <h2 id="signers-title" className="text-lg font-semibold tracking-tight">
          {i18n._('Signers')}
        </h2>
        <p className="text-muted-foreground text-sm">
          {signing.order === 'sequential'
            ? i18n._('{total, plural, other {{signed} of # signed · in order}}', { signed, total })
            : i18n._('{total, plural, other {{signed} of # signed · in any order}}', { signed, total })}
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
                    {i18n._('You')}
                  </span>
                ) : null}
                {signer.party === 'owner' ? (
                  <span className="text-muted-foreground text-sm">{i18n._('(sender)')}</span>
                ) : null}
                {signer.role ? (
                  <span className="text-muted-foreground text-sm wrap-anywhere">{signer.role}</span>
                ) : null}
              </p>
              <p className="text-muted-foreground mt-0.5 flex items-center gap-1.5 text-sm">
                {signer.signedAt ? (
                  <span className="text-foreground">
                    <Trans
                      id="Signed <0>{date}</0>"
                      values={{ date: formatLocalDateTime(signer.signedAt, locale) }}
                      components={{ 0: <time dateTime={signer.signedAt} /> }}
                    />
                  </span>
                ) : (
                  <>
                    <Clock aria-hidden="true" className="size-3.5 shrink-0" />
                    <span>{standing(i18n, signer, signing)}</span>
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
