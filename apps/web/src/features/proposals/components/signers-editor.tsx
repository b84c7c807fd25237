import { useLingui } from '@lingui/react';
import {
  SIGNATURE_METHODS,
  signatureMethodLabel,
  type TSignatureMethod,
} from '@draftwell/shared/share/signature-rules';
import {
  MAX_SIGNERS,
  type TCountersignMode,
  type TSignerContact,
  type TSigningOrder,
} from '@draftwell/shared/share/signing';
import { consentText } from '@draftwell/shared/share/revision';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Label } from '@/components/ui/input';

/** What the send dialog asks about signing, beyond the message. */
export type TSignersDraft = {
  signers: TSignerContact[];
  order: TSigningOrder;
  countersign: TCountersignMode;
  emailCode: boolean;
  methods: TSignatureMethod[];
  /** The owner's name when they sign before sending. */
  ownerName: string;
  ownerConsent: boolean;
};

const EMPTY_SIGNER: TSignerContact = { name: '', email: '', role: '' };

/** A field's server message, as `signers.1.email` or `signing.order`. */
type TFieldErrors = Record<string, string>;

function SignerFields({
  index,
  signer,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  signer: TSignerContact;
  count: number;
  errors: TFieldErrors;
  onChange: (next: TSignerContact) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const number = index + 1;
  const label = i18n._('Signer {number}', { number });
  const error = (field: string) => errors[`signers.${index}.${field}`];
  return (
    <fieldset className="grid gap-2 rounded-md border p-3">
      <legend className="sr-only">{label}</legend>
      <div className="flex items-center justify-between gap-2">
        <span aria-hidden="true" className="text-sm font-medium">
          {label}
        </span>
        <div className="flex gap-1">
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-8"
            aria-label={i18n._('Move Signer {number} up', { number })}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-8"
            aria-label={i18n._('Move Signer {number} down', { number })}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-8"
            aria-label={i18n._('Remove Signer {number}', { number })}
            disabled={count === 1}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-name`} className="text-xs">
            {i18n._('Name')}
          </Label>
          <Input
            id={`${id}-name`}
            value={signer.name}
            autoComplete="off"
            onChange={(e) => onChange({ ...signer, name: e.target.value })}
            aria-invalid={!!error('name')}
          />
          {error('name') ? <p className="text-destructive text-xs">{error('name')}</p> : null}
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-email`} className="text-xs">
            {i18n._('Email')}
          </Label>
          <Input
            id={`${id}-email`}
            type="email"
            value={signer.email}
            autoComplete="off"
            onChange={(e) => onChange({ ...signer, email: e.target.value })}
            aria-invalid={!!error('email')}
          />
          {error('email') ? <p className="text-destructive text-xs">{error('email')}</p> : null}
        </div>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-role`} className="text-xs">
          {i18n._('Role (optional)')}
        </Label>
        <Input
          id={`${id}-role`}
          value={signer.role}
          placeholder={i18n._('Client — CFO')}
          onChange={(e) => onChange({ ...signer, role: e.target.value })}
        />
      </div>
    </fieldset>
  );
}

/**
 * Who signs and how: the signers in order (each gets their own link), all at once or in turn, the
 * owner's countersignature before or after, an email code, and the ways to sign.
 */
export function SignersEditor({
  draft,
  errors,
  onChange,
}: {
  draft: TSignersDraft;
  errors: TFieldErrors;
  onChange: (next: TSignersDraft) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const set = (patch: Partial<TSignersDraft>) => onChange({ ...draft, ...patch });
  const setSigner = (index: number, next: TSignerContact) =>
    set({ signers: draft.signers.map((s, i) => (i === index ? next : s)) });
  const move = (index: number, by: -1 | 1) => {
    const next = [...draft.signers];
    const [taken] = next.splice(index, 1);
    next.splice(index + by, 0, taken!);
    set({ signers: next });
  };
  const listError = errors.signers;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <ol aria-label={i18n._('Signers')} className="grid gap-2">
          {draft.signers.map((signer, i) => (
            <li key={i}>
              <SignerFields
                index={i}
                signer={signer}
                count={draft.signers.length}
                errors={errors}
                onChange={(next) => setSigner(i, next)}
                onMove={(by) => move(i, by)}
                onRemove={() => set({ signers: draft.signers.filter((_, j) => j !== i) })}
              />
            </li>
          ))}
        </ol>
        {listError ? <p className="text-destructive text-sm">{listError}</p> : null}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={draft.signers.length >= MAX_SIGNERS}
          onClick={() => set({ signers: [...draft.signers, { ...EMPTY_SIGNER }] })}
        >
          <Plus aria-hidden="true" /> {i18n._('Add a signer')}
        </Button>
      </div>

      {draft.signers.length > 1 ? (
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-medium">{i18n._('Signing order')}</legend>
          {(
            [
              ['parallel', i18n._('All at once: everyone gets their link now')],
              ['sequential', i18n._('In order: the next signer is emailed when the previous one signs')],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-order`}
                value={value}
                checked={draft.order === value}
                onChange={() => set({ order: value })}
                className="accent-primary mt-1"
              />
              {text}
            </label>
          ))}
        </fieldset>
      ) : null}

      <fieldset className="grid gap-1.5">
        <legend className="mb-1 text-sm font-medium">{i18n._('Your countersignature')}</legend>
        {(
          [
            ['none', i18n._('None')],
            ['after', i18n._('After the client: I sign last, in the app')],
            ['before', i18n._('Before sending: I sign now')],
          ] as const
        ).map(([value, text]) => (
          <label key={value} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-countersign`}
              value={value}
              checked={draft.countersign === value}
              onChange={() => set({ countersign: value })}
              className="accent-primary mt-1"
            />
            {text}
          </label>
        ))}
        {draft.countersign === 'before' ? (
          <div className="mt-1 grid gap-2 rounded-md border p-3">
            <Label htmlFor={`${id}-owner-name`} className="text-xs">
              {i18n._('Your full name, as your signature')}
            </Label>
            <Input
              id={`${id}-owner-name`}
              value={draft.ownerName}
              autoComplete="name"
              onChange={(e) => set({ ownerName: e.target.value })}
              aria-invalid={!!errors['ownerSignature.name'] || !!errors.ownerSignature}
            />
            <label htmlFor={`${id}-consent`} className="flex items-start gap-2 text-xs leading-snug">
              <Checkbox
                id={`${id}-consent`}
                checked={draft.ownerConsent}
                onChange={(e) => set({ ownerConsent: e.target.checked })}
                className="mt-0.5"
              />
              {/* Signing as they send is typing their name. The statement is in the app's language,
                  which the send request names: the server records and hashes this very text
                  (sending.service.ts), so what the owner agrees to is what the evidence says. */}
              {consentText(i18n, 'typed')}
            </label>
            {errors.ownerSignature || errors['ownerSignature.name'] || errors['ownerSignature.consent'] ? (
              <p className="text-destructive text-xs">
                {errors.ownerSignature ?? errors['ownerSignature.name'] ?? errors['ownerSignature.consent']}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-1.5">
        <legend className="mb-1 text-sm font-medium">{i18n._('How signers sign')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1.5">
          {SIGNATURE_METHODS.map((method) => (
            <label key={method} htmlFor={`${id}-${method}`} className="flex items-center gap-2 text-sm">
              <Checkbox
                id={`${id}-${method}`}
                checked={draft.methods.includes(method)}
                disabled={draft.methods.length === 1 && draft.methods.includes(method)}
                onChange={(e) =>
                  set({
                    methods: e.target.checked
                      ? SIGNATURE_METHODS.filter((m) => m === method || draft.methods.includes(m))
                      : draft.methods.filter((m) => m !== method),
                  })
                }
              />
              {signatureMethodLabel(i18n, method)}
            </label>
          ))}
        </div>
        <label htmlFor={`${id}-code`} className="mt-1 flex items-start gap-2 text-sm">
          <Checkbox
            id={`${id}-code`}
            checked={draft.emailCode}
            onChange={(e) => set({ emailCode: e.target.checked })}
            className="mt-0.5"
          />
          {i18n._('Ask each signer for a code sent to their email before they sign')}
        </label>
      </fieldset>
    </div>
  );
}
