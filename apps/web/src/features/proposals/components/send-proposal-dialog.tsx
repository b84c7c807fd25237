import { supportedLanguage } from '@draftwell/shared/i18n/languages';
import { useLingui } from '@lingui/react';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { SEND_CHECK_FIELDS } from '@draftwell/shared/share/share-api';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { BellRing, CircleAlert, Mail, RotateCw, Send, Users } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SIGNING } from '@draftwell/shared/share/signing';
import { NO_PAYMENT_TERMS, asksForPayment, describePaymentTerms } from '@draftwell/shared/payments';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  FollowUpFields,
  FollowUpUpgradeHint,
  checkFollowUpDraft,
  followUpDraftOf,
  sameFollowUp,
  type TFollowUpDraft,
} from '@/components/follow-up/follow-up-fields';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label, Textarea } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { ApiError, isPlanLimitError } from '@/lib/api-client';
import { api, unwrap } from '@/lib/api-client';
import { useProposalFollowUp, useSaveProposalFollowUp } from '@/lib/api/follow-up';
import { usePaymentSettings, useProposalPayment } from '@/lib/api/payments';
import { useProposalSigners } from '@/lib/api/signers';
import { useSendProposal } from '../api/send-proposal';
import { PaymentOption, paymentDraftOf, paymentTermsOf, type TPaymentDraft } from './payment-option';
import { PdfCharactersNote } from './pdf-characters-note';
import { SignersEditor, type TSignersDraft } from './signers-editor';

const MESSAGE_MAX = 2000;

/** What each send check's link says; the server's message says what is wrong. */
const fixLabels = (i18n: I18n): Record<string, string> => ({
  'client.email': i18n._('Add the client’s email'),
  document: i18n._('Write the proposal'),
  validUntil: i18n._('Set the valid-until date'),
  variables: i18n._('Fill in the variables'),
});

type TProblem = { field: string; message: string };

/** The 400's fields in the order the checks run, then any the server added since. */
function problemsOf(error: ApiError): TProblem[] {
  const known = SEND_CHECK_FIELDS.filter((f) => error.fields[f]).map((f) => ({ field: f, message: error.fields[f]! }));
  const other = Object.entries(error.fields)
    .filter(([f]) => !(SEND_CHECK_FIELDS as readonly string[]).includes(f))
    .map(([field, message]) => ({ field, message }));
  return [...known, ...other];
}

export type TSendableProposal = Pick<
  TProposal,
  'id' | 'title' | 'status' | 'client' | 'clientId' | 'signing' | 'currency' | 'totals'
>;

/**
 * Send, or send again: the client's address, an optional message, and, when the server says the
 * proposal is not ready, a checklist of what to fix with a link to each place in the editor.
 * `version` is read when Send is pressed, so the caller can flush its edits first.
 */
export function SendProposalDialog({
  proposal,
  getVersion,
  open,
  onOpenChange,
  onSent,
}: {
  proposal: TSendableProposal;
  getVersion: () => number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: (sent: TProposal) => void;
}) {
  const { i18n } = useLingui();
  const send = useSendProposal();
  const [message, setMessage] = useState('');
  // The owner's changes; until they make any, the draft below is what is offered.
  const [edited, setEdited] = useState<TSignersDraft | null>(null);
  const [editing, setEditing] = useState(false);
  const [paymentEdited, setPaymentEdited] = useState<TPaymentDraft | null>(null);
  const [paymentProblem, setPaymentProblem] = useState<string | null>(null);
  const previous = useProposalSigners(proposal.id, { enabled: open && proposal.status !== 'draft' });
  const payments = usePaymentSettings({ enabled: open });
  const lastPayment = useProposalPayment(proposal.id, { enabled: open });
  const lastTerms = lastPayment.data?.terms ?? NO_PAYMENT_TERMS;
  const paymentDraft = paymentEdited ?? paymentDraftOf(lastTerms, proposal.currency);
  const clientRecord = useQuery({
    queryKey: ['clients', 'detail', proposal.clientId, 'signers'],
    queryFn: ({ signal }) =>
      unwrap(api.clients[':id'].$get({ param: { id: proposal.clientId! } }, { init: { signal } })),
    enabled: open && !!proposal.clientId,
    staleTime: 30_000,
  });
  const offered = useMemo((): TSignersDraft | null => {
    if (proposal.status !== 'draft' && previous.isPending) return null;
    if (proposal.clientId && clientRecord.isPending) return null;
    // Who signs: as at the last send, else the client record's last signers, else the client.
    const last = previous.data?.signers.filter((s) => s.party === 'client') ?? [];
    const remembered = clientRecord.data?.signers ?? [];
    const signers =
      last.length > 0
        ? last.map(({ name, email, role }) => ({ name, email, role }))
        : remembered.length > 0
          ? remembered
          : [{ name: proposal.client.name, email: proposal.client.email, role: '' }];
    const settings = previous.data?.settings ?? proposal.signing ?? DEFAULT_SIGNING;
    return {
      signers,
      order: settings.order,
      countersign: settings.countersign,
      emailCode: settings.emailCode,
      methods: settings.methods,
      ownerName: '',
      ownerConsent: false,
    };
  }, [proposal, previous.isPending, previous.data, clientRecord.isPending, clientRecord.data]);
  const draft = edited ?? offered;
  // Automatic follow-up, in the same panel: what applies now (the defaults until the proposal has its own).
  const followUp = useProposalFollowUp(proposal.id, { enabled: open && editing });
  const saveFollowUp = useSaveProposalFollowUp();
  const [followUpEdited, setFollowUpEdited] = useState<TFollowUpDraft | null>(null);
  const [followUpErrors, setFollowUpErrors] = useState<Record<string, string>>({});
  const followUpLoaded = followUp.data ? followUpDraftOf(followUp.data.settings) : null;
  const followUpDraft = followUpEdited ?? followUpLoaded;
  const messageId = useId();
  const signersId = useId();
  const hintId = useId();
  const again = proposal.status !== 'draft';
  const email = (draft?.signers ?? [{ email: proposal.client.email }])
    .map((s) => s.email.trim())
    .filter(Boolean)
    .join(', ');

  const close = (next: boolean) => {
    if (!next) {
      send.reset();
      saveFollowUp.reset();
      setEdited(null);
      setEditing(false);
      setFollowUpEdited(null);
      setFollowUpErrors({});
      setPaymentEdited(null);
      setPaymentProblem(null);
    }
    onOpenChange(next);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // Follow-up settings changed here are saved first: the send must not go out with the old ones.
    if (editing && followUp.data && followUpEdited && followUpLoaded && !sameFollowUp(followUpEdited, followUpLoaded)) {
      const checked = checkFollowUpDraft(followUpEdited);
      setFollowUpErrors(checked.errors ?? {});
      if (!checked.settings) return;
      try {
        await saveFollowUp.mutateAsync({ id: proposal.id, ...checked.settings, version: followUp.data.version });
        setFollowUpEdited(null);
      } catch (error) {
        if (error instanceof ApiError) setFollowUpErrors(error.fields);
        // Changed elsewhere: the current version comes with the reload, the owner's choices stay.
        if (error instanceof ApiError && error.status === 409) void followUp.refetch();
        return;
      }
    }
    // The payment asked for goes too when the options are open; otherwise the last send's stands.
    const payment = editing ? paymentTermsOf(i18n, paymentDraft, proposal.currency) : null;
    if (payment && !payment.ok) {
      setPaymentProblem(payment.message);
      return;
    }
    setPaymentProblem(null);
    // Signers and options go only when the owner opened them: otherwise the server keeps the last
    // send's (or, the first time, asks the proposal's client).
    const signing =
      editing && draft
        ? {
            signers: draft.signers.map((s) => ({ name: s.name.trim(), email: s.email.trim(), role: s.role.trim() })),
            signing: {
              order: draft.order,
              countersign: draft.countersign,
              emailCode: draft.emailCode,
              methods: draft.methods,
            },
            ...(draft.countersign === 'before'
              ? {
                  ownerSignature: {
                    name: draft.ownerName.trim(),
                    consent: draft.ownerConsent as true,
                    // The statement the owner read is in the app's language: that is the one recorded.
                    language: supportedLanguage(i18n.locale) ?? 'en',
                  },
                }
              : {}),
          }
        : {};
    send.mutate(
      {
        id: proposal.id,
        version: getVersion(),
        message: message.trim(),
        ...signing,
        ...(payment?.ok ? { payment: payment.terms } : {}),
      },
      {
        onSuccess: (sent) => {
          setMessage('');
          setEdited(null);
          setEditing(false);
          setFollowUpEdited(null);
          setPaymentEdited(null);
          send.reset();
          onSent(sent);
        },
      },
    );
  };

  // A follow-up field's message shows beside it, not in the list of what stops sending.
  const followUpFailure =
    saveFollowUp.error instanceof ApiError && saveFollowUp.error.status === 400 ? null : saveFollowUp.error;
  const error = send.error ?? followUpFailure;
  const fieldErrors = error instanceof ApiError && error.status === 400 ? error.fields : {};
  // A 409 about payments (no Stripe account connected) belongs beside the payment choice.
  const paymentError = error instanceof ApiError ? error.fields.payment : undefined;
  const problems = (
    error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0 ? problemsOf(error) : []
  ).filter((p) => !(editing && p.field === 'payment'));
  const fixLabel = fixLabels(i18n);

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[92vh] overflow-y-auto">
        <form
          onSubmit={(e) => void onSubmit(e)}
          className="grid gap-4"
          aria-label={again ? i18n._('Send again') : i18n._('Send proposal')}
        >
          <DialogHeader>
            <DialogTitle>{again ? i18n._('Send the proposal again') : i18n._('Send the proposal')}</DialogTitle>
            <DialogDescription>
              {again
                ? i18n._(
                    'Your client gets an email with the same link; it opens this newest version, and the earlier one stays in the revisions.',
                  )
                : i18n._('Your client gets an email with a private link to read, comment on and accept “{title}”.', {
                    title: proposal.title.trim() || i18n._('Untitled proposal'),
                  })}
            </DialogDescription>
          </DialogHeader>

          <div className="bg-muted/60 flex flex-wrap items-center gap-2 rounded-md px-3 py-2 text-sm">
            <Mail aria-hidden="true" className="text-muted-foreground size-4 shrink-0" />
            <span className="text-muted-foreground">{i18n._('To')}</span>
            {email ? (
              // At least 12rem before the button beside it wraps under it: on a phone the address
              // keeps one line instead of breaking letter by letter around the button.
              <span className="min-w-0 flex-[1_1_12rem] font-medium break-all">{email}</span>
            ) : (
              <span className="flex-1 font-medium">{i18n._('no client email yet')}</span>
            )}
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-expanded={editing}
              aria-controls={signersId}
              disabled={!draft}
              onClick={() => setEditing((v) => !v)}
            >
              <Users aria-hidden="true" /> {editing ? i18n._('Hide signers') : i18n._('Signers and options')}
            </Button>
          </div>
          {editing && draft ? (
            <div id={signersId} className="grid gap-4">
              <SignersEditor draft={draft} errors={fieldErrors} onChange={setEdited} />
              <fieldset className="grid gap-2">
                <legend className="mb-1 flex items-center gap-1.5 text-sm font-medium">
                  <BellRing aria-hidden="true" className="size-4" /> {i18n._('Automatic follow-up')}
                </legend>
                <FollowUpSection
                  query={followUp}
                  draft={followUpDraft}
                  errors={followUpErrors}
                  onChange={setFollowUpEdited}
                />
              </fieldset>
              <PaymentOption
                draft={paymentDraft}
                onChange={setPaymentEdited}
                currency={proposal.currency}
                totals={proposal.totals}
                settings={payments.data ?? null}
                error={paymentProblem ?? paymentError}
              />
            </div>
          ) : asksForPayment(lastTerms) ? (
            <p className="text-muted-foreground -mt-2 text-xs">
              {i18n._('Payment: {terms}.', { terms: describePaymentTerms(i18n, lastTerms, proposal.currency) })}
            </p>
          ) : null}

          <div className="grid gap-2">
            <Label htmlFor={messageId}>{i18n._('Message (optional)')}</Label>
            <Textarea
              id={messageId}
              value={message}
              maxLength={MESSAGE_MAX}
              onChange={(e) => setMessage(e.target.value)}
              placeholder={i18n._('A few words above the link in the email')}
              aria-describedby={hintId}
            />
            <p id={hintId} className="text-muted-foreground text-xs">
              {i18n._('Added to the email above the link.')}{' '}
              {message.length > MESSAGE_MAX - 200
                ? i18n._('{count} of {max} characters.', { count: message.length, max: MESSAGE_MAX })
                : ''}
            </p>
          </div>

          <PdfCharactersNote proposalId={proposal.id} enabled={open} />

          {problems.length > 0 ? (
            <div role="alert" className="border-destructive/40 bg-destructive/5 rounded-md border p-3">
              <h3 className="text-sm font-semibold">{i18n._('Not ready to send yet: fix these first')}</h3>
              <ul aria-label={i18n._('What to fix before sending')} className="mt-2 space-y-3">
                {problems.map((p) => (
                  <li key={p.field} className="flex gap-2 text-sm">
                    <CircleAlert aria-hidden="true" className="text-destructive mt-0.5 size-4 shrink-0" />
                    <span className="min-w-0">
                      <span className="block">{p.message}</span>
                      {fixLabel[p.field] ? (
                        <Link
                          to={paths.editDraftField(proposal.id, p.field)}
                          onClick={() => close(false)}
                          className="text-primary font-medium underline underline-offset-4"
                        >
                          {fixLabel[p.field]}
                        </Link>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : error && !(editing && paymentError) ? (
            <div
              role="alert"
              className="border-destructive/40 bg-destructive/10 text-destructive rounded-md border px-3 py-2 text-sm"
            >
              <p>{error.message}</p>
              {error instanceof ApiError && error.status === 403 ? (
                <Link to={paths.profile} className="mt-1 inline-block font-medium underline underline-offset-4">
                  {i18n._('Open your profile to get a new confirmation link')}
                </Link>
              ) : isPlanLimitError(error) ? (
                <Link to={paths.plan} className="mt-1 inline-block font-medium underline underline-offset-4">
                  {i18n._('See plans and usage')}
                </Link>
              ) : null}
            </div>
          ) : null}

          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {i18n._('Cancel')}
              </Button>
            </DialogClose>
            <Button
              type="submit"
              disabled={send.isPending || saveFollowUp.isPending}
              aria-busy={send.isPending || saveFollowUp.isPending || undefined}
            >
              <Send aria-hidden="true" />
              {send.isPending || saveFollowUp.isPending
                ? i18n._('Sending…')
                : again
                  ? i18n._('Send again')
                  : i18n._('Send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The follow-up part of the panel: loading, a failure to retry, the fields (off, with a hint, on plans without it). */
function FollowUpSection({
  query,
  draft,
  errors,
  onChange,
}: {
  query: ReturnType<typeof useProposalFollowUp>;
  draft: TFollowUpDraft | null;
  errors: Record<string, string>;
  onChange: (next: TFollowUpDraft) => void;
}): ReactNode {
  const { i18n } = useLingui();
  if (query.isError) {
    return (
      <div role="alert" className="text-sm">
        <p className="text-destructive">
          {i18n._('The follow-up settings did not load. {message}', { message: query.error.message })}
        </p>
        <Button type="button" variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" /> {i18n._('Retry')}
        </Button>
      </div>
    );
  }
  if (!query.data || !draft) {
    return (
      <div role="status" aria-label={i18n._('Loading the follow-up settings')} className="grid gap-2">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  }
  const { access } = query.data;
  return (
    <div className="grid gap-3">
      {access.included ? null : <FollowUpUpgradeHint access={access} />}
      <FollowUpFields
        draft={draft}
        onChange={onChange}
        errors={errors}
        disabled={!access.included}
        timeZone={query.data.timeZone}
      />
    </div>
  );
}
