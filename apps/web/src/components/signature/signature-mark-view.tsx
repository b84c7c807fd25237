import { useLingui } from '@lingui/react';
import type { TSignatureMark } from '@draftwell/shared/share/signature';
import { cn } from '@/lib/cn';
import { HANDWRITING } from './signature-font';

/**
 * The space a mark takes: an image is fitted inside a box of this size whatever its shape (a
 * signature can be 2,000 pixels wide or ten times taller than wide), never enlarged (as in the
 * PDF), so it never runs into the text around it; a typed name takes the lines it needs.
 */
const SIZES = {
  md: { box: 'h-20 max-w-xs', typed: 'text-3xl' },
  sm: { box: 'h-12 max-w-56', typed: 'text-2xl' },
} as const;

/**
 * A stored mark where a signature is shown (the signature block, the certificate): a typed name in
 * the handwriting font, in the text's own colour; a drawn or uploaded image as it was made, dark
 * ink on transparency or a white photo, so in the dark theme it sits on a white card to stay
 * legible. `signerName` names the image for screen readers; `className` places the mark.
 */
export function SignatureMarkView({
  mark,
  signerName,
  size = 'md',
  className,
}: {
  mark: TSignatureMark;
  signerName?: string;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const { i18n } = useLingui();
  if (mark.kind === 'typed') {
    return (
      <span
        data-signature-mark="typed"
        className={cn(HANDWRITING, 'block leading-tight wrap-anywhere', SIZES[size].typed, className)}
      >
        {mark.text}
      </span>
    );
  }
  const who = signerName?.trim();
  return (
    <span
      data-signature-mark={mark.kind}
      className={cn('flex w-full dark:rounded-sm dark:bg-white dark:p-1', SIZES[size].box, className)}
    >
      <img
        src={mark.image}
        alt={who ? i18n._('Signature of {name}', { name: who }) : i18n._('Signature')}
        className="block size-full object-scale-down object-left-bottom"
      />
    </span>
  );
}
