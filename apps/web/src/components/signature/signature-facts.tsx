import { useLingui } from '@lingui/react';
import { Fragment } from 'react';
import { signatureFacts, type TEvidenceFact } from '@draftwell/shared/document/display';
import type { TSignatureEvidence } from '@draftwell/shared/share/signing';
import { cn } from '@/lib/cn';

/**
 * A line's value as its kind sets it: an address, a browser or a hash in a fixed-width face,
 * wrapped between its words where it can (a browser's name reads as words) and inside them where
 * it must (a hash); a statement quoted.
 */
function FactValue({ fact }: { fact: TEvidenceFact }) {
  if (fact.kind === 'time') return <time dateTime={fact.at}>{fact.value}</time>;
  if (fact.kind === 'code') return <span className="font-mono text-[0.8125rem] wrap-anywhere">{fact.value}</span>;
  if (fact.kind === 'quote') return <blockquote className="border-s-2 ps-3">{fact.value}</blockquote>;
  return <span className="wrap-anywhere">{fact.value}</span>;
}

/**
 * One signature's own evidence, in the certificate's words (the PDF writes the same lines): when,
 * from which address and browser, how the address was shown to be theirs, and the statement they
 * agreed to with its hash.
 */
export function SignatureFacts({
  signature,
  locale,
  className,
}: {
  signature: TSignatureEvidence;
  /** The accepted revision's document locale: the time reads as the PDF's does. */
  locale: string;
  className?: string;
}) {
  const { i18n } = useLingui();
  return (
    <dl className={cn('grid gap-x-4 gap-y-1 sm:grid-cols-[11rem_minmax(0,1fr)]', className)}>
      {signatureFacts(i18n, signature, locale).map((fact) => (
        <Fragment key={fact.term}>
          <dt className="text-muted-foreground">{fact.term}</dt>
          {/* On a phone each term sits above its value: a little space closes the pair. */}
          <dd className="min-w-0 pb-1.5 sm:pb-0">
            <FactValue fact={fact} />
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
