import { Trans, useLingui } from '@lingui/react';
import { Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TPricingTotals } from '@draftwell/shared/document/pricing';
import type { TDocument, TPricingSelection } from '@draftwell/shared/document/schema';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { consentText } from '@draftwell/shared/share/revision';
import { offeredMethods, type TSignatureMethod } from '@draftwell/shared/share/signature-rules';
import type { TSharedSigning, TSignatureMarkData } from '@draftwell/shared/share/signing';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { LazySignatureInput } from '@/components/signature/lazy-signature';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/http';
import { useAcceptProposal } from '../api/accept-proposal';
import { useShareLanguage } from '../language/share-language';
import { errorMessage } from '../utils/share-error';
import { completeSelection } from '../utils/selection';
import { firstClientSigner, nameList, othersAwaiting } from '../utils/signing';
import { hasErrors, validateAccept, type TAcceptFields, type TFieldErrors } from '../utils/validate';
import { ChosenOptions, TotalsRows } from './chosen-summary';
import { EmailCodeStep, type TCodeSent } from './email-code-step';
import { loadCertificate } from './lazy-certificate';
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
  signing: TSharedSigning;
  /** Dates and times as the document writes them. */
  locale: string;
  onDecline: () => void;
};

type TSignFields = TAcceptFields | 'mark' | 'code';
/** In the order the form shows them: the first with a message takes the focus. */
const FIELD_KEYS: readonly TSignFields[] = ['name', 'email', 'mark', 'code', 'consent'];

/** The server's answer as messages: beside a field where it names one, else for the whole form. */
function serverErrors(i18n: I18n, error: Error): { fields: TFieldErrors<TSignFields>; form?: string } {
  if (!(error instanceof ApiError)) return { fields: {}, form: i18n._('Something went wrong. Try again.') };
  const fields: TFieldErrors<TSignFields> = {};
  for (const key of FIELD_KEYS) if (error.fields[key]) fields[key] = error.fields[key];
  if (error.status === 409) {
    return {
      fields,
      form: error.fields.revisionHash
        ? i18n._('{reason} The page now shows the newest version.', { reason: error.message })
        : i18n._('{reason} The page now shows where it stands.', { reason: error.message }),
    };
  }
  return { fields, form: hasErrors(fields) ? undefined : errorMessage(i18n, error) };
}

function without(errors: TFieldErrors<TSignFields>, key: TSignFields): TFieldErrors<TSignFields> {
  if (!errors[key]) return errors;
  const { [key]: _gone, ...rest } = errors;
  return rest;
}

/**
 * Moves the focus to a field by its `data-field`: the control itself; for the signature, the
 * chosen way's own field, else its tab, else the signature box as a whole.
 */
function focusField(form: HTMLFormElement, key: TSignFields) {
  const field = form.querySelector<HTMLElement>(`[data-field="${key}"]`);
  if (!field) return;
  const control = field.matches('input, button')
    ? field
    : (field.querySelector<HTMLElement>('input') ??
      field.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ??
      field);
  control.focus();
}

/** The signature input (its code and handwriting font are a chunk of their own, fetched with this form's). */
function SignatureSlot(props: {
  signerName: string;
  methods: TSharedSigning['methods'];
  onChange: (mark: TSignatureMarkData | null) => void;
  onMethodChange: (method: TSignatureMethod) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <div data-field="mark" tabIndex={-1} className="min-w-0 outline-none">
      <Suspense
        fallback={
          <div role="status" aria-label={i18n._('Loading the signature box')} className="grid gap-3">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-10 w-full max-w-xs" />
            <Skeleton className="h-40 w-full" />
          </div>
        }
      >
        <LazySignatureInput
          signerName={props.signerName}
          allowed={props.methods}
          onChange={props.onChange}
          onMethodChange={props.onMethodChange}
          error={props.error}
          disabled={props.disabled}
        />
      </Suspense>
    </div>
  );
}

/**
 * Signing as the link's signer: their name (prefilled), the address the link was sent to (the
 * server takes no other), their signature typed, drawn or uploaded as the proposal allows, the
 * email code when it asks for one, and the consent statement in full, worded for the way they sign
 * (the one the server records from the mark it receives), with a box to tick. Sends the
 * revision read and the choices; the certificate follows the last signature, or the page says
 * whom the round still waits for.
 */
export function AcceptSection(props: TProps) {
  const { token, revisionNumber, revisionHash, document, selection, totals, currency, signing } = props;
  const { i18n } = useLingui();
  // The language the signer reads the page in: the statement they agree to is recorded in it.
  const { language } = useShareLanguage();
  const accept = useAcceptProposal(token);
  const [name, setName] = useState(signing.you.name);
  const [consent, setConsent] = useState(false);
  const [mark, setMark] = useState<TSignatureMarkData | null>(null);
  const [method, setMethod] = useState<TSignatureMethod>(() => offeredMethods(signing.methods)[0]!);
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState<TCodeSent | null>(null);
  const [errors, setErrors] = useState<TFieldErrors<TSignFields>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const consentId = useId();
  const consentTextId = `${consentId}-text`;
  const consentErrorId = `${consentId}-error`;
  const email = signing.you.email;

  const others = othersAwaiting(i18n, signing);
  const last = others.length === 0;
  const first = signing.fixedSelection ? firstClientSigner(signing) : null;

  const changeMark = useCallback((next: TSignatureMarkData | null) => {
    setMark(next);
    // A message about an earlier mark no longer holds once it changed.
    setErrors((current) => without(current, 'mark'));
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setFormError(undefined);
    const found: TFieldErrors<TSignFields> = validateAccept(i18n, { name, email, consent });
    if (!mark) {
      found.mark = i18n._('Add your signature above: type your name, draw it or upload an image of it, as offered.');
    }
    if (signing.emailCode) {
      if (!codeSent) {
        found.code = i18n._('Ask for a code with “Email me a code”, then type the 6 digits from the email.');
      } else if (!/^\d{6}$/.test(code)) found.code = i18n._('Type the 6-digit code from the email.');
    }
    setErrors(found);
    if (hasErrors(found)) {
      const firstKey = FIELD_KEYS.find((key) => found[key]);
      if (firstKey) focusField(form, firstKey);
      return;
    }
    if (totals === null) {
      setFormError(i18n._('Some of your choices are not valid yet. Check the quantities marked in the pricing above.'));
      return;
    }
    // The certificate may follow: have its code ready by then.
    if (last) void loadCertificate();
    accept.mutate(
      {
        name: name.trim(),
        email,
        consent: true,
        revisionHash,
        selection: completeSelection(document, selection),
        mark: mark!,
        ...(signing.emailCode ? { code } : {}),
        language,
      },
      {
        onError: (error) => {
          const { fields, form: message } = serverErrors(i18n, error);
          setErrors(fields);
          setFormError(message);
          const firstKey = FIELD_KEYS.find((key) => fields[key]);
          if (firstKey) focusField(form, firstKey);
        },
      },
    );
  };

  // Followed "Review and sign" before this part was loaded: the signers' list came in above the
  // place the page jumped to, so the form is brought back into view.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (window.location.hash === '#accept') section.current?.scrollIntoView({ block: 'start' });
  }, []);

  const busy = accept.isPending;
  return (
    <section
      ref={section}
      id="accept"
      aria-labelledby="accept-title"
      className="bg-card scroll-mt-6 rounded-lg border print:hidden"
    >
      <div className="border-b p-5 sm:p-8">
        <h2 id="accept-title" className="text-xl font-semibold tracking-tight">
          {i18n._('Sign this proposal')}
        </h2>
        <p className="text-muted-foreground mt-2 text-sm">
          {last
            ? i18n._(
                'Your signature accepts the proposal. You will get a certificate of acceptance right away, and a copy by email.',
              )
            : i18n._(
                'After you sign, the proposal still waits for {names}. Everyone gets the certificate of acceptance by email once the last signature is in.',
                { names: nameList(i18n, others) },
              )}
        </p>
      </div>

      <div className="grid gap-6 border-b p-5 sm:grid-cols-2 sm:p-8">
        <div>
          <h3 className="text-sm font-semibold">
            {signing.fixedSelection ? i18n._('The choices') : i18n._('Your choices')}
          </h3>
          {signing.fixedSelection ? (
            <p className="text-muted-foreground mt-1 text-sm">
              {first
                ? i18n._('Chosen by the first signer, {name}. They hold for everyone who signs.', { name: first.name })
                : i18n._('Chosen by the first signer. They hold for everyone who signs.')}
            </p>
          ) : null}
          <div className="mt-2">
            <ChosenOptions document={document} selection={selection} />
          </div>
        </div>
        <div>
          <h3 className="text-sm font-semibold">{i18n._('What you are signing')}</h3>
          <div className="mt-2" aria-live="polite">
            {totals ? (
              <TotalsRows totals={totals} currency={currency} />
            ) : (
              <p className="text-destructive text-sm">{i18n._('Check the quantities marked in the pricing above.')}</p>
            )}
          </div>
          <p className="text-muted-foreground mt-2 text-xs">
            {i18n._('Revision {number} of this proposal.', { number: revisionNumber })}
          </p>
        </div>
      </div>

      <form noValidate onSubmit={submit} aria-label={i18n._('Sign the proposal')} className="grid gap-6 p-5 sm:p-8">
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={i18n._('Full name')} error={errors.name}>
            <Input
              data-field="name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={200}
              disabled={busy}
            />
          </FormField>
          <FormField
            label={i18n._('Email')}
            error={errors.email}
            hint={i18n._('The address this link was sent to: only it can sign here.')}
          >
            <Input data-field="email" type="email" value={email} readOnly className="bg-muted/60" />
          </FormField>
        </div>

        <SignatureSlot
          signerName={name}
          methods={signing.methods}
          onChange={changeMark}
          onMethodChange={setMethod}
          error={errors.mark}
          disabled={busy}
        />

        {signing.emailCode ? (
          <EmailCodeStep
            token={token}
            code={code}
            onCodeChange={(next) => {
              setCode(next);
              setErrors((current) => without(current, 'code'));
            }}
            sent={codeSent}
            onSent={setCodeSent}
            error={errors.code}
            locale={props.locale}
            disabled={busy}
          />
        ) : null}

        <div className="grid gap-3">
          <p className="text-sm font-medium">{i18n._('Statement you agree to')}</p>
          <p id={consentTextId} className="bg-muted/60 rounded-md border p-4 text-sm leading-relaxed">
            {consentText(i18n, method)}
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
              {i18n._('I agree to the statement above and sign this proposal.')}
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
            <Trans
              id="Not going ahead? <0>Decline this proposal</0>"
              components={{
                0: (
                  <button
                    type="button"
                    onClick={props.onDecline}
                    className="text-foreground font-medium underline underline-offset-2"
                  />
                ),
              }}
            />
          </p>
          <Button type="submit" size="lg" disabled={busy} className={ACCENT_BUTTON}>
            {busy ? i18n._('Signing…') : last ? i18n._('Sign and accept') : i18n._('Sign')}
          </Button>
        </div>
      </form>
    </section>
  );
}
