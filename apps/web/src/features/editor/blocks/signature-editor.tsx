import type { TSignatureBlock } from '@draftwell/shared/document';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { Trans, useLingui } from '@lingui/react';
import { PenLine } from 'lucide-react';
import { useId, type ReactNode } from 'react';
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

type TSideWords = {
  side: TSide;
  heading: string;
  fallback: string;
  rolePlaceholder: string;
  /** The field labels, with the part only screen readers read marked up. */
  labelLabel: ReactNode;
  roleLabel: ReactNode;
};

const srOnly = { 0: <span className="sr-only" /> };

const sides = (i18n: I18n): TSideWords[] => [
  {
    side: 'sender',
    heading: i18n._('Your side'),
    fallback: i18n._('Sender'),
    rolePlaceholder: i18n._('Founder, Studio North'),
    labelLabel: <Trans id="Label<0> for the sender signature</0>" components={srOnly} />,
    roleLabel: <Trans id="Role (optional)<0> for the sender signature</0>" components={srOnly} />,
  },
  {
    side: 'client',
    heading: i18n._('Client side'),
    fallback: i18n._('Client'),
    rolePlaceholder: i18n._('Head of Marketing'),
    labelLabel: <Trans id="Label<0> for the client signature</0>" components={srOnly} />,
    roleLabel: <Trans id="Role (optional)<0> for the client signature</0>" components={srOnly} />,
  },
];

/** An empty text is left out, so the renderer's default ("Client", "Sender") applies. */
function withText(signer: TSigner | undefined, key: keyof TSigner, text: string): TSigner {
  const { [key]: _old, ...rest } = signer ?? {};
  return text ? { ...rest, [key]: cutText(text, 100) } : rest;
}

/** The two signers' label and role, with a preview of the signature boxes the client will see. */
export function SignatureEditor({ value, onChange, editable }: TSignatureEditorProps) {
  const { i18n } = useLingui();
  const id = useId();
  const words = sides(i18n);
  return (
    <section aria-labelledby={`${id}-heading`} className="draft-block bg-card text-card-foreground rounded-lg border">
      <h3 id={`${id}-heading`} className="flex items-center gap-2 border-b px-4 py-3 text-base font-semibold">
        <PenLine aria-hidden="true" className="text-muted-foreground size-4" />
        {i18n._('Signatures')}
      </h3>
      {editable ? (
        <div className="grid gap-4 border-b p-4 sm:grid-cols-2">
          {words.map(({ side, heading, fallback, rolePlaceholder, labelLabel, roleLabel }) => (
            <fieldset key={side} className="grid gap-3">
              <legend className="mb-1 text-sm font-medium">{heading}</legend>
              <div className="grid gap-1">
                <label htmlFor={`${id}-${side}-label`} className="text-muted-foreground text-xs font-medium">
                  {labelLabel}
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
                  {roleLabel}
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
      <div className="grid gap-4 p-4 sm:grid-cols-2" aria-label={i18n._('Signature preview')} role="group">
        {words.map(({ side, fallback }) => (
          <div key={side} className="bg-background rounded-md border border-dashed p-4">
            <p className="font-medium">{value[side]?.label || fallback}</p>
            {value[side]?.role ? <p className="text-muted-foreground text-sm">{value[side]?.role}</p> : null}
            <div aria-hidden="true" className="border-foreground/40 mt-10 border-b" />
            <div className="text-muted-foreground mt-1 flex justify-between text-xs">
              <span>{i18n._('Signature')}</span>
              <span>{i18n._('Date')}</span>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
