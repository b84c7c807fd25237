import { useLingui } from '@lingui/react';
import { Copy } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { toast } from 'sonner';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { appI18n } from '@/lib/app-language';

/** A fieldset of checkboxes, each a code name (a scope, an event type) with what it means below. */
export function CodeChoices<T extends string>({
  legend,
  options,
  labels,
  chosen,
  onChange,
  error,
  columns = 1,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  chosen: readonly T[];
  onChange: (next: T[]) => void;
  error?: string;
  columns?: 1 | 2;
}) {
  const legendId = useId();
  return (
    <fieldset aria-labelledby={legendId} aria-describedby={error ? `${legendId}-error` : undefined}>
      <legend id={legendId} className="mb-2 text-sm font-medium">
        {legend}
      </legend>
      <div className={columns === 2 ? 'grid gap-2 sm:grid-cols-2' : 'grid gap-2'}>
        {options.map((option) => (
          <div key={option} className="flex items-start gap-2.5 text-sm">
            <Checkbox
              id={`${legendId}-${option}`}
              className="mt-0.5"
              checked={chosen.includes(option)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, option] : chosen.filter((o) => o !== option))}
            />
            <label htmlFor={`${legendId}-${option}`}>
              <code className="font-mono text-xs">{option}</code>
              <span className="text-muted-foreground block">{labels[option]}</span>
            </label>
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${legendId}-error`} role="alert" className="text-destructive mt-2 text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A secret shown this once in a dialog (an API key, a signing secret), with Copy and Done. */
export function ShownOnce({
  value,
  title,
  description,
  label,
  noun,
  onDone,
}: {
  value: string;
  title: string;
  description: ReactNode;
  /** The field's label: "Your new API key". */
  label: string;
  /** What it is, for the buttons and toasts: an API key or a signing secret. */
  noun: 'key' | 'secret';
  onDone: () => void;
}) {
  const { i18n } = useLingui();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      const i18n = appI18n();
      toast.success(noun === 'key' ? i18n._('Key copied') : i18n._('Secret copied'));
    } catch {
      const i18n = appI18n();
      toast.error(i18n._('Could not copy'), {
        description:
          noun === 'key'
            ? i18n._('Select the key and copy it by hand.')
            : i18n._('Select the secret and copy it by hand.'),
      });
    }
  };
  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <FormField label={label}>
        <Input readOnly value={value} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" /> {noun === 'key' ? i18n._('Copy key') : i18n._('Copy secret')}
        </Button>
        <Button type="button" onClick={onDone}>
          {i18n._('Done')}
        </Button>
      </DialogFooter>
    </div>
  );
}
