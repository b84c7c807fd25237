import type { TPricingTable } from '@draftwell/shared/document';
import { useLingui } from '@lingui/react';
import { cn } from '@/lib/cn';

/** Line items or packages: a two-way switch of radio buttons. */
export function PricingKindSwitch({
  name,
  kind,
  onChange,
}: {
  name: string;
  kind: TPricingTable['kind'];
  onChange: (kind: TPricingTable['kind']) => void;
}) {
  const { i18n } = useLingui();
  const options: { kind: TPricingTable['kind']; label: string }[] = [
    { kind: 'lines', label: i18n._('Line items') },
    { kind: 'choice', label: i18n._('Packages (client picks one)') },
  ];
  return (
    <fieldset className="bg-muted grid w-full grid-cols-2 rounded-md p-1 sm:inline-grid sm:w-auto">
      <legend className="sr-only">{i18n._('Table type')}</legend>
      {options.map((option) => (
        <label
          key={option.kind}
          className={cn(
            'has-focus-visible:ring-ring relative cursor-pointer rounded px-3 py-1.5 text-center text-sm font-medium has-focus-visible:ring-2',
            kind === option.kind ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          <input
            type="radio"
            name={name}
            className="absolute inset-0 cursor-pointer opacity-0"
            checked={kind === option.kind}
            onChange={() => onChange(option.kind)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
