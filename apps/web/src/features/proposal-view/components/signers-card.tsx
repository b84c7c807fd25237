import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TProposalSigner, TSignatureMarkData, TSigningState } from '@draftwell/shared/share/signing';
import { consentText } from '@draftwell/shared/share/revision';
import type { TSignatureMethod } from '@draftwell/shared/share/signature-rules';
import {
  Check,
  CircleCheck,
  Clock,
  Copy,
  ExternalLink,
  Link2,
  MoreHorizontal,
  PenLine,
  RotateCw,
  Signature,
  Users,
} from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { LazySignatureInput } from '@/components/signature/lazy-signature';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { appI18n } from '@/lib/app-language';
import { useChangeSigner, useCountersign, useProposalSigners } from '@/lib/api/signers';
import { TimeStamp } from './time-stamp';

const COPIED_MS = 2500;

/** The clipboard API where allowed; else the old way, through a selected field. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand('copy');
  }
}

function SignerStatus({ signer, open }: { signer: TProposalSigner; open: boolean }) {
  const { i18n } = useLingui();
  if (signer.signedAt) {
    return (
      <span className="text-success inline-flex items-center gap-1 text-xs font-medium">
        <CircleCheck aria-hidden="true" className="size-3.5" />{' '}
        <Trans id="Signed <0/>" components={{ 0: <TimeStamp iso={signer.signedAt} inline /> }} />
      </span>
    );
  }
  if (!open) return <span className="text-muted-foreground text-xs">{i18n._('Did not sign')}</span>;
  if (signer.canSignNow) {
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300">
        <PenLine aria-hidden="true" className="size-3.5" />{' '}
        {signer.party === 'owner' ? i18n._('Your turn to countersign') : i18n._('To sign now')}
      </span>
    );
  }
  return (
    <span className="text-muted-foreground inline-flex items-center gap-1 text-xs">
      <Clock aria-hidden="true" className="size-3.5" /> {i18n._('Waiting for the signers before')}
    </span>
  );
}

/** One client signer's link, with Copy (and "Copied" as it happens) and Open. */
function SignerLink({ signer }: { signer: TProposalSigner }) {
  const { i18n } = useLingui();
  const field = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!signer.url) {
    return <p className="text-muted-foreground text-xs">{i18n._('Link revoked: send a new link to let them sign.')}</p>;
  }
  const url = signer.url;
  const onCopy = async () => {
    if (await copyText(url, field.current)) {
      setCopied(true);
      return;
    }
    const i18n = appI18n();
    toast.error(i18n._('Could not copy the link'), { description: i18n._('Select the link and copy it yourself.') });
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <label htmlFor={inputId} className="sr-only">
        {i18n._('Share link for {name}', { name: signer.name || signer.email })}
      </label>
      <Input
        id={inputId}
        ref={field}
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="h-9 min-w-0 flex-1 font-mono text-xs"
      />
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onClick={() => void onCopy()} className="min-w-28 flex-1 sm:flex-none">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? i18n._('Copied') : i18n._('Copy link')}
        </Button>
        <Button size="sm" variant="outline" asChild className="flex-1 sm:flex-none">
          <a href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />{' '}
            <Trans
              id="Open<0> {name}’s page in a new tab</0>"
              values={{ name: signer.name || signer.email }}
              components={{ 0: <span className="sr-only" /> }}
            />
          </a>
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? i18n._('Link copied to the clipboard.') : ''}
      </p>
    </div>
  );
}

/** Correcting a signer's name, role or address; a new address gets a new link by email. */
function CorrectSignerDialog({
  proposalId,
  signer,
  onClose,
}: {
  proposalId: string;
  signer: TProposalSigner;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const change = useChangeSigner(proposalId);
  const [name, setName] = useState(signer.name);
  const [email, setEmail] = useState(signer.email);
  const [role, setRole] = useState(signer.role);
  const ids = { name: useId(), email: useId(), role: useId() };
  const fields = change.error instanceof ApiError ? change.error.fields : {};
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate(
      { kind: 'correct', signerId: signer.id, patch: { name, email, role } },
      {
        onSuccess: () => {
          const i18n = appI18n();
          toast.success(
            email.trim().toLowerCase() !== signer.email.toLowerCase()
              ? i18n._('A new link is on its way to {email}', { email: email.trim() })
              : i18n._('Signer updated'),
          );
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" aria-label={i18n._('Correct the signer')}>
          <DialogHeader>
            <DialogTitle>{i18n._('Correct {name}', { name: signer.name || signer.email })}</DialogTitle>
            <DialogDescription>
              {i18n._(
                'A new address gets a new link by email, and the old link stops working. Nothing is sent again to the others.',
              )}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>{i18n._('Name')}</Label>
            <Input id={ids.name} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={!!fields.name} />
            {fields.name ? <p className="text-destructive text-sm">{fields.name}</p> : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.email}>{i18n._('Email')}</Label>
            <Input
              id={ids.email}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={!!fields.email}
            />
            {fields.email ? <p className="text-destructive text-sm">{fields.email}</p> : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.role}>{i18n._('Role (optional)')}</Label>
            <Input
              id={ids.role}
              value={role}
              onChange={(e) => setRole(e.target.value)}
              placeholder={i18n._('Client — CFO')}
            />
          </div>
          {change.error && Object.keys(fields).length === 0 ? (
            <p role="alert" className="text-destructive text-sm">
              {change.error.message}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {i18n._('Cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? i18n._('Saving…') : i18n._('Save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The owner's countersignature: their name, their signature (typed, drawn or uploaded) and consent. */
function CountersignDialog({
  proposalId,
  signer,
  revisionHash,
  onClose,
}: {
  proposalId: string;
  signer: TProposalSigner;
  revisionHash: string;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const countersign = useCountersign(proposalId);
  const [name, setName] = useState(signer.name);
  const [mark, setMark] = useState<TSignatureMarkData | null>(null);
  const [method, setMethod] = useState<TSignatureMethod>('typed');
  const [consent, setConsent] = useState(false);
  const [tried, setTried] = useState(false);
  const nameId = useId();
  const consentId = useId();
  const fields = countersign.error instanceof ApiError ? countersign.error.fields : {};
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!consent || !mark || name.trim().length < 2) return;
    countersign.mutate(
      { name: name.trim(), revisionHash, mark },
      {
        onSuccess: (result) => {
          const i18n = appI18n();
          toast.success(
            'complete' in result ? i18n._('You countersigned') : i18n._('You countersigned: the proposal is accepted'),
          );
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <form onSubmit={onSubmit} className="grid gap-4" aria-label={i18n._('Countersign')}>
          <DialogHeader>
            <DialogTitle>{i18n._('Countersign')}</DialogTitle>
            <DialogDescription>
              {i18n._(
                'Every client has signed. Your signature completes the acceptance; everyone then gets the signed PDF.',
              )}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={nameId}>{i18n._('Your full name')}</Label>
            <Input
              id={nameId}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoComplete="name"
              aria-invalid={(tried && name.trim().length < 2) || !!fields.name}
            />
            {fields.name ? <p className="text-destructive text-sm">{fields.name}</p> : null}
          </div>
          <Suspense fallback={<Skeleton className="h-48 w-full" />}>
            <LazySignatureInput
              signerName={name}
              onChange={setMark}
              onMethodChange={setMethod}
              error={
                tried && !mark
                  ? i18n._('Sign in the box: type, draw or upload your signature.')
                  : (fields.mark ?? undefined)
              }
            />
          </Suspense>
          <div className="flex items-start gap-2">
            <Checkbox
              id={consentId}
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
              aria-invalid={tried && !consent}
              className="mt-0.5"
            />
            <Label htmlFor={consentId} className="text-sm leading-snug font-normal">
              {consentText(i18n, method)}
            </Label>
          </div>
          {tried && !consent ? (
            <p className="text-destructive text-sm">
              {i18n._('Tick the box to agree to the terms of the electronic signature.')}
            </p>
          ) : null}
          {countersign.error && Object.keys(fields).length === 0 ? (
            <p role="alert" className="text-destructive text-sm">
              {countersign.error.message}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {i18n._('Cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={countersign.isPending} aria-busy={countersign.isPending || undefined}>
              <Signature aria-hidden="true" />
              {countersign.isPending ? i18n._('Signing…') : i18n._('Countersign')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function SignerRow({
  proposalId,
  signer,
  open,
  revisionHash,
  onCorrect,
  onCountersign,
}: {
  proposalId: string;
  signer: TProposalSigner;
  open: boolean;
  revisionHash: string | null;
  onCorrect: () => void;
  onCountersign: () => void;
}) {
  const { i18n } = useLingui();
  const change = useChangeSigner(proposalId);
  const who = signer.name || signer.email;
  const act = (kind: 'revoke' | 'reissue') =>
    change.mutate(
      { kind, signerId: signer.id },
      {
        onSuccess: () => {
          const i18n = appI18n();
          toast.success(
            kind === 'revoke'
              ? i18n._('{name}’s link no longer works', { name: who })
              : i18n._('A new link is on its way to {email}', { email: signer.email }),
          );
        },
        onError: (error) => toast.error(error.message),
      },
    );
  const mendable = open && signer.party === 'client' && !signer.signedAt;
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium wrap-anywhere">
            <span className="text-muted-foreground mr-1.5 tabular-nums">{signer.position}.</span>
            {who}
            {signer.party === 'owner' ? (
              <Badge variant="outline" className="ml-2 align-middle">
                {i18n._('You, countersigning')}
              </Badge>
            ) : null}
          </p>
          <p className="text-muted-foreground text-xs break-all">
            {[signer.role, signer.party === 'client' ? signer.email : null].filter(Boolean).join(' · ')}
          </p>
          <SignerStatus signer={signer} open={open} />
          {signer.party === 'client' && signer.invitedAt && !signer.signedAt ? (
            <p className="text-muted-foreground text-xs">
              <Trans id="Link emailed <0/>" components={{ 0: <TimeStamp iso={signer.invitedAt} inline /> }} />
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-2">
          {signer.party === 'owner' && open && signer.canSignNow && revisionHash ? (
            <Button size="sm" onClick={onCountersign}>
              <Signature aria-hidden="true" /> {i18n._('Countersign')}
            </Button>
          ) : null}
          {mendable ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={i18n._('More for {name}', { name: who })}
                  disabled={change.isPending}
                >
                  <MoreHorizontal aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={onCorrect}>
                  <PenLine aria-hidden="true" /> {i18n._('Correct name or email')}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => act('reissue')}>
                  <RotateCw aria-hidden="true" /> {i18n._('Send a new link')}
                </DropdownMenuItem>
                {signer.url ? (
                  <DropdownMenuItem onSelect={() => act('revoke')}>
                    <Link2 aria-hidden="true" /> {i18n._('Revoke the link')}
                  </DropdownMenuItem>
                ) : null}
              </DropdownMenuContent>
            </DropdownMenu>
          ) : null}
        </div>
      </div>
      {signer.party === 'client' && open ? <SignerLink signer={signer} /> : null}
    </li>
  );
}

function describeRound(i18n: I18n, state: TSigningState): string {
  const count = state.signers.filter((s) => s.party === 'client').length;
  const sentences = [
    state.settings.order === 'sequential' && count > 1
      ? i18n._(
          '{count, plural, one {One signer, one after another, in this order.} other {# signers, one after another, in this order.}}',
          { count },
        )
      : i18n._('{count, plural, one {One signer, all at once.} other {# signers, all at once.}}', { count }),
  ];
  if (state.settings.countersign === 'after') sentences.push(i18n._('You countersign after them.'));
  else if (state.settings.countersign === 'before') sentences.push(i18n._('You signed before sending.'));
  if (state.settings.emailCode) sentences.push(i18n._('Each confirms a code sent to their email before signing.'));
  return sentences.join(' ');
}

/**
 * Who signs the proposal, where each stands on the newest revision, each client's own link, and
 * mending one signer (correct, revoke, new link) without sending again; the owner countersigns here.
 */
export function SignersCard({
  proposalId,
  open,
  closed,
  revisionHash,
}: {
  proposalId: string;
  /** Sent or viewed: signatures are being collected. */
  open: boolean;
  /** Why the links are closed (withdrawn, expired), if they are. */
  closed: string | null;
  revisionHash: string | null;
}) {
  const { i18n } = useLingui();
  const signers = useProposalSigners(proposalId, { enabled: true });
  const [correcting, setCorrecting] = useState<TProposalSigner | null>(null);
  const [countersigning, setCountersigning] = useState<TProposalSigner | null>(null);
  return (
    <Card role="region" aria-labelledby="signers-heading">
      <CardHeader className="pb-2">
        <CardTitle id="signers-heading" className="flex items-center gap-2 text-base">
          <Users aria-hidden="true" className="size-4" />
          {i18n._('Signers')}
        </CardTitle>
        <CardDescription>
          {closed ??
            (signers.data
              ? describeRound(i18n, signers.data)
              : i18n._('Each signer has their own private link to read, comment on and sign this proposal.'))}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {signers.isPending ? (
          <div role="status" aria-label={i18n._('Loading the signers')} className="space-y-3">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : signers.isError ? (
          <div role="alert" className="text-sm">
            <p className="text-destructive">
              {i18n._('The signers did not load.')} {signers.error.message}
            </p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void signers.refetch()}>
              <RotateCw aria-hidden="true" /> {i18n._('Retry')}
            </Button>
          </div>
        ) : signers.data.signers.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            {i18n._('Nobody is asked to sign yet: send the proposal to add signers.')}
          </p>
        ) : (
          <ol aria-label={i18n._('Signers in order')} className="divide-y">
            {signers.data.signers.map((signer) => (
              <SignerRow
                key={signer.id}
                proposalId={proposalId}
                signer={signer}
                open={open}
                revisionHash={revisionHash}
                onCorrect={() => setCorrecting(signer)}
                onCountersign={() => setCountersigning(signer)}
              />
            ))}
          </ol>
        )}
      </CardContent>
      {correcting ? (
        <CorrectSignerDialog proposalId={proposalId} signer={correcting} onClose={() => setCorrecting(null)} />
      ) : null}
      {countersigning && revisionHash ? (
        <CountersignDialog
          proposalId={proposalId}
          signer={countersigning}
          revisionHash={revisionHash}
          onClose={() => setCountersigning(null)}
        />
      ) : null}
    </Card>
  );
}
