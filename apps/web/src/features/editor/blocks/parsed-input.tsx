import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type TParse<T> = { ok: true; value: T } | { ok: false; message: string };

export type TParsedInputProps<T> = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'id'> & {
  value: T;
  /**
   * Shown (small, above the field) unless `labelClassName` hides it. One whole message whose part
   * for screen readers only is marked up, e.g. "Quantity<0> for line 2</0>" with an sr-only span.
   */
  label: ReactNode;
  labelClassName?: string;
  format: (value: T) => string;
  parse: (text: string) => TParse<T>;
  /** Cross-field rules (the schema's): the message when `value` cannot be committed, else null. */
  validate?: (value: T) => string | null;
  onCommit: (value: T) => void;
  adornment?: ReactNode;
  wrapperClassName?: string;
  errorClassName?: string;
};

/**
 * A text field for a number stored in another form (thousandths, minor units, basis points). It
 * keeps what the person types, commits every valid value as they type, shows why a value is not
 * valid, and shows the stored value again in its canonical form on blur.
 */
export function ParsedInput<T>({
  value,
  label,
  labelClassName,
  format,
  parse,
  validate,
  onCommit,
  adornment,
  className,
  wrapperClassName,
  errorClassName,
  onBlur,
  onFocus,
  ...props
}: TParsedInputProps<T>) {
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState(() => format(value));
  const [shown, setShown] = useState(value);
  const [focused, setFocused] = useState(false);

  // The stored value changed (undo, another field, a collaborator): show it unless the person is typing here.
  if (!Object.is(shown, value)) {
    setShown(value);
    if (!focused) setText(format(value));
  }

  const parsed = parse(text);
  const error = parsed.ok
    ? Object.is(parsed.value, value)
      ? null
      : (validate?.(parsed.value) ?? null)
    : parsed.message;

  function commitText(next: string): void {
    const result = parse(next);
    if (!result.ok || Object.is(result.value, value)) return;
    if (validate?.(result.value)) return;
    onCommit(result.value);
  }

  return (
    <div className={cn('grid grid-cols-1 gap-1', wrapperClassName)}>
      <label htmlFor={id} className={cn('text-muted-foreground text-xs font-medium', labelClassName)}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'border-input bg-card placeholder:text-muted-foreground focus-visible:ring-ring flex h-9 w-full rounded-md border px-2 py-1 text-sm tabular-nums shadow-xs outline-none focus-visible:ring-2 disabled:opacity-60 aria-invalid:border-destructive',
            adornment ? (String(adornment).length > 1 ? 'pr-11' : 'pr-6') : null,
            className,
          )}
          value={text}
          onFocus={(event) => {
            setFocused(true);
            onFocus?.(event);
          }}
          onChange={(event) => {
            setText(event.target.value);
            commitText(event.target.value);
          }}
          onBlur={(event) => {
            setFocused(false);
            const result = parse(text);
            if (result.ok && !validate?.(result.value)) {
              commitText(text);
              setText(format(result.value));
            }
            onBlur?.(event);
          }}
          {...props}
        />
        {adornment ? (
          <span
            aria-hidden="true"
            className="text-muted-foreground pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 text-xs"
          >
            {adornment}
          </span>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className={cn('text-destructive text-xs', errorClassName)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
