import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { Trans, useLingui } from '@lingui/react';
import { Plus, RotateCw, Search, Trash2, UserRound } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { BRIEF_LIMITS, DRAFT_TONES, type TBrief, type TDraftTone } from '@draftwell/shared/drafting/brief';
import { currencyChoices, currencyDigits, currencyLabel } from '@draftwell/shared/money';
import type { TClient } from '@draftwell/shared/workspace/clients';
import { FormError } from '@/components/form/form-error';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input, Label, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useClientList } from '@/lib/api/clients';
import { useBusinessProfile } from '@/lib/api/business-profile';
import { useTemplateList } from '@/lib/api/template-list';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ApiError, isPlanLimitError } from '@/lib/api-client';
import { announcePlanLimit } from '@/lib/plan-limit';
import { cn } from '@/lib/cn';
import { useCreateDraft } from '../api/create-draft';
import { useDrafter } from '../api/get-drafter';
import { startDraftWriting } from '../writing/draft-writing';
import { announceUnwatched } from '../writing/announce';
import { DraftFailure, DraftProgress } from './draft-progress';
import { briefFormSchema, emptyBriefForm, formFieldOf, localDay, type TBriefFormValues } from '../utils/brief-form';

const tones = (i18n: I18n): Record<TDraftTone, { label: string; sample: string }> => ({
  formal: { label: i18n._('Formal'), sample: i18n._('“Thank you for the opportunity to submit this proposal.”') },
  friendly: { label: i18n._('Friendly'), sample: i18n._('“Thanks so much for telling us what you have in mind.”') },
  persuasive: {
    label: i18n._('Persuasive'),
    sample: i18n._('“This proposal shows how we will help you get exactly what you need.”'),
  },
});

/** Form fields a server message can be shown beside; anything else goes above the buttons. */
const KNOWN_FIELD =
  /^(?:client\.(?:source|clientId|name|company|email)|need|goals|deliverables(?:\.\d+\.text)?|budget(?:\.amount|\.currency)?|deadline|tone|templateId)$/;

const cardClass =
  'border-input bg-card has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-ring flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2';

/** "Draft from a brief": a short brief becomes a complete first draft, opened in the editor. */
export function BriefDialog({
  open,
  onOpenChange,
  initialValues,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The brief as it was filled in before (after a failed draft); empty otherwise. */
  initialValues?: TBriefFormValues;
}) {
  const { i18n } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{i18n._('Draft from a brief')}</DialogTitle>
          <DialogDescription>
            {i18n._(
              'Describe the client and the work. Draftwell writes a complete first draft for you to edit: introduction, approach, timeline, prices from your saved items, terms and a signature block.',
            )}
          </DialogDescription>
          <DrafterNote />
        </DialogHeader>
        {/* Mounted afresh each time the dialog opens, so every brief starts empty. */}
        <BriefFormLoader onDone={() => onOpenChange(false)} initialValues={initialValues} />
      </DialogContent>
    </Dialog>
  );
}

/** Which drafter will write: said once, where the draft is asked for. */
function DrafterNote() {
  const { i18n } = useLingui();
  const drafter = useDrafter();
  if (!drafter.data) return null;
  return (
    <p className="text-muted-foreground text-xs" data-testid="drafter-note">
      {drafter.data.ai
        ? i18n._(
            'An AI model writes this draft from your brief, your business profile, your saved items and proposals your clients accepted. You can stop it at any time and keep what it wrote.',
          )
        : i18n._(
            'The built-in drafter writes this draft: no AI model is configured on this server (see the README to connect OpenAI or a local Ollama).',
          )}
    </p>
  );
}

function BriefFormLoader({ onDone, initialValues }: { onDone: () => void; initialValues?: TBriefFormValues }) {
  const { i18n } = useLingui();
  const profile = useBusinessProfile();
  if (initialValues) return <BriefForm initialValues={initialValues} onDone={onDone} />;
  if (profile.isPending)
    return <Spinner className="justify-self-center py-6" label={i18n._('Loading your business profile')} />;
  // Without the profile the form still works: the server reads it again when drafting.
  return <BriefForm initialValues={emptyBriefForm(profile.data?.defaultCurrency ?? 'USD')} onDone={onDone} />;
}

/** What the dialog shows once the brief is sent to the model, until the draft opens in the editor. */
type TWaiting = { status: 'writing' } | { status: 'failed'; message: string; fallback: boolean };

function BriefForm({ initialValues, onDone }: { initialValues: TBriefFormValues; onDone: () => void }) {
  const { i18n } = useLingui();
  const today = localDay();
  const resolver = useMemo(() => zodResolver(briefFormSchema(today)), [today]);
  const form = useForm<TBriefFormValues, unknown, TBrief>({
    resolver,
    defaultValues: initialValues,
  });
  const deliverables = useFieldArray({ control: form.control, name: 'deliverables' });
  const source = useWatch({ control: form.control, name: 'client.source' });
  const currency = useWatch({ control: form.control, name: 'budget.currency' });
  const clientId = useWatch({ control: form.control, name: 'client.clientId' });
  const create = useCreateDraft();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ai = useDrafter().data?.ai === true;
  const templates = useTemplateList('');
  const [run, setRun] = useState<TWaiting | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [lastBrief, setLastBrief] = useState<TBrief | null>(null);
  const unmounted = useRef(false);

  // Closing the dialog before the model begins stops it; the unit is spent, nothing is saved.
  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      abortRef.current?.abort();
    };
  }, []);
  const { errors } = form.formState;
  const { setFocus } = form;

  // The dialog focuses its first control on opening; once the form is there, the client's name is.
  useEffect(() => setFocus('client.name'), [setFocus]);

  const showErrors = (err: unknown) => {
    const fields = err instanceof ApiError ? Object.entries(err.fields) : [];
    const known = fields
      .map(([key, message]) => [formFieldOf(key), message] as const)
      .filter(([name]) => KNOWN_FIELD.test(name));
    for (const [name, message] of known) form.setError(name as FieldPath<TBriefFormValues>, { message });
    if (known.length === 0 || known.length < fields.length) {
      form.setError('root', {
        message: err instanceof Error ? err.message : i18n._('The draft could not be written. Try again.'),
      });
    }
    const first = known[0]?.[0];
    if (first && first !== 'client.clientId') form.setFocus(first as FieldPath<TBriefFormValues>);
  };

  const writeBuiltin = async (brief: TBrief, drafter?: 'builtin') => {
    try {
      const proposal = await create.mutateAsync({ brief, ...(drafter ? { drafter } : {}) });
      onDone();
      toast.success(i18n._('Your draft is ready'), {
        description: i18n._('Read it through, adjust the prices and send it.'),
      });
      await navigate(paths.editDraft(proposal.id));
    } catch (err) {
      setRun(null);
      showErrors(err);
    }
  };

  /** Streams the draft into the editor: the dialog waits only until the draft exists, then opens it. */
  const writeStreamed = async (brief: TBrief, values: TBriefFormValues) => {
    const controller = new AbortController();
    abortRef.current = controller;
    setRun({ status: 'writing' });
    try {
      const start = await startDraftWriting({
        brief,
        values,
        queryClient,
        signal: controller.signal,
        onUnwatched: (writing) => announceUnwatched(writing, navigate),
      });
      abortRef.current = null;
      if (unmounted.current) return;
      if (start.kind === 'created') {
        onDone();
        await navigate(paths.editDraft(start.proposal.id));
      } else if (start.kind === 'failed') {
        setRun({ status: 'failed', message: start.error.message, fallback: start.details?.fallback === 'builtin' });
      } else {
        setRun(null);
        toast(i18n._('Drafting stopped'), {
          description: i18n._('Nothing had been written yet, so nothing was saved.'),
        });
      }
    } catch (err) {
      abortRef.current = null;
      // Refused before it began: a field of the brief, or the plan's monthly drafts.
      setRun(null);
      if (isPlanLimitError(err)) announcePlanLimit(err);
      showErrors(err);
    }
  };

  // handleSubmit is called in the event, not during render: the handler reaches the stream's refs.
  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(async (brief) => {
      setLastBrief(brief);
      if (ai) await writeStreamed(brief, form.getValues());
      else await writeBuiltin(brief);
    })(event);

  const deliverablesError = errors.deliverables?.root?.message ?? errors.deliverables?.message;
  const toneWords = tones(i18n);
  const digits = currencyDigits(currency);

  if (run) {
    return run.status === 'failed' ? (
      <DraftFailure
        message={run.message}
        fallback={run.fallback}
        builtinPending={create.isPending}
        onBuiltin={() => {
          if (lastBrief) void writeBuiltin(lastBrief, 'builtin');
        }}
        onBack={() => setRun(null)}
      />
    ) : (
      <div className="grid gap-4">
        <DraftProgress arrived={0} saving={false} onStop={() => abortRef.current?.abort()} />
        <p className="text-muted-foreground rounded-md border p-6 text-center text-sm">
          {i18n._(
            'The draft opens in the editor as soon as the model begins writing, and fills in section by section.',
          )}
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label={i18n._('Brief')}>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{i18n._('Client')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <label className={cardClass}>
            <input type="radio" value="new" className="accent-primary mt-0.5" {...form.register('client.source')} />
            <span>
              <span className="block font-medium">{i18n._('Someone new')}</span>
              <span className="text-muted-foreground text-xs">{i18n._('Type their name, company and email.')}</span>
            </span>
          </label>
          <label className={cardClass}>
            <input type="radio" value="saved" className="accent-primary mt-0.5" {...form.register('client.source')} />
            <span>
              <span className="block font-medium">{i18n._('A saved client')}</span>
              <span className="text-muted-foreground text-xs">{i18n._('Pick one of your clients.')}</span>
            </span>
          </label>
        </div>
        {source === 'saved' ? (
          <SavedClientPicker
            value={clientId}
            error={errors.client?.clientId?.message}
            onChange={(id) => form.setValue('client.clientId', id, { shouldValidate: form.formState.isSubmitted })}
            onTypeInstead={() => form.setValue('client.source', 'new')}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={i18n._('Name')} error={errors.client?.name?.message}>
              <Input autoComplete="off" maxLength={BRIEF_LIMITS.clientName} {...form.register('client.name')} />
            </FormField>
            <FormField label={i18n._('Company (optional)')} error={errors.client?.company?.message}>
              <Input autoComplete="off" maxLength={BRIEF_LIMITS.clientCompany} {...form.register('client.company')} />
            </FormField>
            <FormField label={i18n._('Email (optional)')} error={errors.client?.email?.message}>
              <Input
                type="email"
                autoComplete="off"
                maxLength={BRIEF_LIMITS.clientEmail}
                {...form.register('client.email')}
              />
            </FormField>
          </div>
        )}
      </fieldset>

      <FormField
        label={i18n._('What the client needs')}
        error={errors.need?.message}
        hint={i18n._(
          'A sentence or two in your own words, like “A new website for their bakery before the second shop opens.”',
        )}
      >
        <Textarea rows={3} className="min-h-20" maxLength={BRIEF_LIMITS.need} {...form.register('need')} />
      </FormField>

      <FormField
        label={i18n._('Goals (optional)')}
        error={errors.goals?.message}
        hint={i18n._('What success looks like, one per line.')}
      >
        <Textarea rows={3} className="min-h-20" maxLength={BRIEF_LIMITS.goals} {...form.register('goals')} />
      </FormField>

      <fieldset className="grid gap-2" aria-describedby="brief-deliverables-hint">
        <legend className="mb-2 text-sm font-medium">{i18n._('Deliverables')}</legend>
        <p id="brief-deliverables-hint" className="text-muted-foreground text-xs">
          {i18n._(
            'What the client receives. Each one becomes a phase, a bullet and a priced line; a name close to one of your saved items takes its price.',
          )}
        </p>
        <ol className="grid gap-2">
          {deliverables.fields.map((field, i) => {
            const error = errors.deliverables?.[i]?.text?.message;
            return (
              <li key={field.id} className="grid gap-1">
                <div className="flex gap-2">
                  <Input
                    aria-label={i18n._('Deliverable {number}', { number: i + 1 })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `brief-deliverable-${i}-error` : undefined}
                    placeholder={i === 0 ? i18n._('For example: Logo design') : undefined}
                    maxLength={BRIEF_LIMITS.deliverable}
                    {...form.register(`deliverables.${i}.text`)}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={i18n._('Remove deliverable {number}', { number: i + 1 })}
                    disabled={deliverables.fields.length === 1}
                    onClick={() => deliverables.remove(i)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                {error ? (
                  <p id={`brief-deliverable-${i}-error`} role="alert" className="text-destructive text-sm">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        {deliverablesError ? (
          <p role="alert" className="text-destructive text-sm">
            {deliverablesError}
          </p>
        ) : null}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={deliverables.fields.length >= BRIEF_LIMITS.deliverables.max}
            onClick={() => deliverables.append({ text: '' })}
          >
            <Plus aria-hidden="true" />
            {i18n._('Add a deliverable')}
          </Button>
          {deliverables.fields.length >= BRIEF_LIMITS.deliverables.max ? (
            <span className="text-muted-foreground ml-3 text-xs">
              {i18n._('{max} is the most a brief takes.', { max: BRIEF_LIMITS.deliverables.max })}
            </span>
          ) : null}
        </div>
      </fieldset>

      <div className="grid items-start gap-4 sm:grid-cols-[1fr_12rem_1fr]">
        <FormField
          label={i18n._('Budget (optional)')}
          error={errors.budget?.amount?.message}
          hint={digits === 0 ? i18n._('A whole amount, like 15000.') : i18n._('Like 12500 or 12,500.00.')}
        >
          <Input inputMode="decimal" autoComplete="off" {...form.register('budget.amount')} />
        </FormField>
        <FormField label={i18n._('Currency')} error={errors.budget?.currency?.message}>
          <Select {...form.register('budget.currency')}>
            {currencyChoices(initialValues.budget.currency).map((code) => (
              <option key={code} value={code}>
                {currencyLabel(code, i18n.locale)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label={i18n._('Deadline (optional)')}
          error={errors.deadline?.message}
          hint={i18n._('Milestones are dated between today and this day.')}
        >
          <Input type="date" min={localDay(1)} {...form.register('deadline')} />
        </FormField>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{i18n._('Tone')}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {DRAFT_TONES.map((tone) => (
            <label key={tone} className={cardClass}>
              <input type="radio" value={tone} className="accent-primary mt-0.5" {...form.register('tone')} />
              <span>
                <span className="block font-medium">{toneWords[tone].label}</span>
                <span className="text-muted-foreground text-xs">{toneWords[tone].sample}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.tone?.message ? (
          <p role="alert" className="text-destructive text-sm">
            {errors.tone.message}
          </p>
        ) : null}
      </fieldset>

      {ai ? (
        <FormField label={i18n._('Follow a template (optional)')} error={errors.templateId?.message}>
          <Select {...form.register('templateId')}>
            <option value="">{i18n._('No template: the model chooses the sections')}</option>
            {(templates.data?.pages[0]?.starters ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {i18n._('{name} (starter)', { name: t.name })}
              </option>
            ))}
            {(templates.data?.pages.flatMap((page) => page.items) ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}

      <FormError message={errors.root?.message} />

      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {i18n._('Cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? i18n._('Drafting…') : i18n._('Write the draft')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The user's saved clients, searchable, as a list of radio buttons. */
function SavedClientPicker({
  value,
  error,
  onChange,
  onTypeInstead,
}: {
  value: string;
  error: string | undefined;
  onChange: (id: string) => void;
  onTypeInstead: () => void;
}) {
  const { i18n } = useLingui();
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<TClient | null>(null);
  const query = useDebouncedValue(q.trim(), 250);
  const list = useClientList(query);
  const clients = list.data?.pages.flatMap((page) => page.items) ?? [];
  const errorId = useId();
  const pick = (client: TClient) => {
    setPicked(client);
    onChange(client.id);
  };
  const pickedHidden = picked && picked.id === value && !clients.some((c) => c.id === value);

  return (
    <div className="grid gap-2">
      <div className="relative">
        <Search className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
        <Input
          type="search"
          aria-label={i18n._('Search your clients')}
          placeholder={i18n._('Search by name, company or email')}
          className="pl-9"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      {pickedHidden ? (
        <p className="text-sm">
          <Trans
            id="Chosen: <0>{name}</0>"
            values={{ name: <>{picked.name}</> }}
            components={{ 0: <span className="font-medium" /> }}
          />
        </p>
      ) : null}
      <div className="max-h-56 overflow-y-auto rounded-md border p-1">
        {list.isPending ? (
          <div role="status" aria-label={i18n._('Loading your clients')} className="grid gap-1">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-11" />
            ))}
          </div>
        ) : list.isError ? (
          <div role="alert" className="grid justify-items-center gap-2 py-4 text-center text-sm">
            <p>{i18n._('Your clients did not load: {reason}', { reason: list.error.message })}</p>
            <Button type="button" variant="outline" size="sm" onClick={() => void list.refetch()}>
              <RotateCw aria-hidden="true" /> {i18n._('Retry')}
            </Button>
          </div>
        ) : clients.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-4 text-center text-sm">
            <p className="text-muted-foreground">
              {query
                ? i18n._('No saved client matches “{query}”.', { query })
                : i18n._('You have no saved clients yet.')}
            </p>
            <Button type="button" variant="outline" size="sm" onClick={onTypeInstead}>
              {i18n._('Type the client’s details instead')}
            </Button>
          </div>
        ) : (
          <div
            role="radiogroup"
            aria-label={i18n._('Your clients')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="grid gap-1"
          >
            {clients.map((client) => (
              <Label
                key={client.id}
                className={cn(
                  'hover:bg-accent has-[:checked]:bg-accent has-[:focus-visible]:ring-ring flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 font-normal has-[:focus-visible]:ring-2',
                )}
              >
                <input
                  type="radio"
                  name="brief-saved-client"
                  value={client.id}
                  checked={value === client.id}
                  onChange={() => pick(client)}
                  className="accent-primary"
                />
                <UserRound className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{client.name}</span>
                  <span className="text-muted-foreground block truncate text-xs">
                    {[client.company, client.email].filter(Boolean).join(' · ') || i18n._('No company or email yet')}
                  </span>
                </span>
              </Label>
            ))}
            {list.hasNextPage ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? i18n._('Loading…') : i18n._('Load more')}
              </Button>
            ) : null}
          </div>
        )}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
