import type { TSignatureMark } from '@draftwell/shared/share/signature';
import { cn } from '@/lib/cn';
import { HANDWRITING } from './signature-font';

/**
 * A stored mark where a signature is shown (the signature block, the certificate): a typed name in
 * the handwriting font, in the text's own colour; a drawn or uploaded image as it was made, dark
 * ink on transparency or a white photo, so in the dark theme it sits on a white card to stay
 * legible. `signerName` names the image for screen readers.
 */
export function SignatureMarkView({
  mark,
  signerName,
  className,
}: {
  mark: TSignatureMark;
  signerName?: string;
  className?: string;
}) {
  if (mark.kind === 'typed') {
    return (
      <span
        data-signature-mark="typed"
        className={cn(HANDWRITING, 'block text-3xl leading-tight wrap-anywhere', className)}
      >
        {mark.text}
      </span>
    );
  }
  const who = signerName?.trim();
  return (
    <span
      data-signature-mark={mark.kind}
      className={cn('inline-block max-w-full dark:rounded-sm dark:bg-white dark:p-1', className)}
    >
      <img
        src={mark.image}
        alt={who ? `Signature of ${who}` : 'Signature'}
        className="block max-h-20 max-w-full object-contain"
      />
    </span>
  );
}
