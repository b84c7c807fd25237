import { useLingui } from '@lingui/react';
import { useId, type ReactElement, cloneElement } from 'react';
import { Label } from '@/components/ui/input';
import { translated } from '@/lib/translated';

/**
 * A label, one control and the message beside it; the control gets the ids that tie them
 * together for screen readers (aria-describedby, aria-invalid). The message, a schema's (the
 * form's check or the server's 400) or the screen's own, is shown in the reader's language
 * (lib/translated.ts).
 */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The hint gives way to the message: only what is shown is named.
  const describedBy = [hint && !error ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-destructive text-sm" role="alert">
          {translated(i18n, error)}
        </p>
      ) : null}
    </div>
  );
}
