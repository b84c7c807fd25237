import { useId, useState, type FormEvent } from 'react';
import type { TPricingTotals } from '@draftwell/shared/document/pricing';
import type { TDocument, TPricingSelection } from '@draftwell/shared/document/schema';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useAcceptProposal } from '../api/accept-proposal';
import { completeSelection } from '../utils/selection';
import { hasErrors, validateAccept, type TAcceptFields, type TFieldErrors } from '../utils/validate';
import { ChosenOptions, TotalsRows } from './chosen-summary';
import { loadCertificate } from './lazy-parts';
import { ACCENT_BUTTON } from './accent';

type TProps = {
  token: string;
  revisionNumber: number;
  revisionHash: string;
  document: TDocument;
  selection: TPricingSelection;
  /** With the client's choices; null while they do not add up (a quantity out of range). */
  totals: TPricingTotals | null;
  currency: string;
  consentText: string;
  onDecline: () => void;
};

const FIELD_KEYS: readonly TAcceptFields[] = ['name', 'email', 'consent'];

/** The server's answer as messages: beside a field where it names one, else for the whole form. */
function serverErrors(error: Error): { fields: TFieldErrors<TAcceptFields>; form?: string } {
  if (!(error instanceof ApiError)) return { fields: {}, form: 'Something went wrong. Try again.' };
  const fields: TFieldErrors<TAcceptFields> = {};
  for (const key of FIELD_KEYS) if (error.fields[key]) fields[key] = error.fields[key];
  if (error.status === 409) {
    return {
      fields,
      form: error.fields.revisionHash
        ? `${error.message} The page now shows the newest version.`
        : `${error.message} The page now shows where it stands.`,
    };
  }
  return { fields, form: hasErrors(fields) ? undefined : error.message };
}

/**
 * Acceptance as an electronic signature: full name, email, the consent text in full and a box
 * to tick. Sends the revision the client read and their choices; the certificate follows.
 */
export function AcceptSection(props: TProps) {
  const { token, revisionNumber, revisionHash, document, selection, totals, currency, consentText } = props;
  const accept = useAcceptProposal(token);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<TFieldErrors<TAcceptFields>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const consentId = useId();
  const consentTextId = `${consentId}-text`;
  const consentErrorId = `${consentId}-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    const found = validateAccept({ name, email, consent });
    setErrors(found);
    if (hasErrors(found)) {
      const first = FIELD_KEYS.find((key) => found[key]);
      event.currentTarget.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    if (totals === null) {
      setFormError('Some of your choices are not valid yet. Check the quantities marked in the pricing above.');
      return;
    }
    // The certificate follows a success: have its code ready by then.
    void loadCertificate();
    accept.mutate(
      {
        name: name.trim(),
        email: email.trim(),
        consent: true,
        revisionHash,
        selection: completeSelection(document, selection),
      },
      {
        onError: (error) => {
          const { fields, form } = serverErrors(error);
          setErrors(fields);
          setFormError(form);
        },
      },
    );
  };

  return (
    <section id="accept" aria-labelledby="accept-title" className="bg-card scroll-mt-6 rounded-lg border print:hidden">
      <div className="border-b p-5 sm:p-8">
        <h2 id="accept-title" className="text-xl font-semibold tracking-tight">
          Accept this proposal
        </h2>
        <p className="text-muted-foreground mt-2 text-sm">
          Typing your name and ticking the box below is your electronic signature. You will get a certificate of
          acceptance right away, and a copy by email.
        </p>
      </div>

      <div className="grid gap-6 border-b p-5 sm:grid-cols-2 sm:p-8">
        <div>
          <h3 className="text-sm font-semibold">Your choices</h3>
          <div className="mt-2">
            <ChosenOptions document={document} selection={selection} />
          </div>
        </div>
        <div>
          <h3 className="text-sm font-semibold">What you are accepting</h3>
          <div className="mt-2" aria-live="polite">
            {totals ? (
              <TotalsRows totals={totals} currency={currency} />
            ) : (
              <p className="text-destructive text-sm">Check the quantities marked in the pricing above.</p>
            )}
          </div>
          <p className="text-muted-foreground mt-2 text-xs">Revision {revisionNumber} of this proposal.</p>
        </div>
      </div>

      <form noValidate onSubmit={submit} aria-label="Accept the proposal" className="grid gap-5 p-5 sm:p-8">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Full name" error={errors.name}>
            <Input
              data-field="name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={200}
            />
          </FormField>
          <FormField label="Email" error={errors.email}>
            <Input
              data-field="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              maxLength={254}
            />
          </FormField>
        </div>

        <div className="grid gap-3">
          <p className="text-sm font-medium">Statement you agree to</p>
          <p id={consentTextId} className="bg-muted/60 rounded-md border p-4 text-sm leading-relaxed">
            {consentText}
          </p>
          <div className="flex items-start gap-3">
            <input
              id={consentId}
              data-field="consent"
              type="checkbox"
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
              aria-invalid={errors.consent ? true : undefined}
              aria-describedby={[consentTextId, errors.consent ? consentErrorId : null].filter(Boolean).join(' ')}
              className="mt-0.5 size-5 shrink-0 rounded accent-(--dv-accent)"
            />
            <label htmlFor={consentId} className="text-sm font-medium">
              I agree to the statement above and accept this proposal.
            </label>
          </div>
          {errors.consent ? (
            <p id={consentErrorId} role="alert" className="text-destructive text-sm">
              {errors.consent}
            </p>
          ) : null}
        </div>

        <FormError message={formError} />

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted-foreground text-sm">
            Not going ahead?{' '}
            <button
              type="button"
              onClick={props.onDecline}
              className="text-foreground font-medium underline underline-offset-2"
            >
              Decline this proposal
            </button>
          </p>
          <Button type="submit" size="lg" disabled={accept.isPending} className={ACCENT_BUTTON}>
            {accept.isPending ? 'Accepting…' : 'Accept proposal'}
          </Button>
        </div>
      </form>
    </section>
  );
}
