import { withLaterWords } from '@draftwell/shared/i18n/i18n';
import { useLingui } from '@lingui/react';
import { Suspense } from 'react';
import type { TSignatureBlock } from '@draftwell/shared/document/schema';
import type { TDocumentContext } from '@draftwell/shared/document/variables';
import { signatureParties, type TSigner } from '@draftwell/shared/document/display';
import { preloadable } from '@/lib/preloadable';
import type { TDocumentAcceptance } from './types';

/**
 * The mark as its own chunk, with the handwriting font: the client's page shows one only once
 * signed, so its first load does not carry it (QUALITY P8). Preloadable: the client's page,
 * rendered on the server once signed, loads it before hydrating.
 */
const SignatureMarkView = preloadable('SignatureMarkView', () =>
  withLaterWords(import('@/components/signature/signature-mark-view')).then((m) => m.SignatureMarkView),
);

/** Loads the marks' chunk: before hydrating a page whose signature blocks show marks. */
export const loadSignatureMarkView = SignatureMarkView.preload;

function SignatureBox({ signer }: { signer: TSigner }) {
  const { i18n } = useLingui();
  const { label, name, role, accepted, mark } = signer;
  return (
    <div className="rounded-lg border p-5 break-inside-avoid" data-signer>
      <p className="text-(--dv-accent) text-xs font-semibold tracking-wide uppercase">{label}</p>
      {accepted ? (
        <p className="bg-muted/60 mt-3 rounded-md px-3 py-2 text-sm" data-accepted>
          {mark ? (
            <Suspense fallback={<span className="block h-10" />}>
              <SignatureMarkView mark={mark} signerName={name} className="mb-1" />
            </Suspense>
          ) : null}
          <span className="block font-semibold">{accepted.by}</span>
          <span className="block">{accepted.on}</span>
          <span className="text-muted-foreground block text-xs">
            {i18n._('Electronic signature: see the certificate of acceptance.')}
          </span>
        </p>
      ) : (
        <>
          <div aria-hidden="true" className="mt-12 border-b border-dashed border-(--foreground)/40" />
          <p className="text-muted-foreground mt-1.5 text-xs">{i18n._('Signature')}</p>
        </>
      )}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {name ? (
          <>
            <dt className="text-muted-foreground">{i18n._('Name')}</dt>
            <dd>{name}</dd>
          </>
        ) : null}
        {role ? (
          <>
            <dt className="text-muted-foreground">{i18n._('Role')}</dt>
            <dd>{role}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{i18n._('Date')}</dt>
        {accepted ? <dd>{accepted.date}</dd> : <dd className="border-b border-dashed border-(--foreground)/30" />}
      </dl>
    </div>
  );
}

export function SignatureView({
  block,
  context,
  acceptance,
}: {
  block: TSignatureBlock;
  context: TDocumentContext;
  acceptance?: TDocumentAcceptance | null;
}) {
  const { i18n } = useLingui();
  const parties = signatureParties(i18n, block, context, acceptance);
  return (
    <section
      aria-label={i18n._('Signatures')}
      className="my-10 grid gap-6 break-inside-avoid @lg:grid-cols-2"
      data-block="signature"
    >
      <SignatureBox signer={parties.sender} />
      {parties.clients.map((signer, i) => (
        <SignatureBox key={i} signer={signer} />
      ))}
    </section>
  );
}
