import type { TSignatureBlock } from '@draftwell/shared/document';
import { PenLine } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import './blocks.css';
import { cutText } from '@draftwell/shared/text';

export type TSignatureEditorProps = {
  value: TSignatureBlock;
  onChange: (next: TSignatureBlock) => void;
  editable: boolean;
};

type TSide = 'sender' | 'client';
type TSigner = NonNullable<TSignatureBlock['sender']>;

const SIDES: { side: TSide; heading: string; fallback: string; rolePlaceholder: string }[] = [
  { side: 'sender', heading: 'Your side', fallback: 'Sender', rolePlaceholder: 'Founder, Studio North' },
  { side: 'client', heading: 'Client side', fallback: 'Client', rolePlaceholder: 'Head of Marketing' },
];

/** An empty text is left out, so the renderer's default ("Client", "Sender") applies. */
function withText(signer: TSigner | undefined, key: keyof TSigner, text: string): TSigner {
  const { [key]: _old, ...rest } = signer ?? {};
  return text ? { ...rest, [key]: cutText(text, 100) } : rest;
}

/** The two signers' label and role, with a preview of the signature boxes the client will see. */
export function SignatureEditor({ value, onChange, editable }: TSignatureEditorProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="draft-block bg-card text-card-foreground rounded-lg border">
      <h3 id={`${id}-heading`} className="flex items-center gap-2 border-b px-4 py-3 text-base font-semibold">
        <PenLine aria-hidden="true" className="text-muted-foreground size-4" />
        Signatures
      </h3>
      {editable ? (
        <div className="grid gap-4 border-b p-4 sm:grid-cols-2">
          {SIDES.map(({ side, heading, fallback, rolePlaceholder }) => (
            <fieldset key={side} className="grid gap-3">
              <legend className="mb-1 text-sm font-medium">{heading}</legend>
              <div className="grid gap-1">
                <label htmlFor={`${id}-${side}-label`} className="text-muted-foreground text-xs font-medium">
                  Label<span className="sr-only"> for the {side} signature</span>
                </label>
                <Input
                  id={`${id}-${side}-label`}
                  className="h-9 px-2"
                  value={value[side]?.label ?? ''}
                  maxLength={100}
                  placeholder={fallback}
                  onChange={(event) =>
                    onChange({ ...value, [side]: withText(value[side], 'label', event.target.value) })
                  }
                />
              </div>
              <div className="grid gap-1">
                <label htmlFor={`${id}-${side}-role`} className="text-muted-foreground text-xs font-medium">
                  Role (optional)<span className="sr-only"> for the {side} signature</span>
                </label>
                <Input
                  id={`${id}-${side}-role`}
                  className="h-9 px-2"
                  value={value[side]?.role ?? ''}
                  maxLength={100}
                  placeholder={rolePlaceholder}
                  onChange={(event) =>
                    onChange({ ...value, [side]: withText(value[side], 'role', event.target.value) })
                  }
                />
              </div>
            </fieldset>
          ))}
        </div>
      ) : null}
      <div className="grid gap-4 p-4 sm:grid-cols-2" aria-label="Signature preview" role="group">
        {SIDES.map(({ side, fallback }) => (
          <div key={side} className="bg-background rounded-md border border-dashed p-4">
            <p className="font-medium">{value[side]?.label || fallback}</p>
            {value[side]?.role ? <p className="text-muted-foreground text-sm">{value[side]?.role}</p> : null}
            <div aria-hidden="true" className="border-foreground/40 mt-10 border-b" />
            <div className="text-muted-foreground mt-1 flex justify-between text-xs">
              <span>Signature</span>
              <span>Date</span>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
