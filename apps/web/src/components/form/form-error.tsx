import { useLingui } from '@lingui/react';
import { translated } from '@/lib/translated';

/**
 * A form-level error (not tied to one field), announced to screen readers, in the reader's
 * language when it is a schema's or the server's message (lib/translated.ts).
 */
export function FormError({ message }: { message: string | undefined }) {
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <p
      role="alert"
      className="border-destructive/40 bg-destructive/10 text-destructive rounded-md border px-3 py-2 text-sm"
    >
      {translated(i18n, message)}
    </p>
  );
}
