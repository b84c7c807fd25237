import { englishI18n } from '@draftwell/shared/i18n/english';
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
  if (signer.signedAt) {
    return (
      <span className="text-success inline-flex items-center gap-1 text-xs font-medium">
        <CircleCheck aria-hidden="true" className="size-3.5" /> Signed <TimeStamp iso={signer.signedAt} inline />
      </span>
    );
  }
  if (!open) return <span className="text-muted-foreground text-xs">Did not sign</span>;
  if (signer.canSignNow) {
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300">
        <PenLine aria-hidden="true" className="size-3.5" />{' '}
        {signer.party === 'owner' ? 'Your turn to countersign' : 'To sign now'}
      </span>
    );
  }
  return (
    <span className="text-muted-foreground inline-flex items-center gap-1 text-xs">
      <Clock aria-hidden="true" className="size-3.5" /> Waiting for the signers before
    </span>
  );
}

/** One client signer's link, with Copy (and "Copied" as it happens) and Open. */
function SignerLink({ signer }: { signer: TProposalSigner }) {
  const field = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!signer.url) {
    return <p className="text-muted-foreground text-xs">Link revoked: send a new link to let them sign.</p>;
  }
  const url = signer.url;
  const onCopy = async () => {
    if (await copyText(url, field.current)) setCopied(true);
    else toast.error('Could not copy the link', { description: 'Select the link and copy it yourself.' });
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <label htmlFor={inputId} className="sr-only">
        Share link for {signer.name || signer.email}
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
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        <Button size="sm" variant="outline" asChild className="flex-1 sm:flex-none">
          <a href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" /> Open
            <span className="sr-only"> {signer.name || signer.email}’s page in a new tab</span>
          </a>
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? 'Link copied to the clipboard.' : ''}
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
          toast.success(
            email.trim().toLowerCase() !== signer.email.toLowerCase()
              ? `A new link is on its way to ${email.trim()}`
              : 'Signer updated',
          );
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" aria-label="Correct the signer">
          <DialogHeader>
            <DialogTitle>Correct {signer.name || signer.email}</DialogTitle>
            <DialogDescription>
              A new address gets a new link by email, and the old link stops working. Nothing is sent again to the
              others.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Name</Label>
            <Input id={ids.name} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={!!fields.name} />
            {fields.name ? <p className="text-destructive text-sm">{fields.name}</p> : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.email}>Email</Label>
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
            <Label htmlFor={ids.role}>Role (optional)</Label>
            <Input id={ids.role} value={role} onChange={(e) => setRole(e.target.value)} placeholder="Client — CFO" />
          </div>
          {change.error && Object.keys(fields).length === 0 ? (
            <p role="alert" className="text-destructive text-sm">
              {change.error.message}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving…' : 'Save'}
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
          toast.success('complete' in result ? 'You countersigned' : 'You countersigned: the proposal is accepted');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <form onSubmit={onSubmit} className="grid gap-4" aria-label="Countersign">
          <DialogHeader>
            <DialogTitle>Countersign</DialogTitle>
            <DialogDescription>
              Every client has signed. Your signature completes the acceptance; everyone then gets the signed PDF.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={nameId}>Your full name</Label>
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
                tried && !mark ? 'Sign in the box: type, draw or upload your signature.' : (fields.mark ?? undefined)
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
              {consentText(englishI18n, method)}
            </Label>
          </div>
          {tried && !consent ? (
            <p className="text-destructive text-sm">Tick the box to agree to the terms of the electronic signature.</p>
          ) : null}
          {countersign.error && Object.keys(fields).length === 0 ? (
            <p role="alert" className="text-destructive text-sm">
              {countersign.error.message}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={countersign.isPending} aria-busy={countersign.isPending || undefined}>
              <Signature aria-hidden="true" />
              {countersign.isPending ? 'Signing…' : 'Countersign'}
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
  const change = useChangeSigner(proposalId);
  const who = signer.name || signer.email;
  const act = (kind: 'revoke' | 'reissue') =>
    change.mutate(
      { kind, signerId: signer.id },
      {
        onSuccess: () =>
          toast.success(
            kind === 'revoke' ? `${who}’s link no longer works` : `A new link is on its way to ${signer.email}`,
          ),
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
                You, countersigning
              </Badge>
            ) : null}
          </p>
          <p className="text-muted-foreground text-xs break-all">
            {[signer.role, signer.party === 'client' ? signer.email : null].filter(Boolean).join(' · ')}
          </p>
          <SignerStatus signer={signer} open={open} />
          {signer.party === 'client' && signer.invitedAt && !signer.signedAt ? (
            <p className="text-muted-foreground text-xs">
              Link emailed <TimeStamp iso={signer.invitedAt} inline />
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-2">
          {signer.party === 'owner' && open && signer.canSignNow && revisionHash ? (
            <Button size="sm" onClick={onCountersign}>
              <Signature aria-hidden="true" /> Countersign
            </Button>
          ) : null}
          {mendable ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button size="sm" variant="ghost" aria-label={`More for ${who}`} disabled={change.isPending}>
                  <MoreHorizontal aria-hidden="true" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={onCorrect}>
                  <PenLine aria-hidden="true" /> Correct name or email
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => act('reissue')}>
                  <RotateCw aria-hidden="true" /> Send a new link
                </DropdownMenuItem>
                {signer.url ? (
                  <DropdownMenuItem onSelect={() => act('revoke')}>
                    <Link2 aria-hidden="true" /> Revoke the link
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

function describeRound(state: TSigningState): string {
  const clients = state.signers.filter((s) => s.party === 'client').length;
  const order =
    state.settings.order === 'sequential' && clients > 1 ? 'one after another, in this order' : 'all at once';
  const countersign =
    state.settings.countersign === 'after'
      ? ' You countersign after them.'
      : state.settings.countersign === 'before'
        ? ' You signed before sending.'
        : '';
  const code = state.settings.emailCode ? ' Each confirms a code sent to their email before signing.' : '';
  return `${clients === 1 ? 'One signer' : `${clients} signers`}, ${order}.${countersign}${code}`;
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
  const signers = useProposalSigners(proposalId, { enabled: true });
  const [correcting, setCorrecting] = useState<TProposalSigner | null>(null);
  const [countersigning, setCountersigning] = useState<TProposalSigner | null>(null);
  return (
    <Card role="region" aria-labelledby="signers-heading">
      <CardHeader className="pb-2">
        <CardTitle id="signers-heading" className="flex items-center gap-2 text-base">
          <Users aria-hidden="true" className="size-4" />
          Signers
        </CardTitle>
        <CardDescription>
          {closed ??
            (signers.data
              ? describeRound(signers.data)
              : 'Each signer has their own private link to read, comment on and sign this proposal.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {signers.isPending ? (
          <div role="status" aria-label="Loading the signers" className="space-y-3">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : signers.isError ? (
          <div role="alert" className="text-sm">
            <p className="text-destructive">The signers did not load. {signers.error.message}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void signers.refetch()}>
              <RotateCw aria-hidden="true" /> Retry
            </Button>
          </div>
        ) : signers.data.signers.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            Nobody is asked to sign yet: send the proposal to add signers.
          </p>
        ) : (
          <ol aria-label="Signers in order" className="divide-y">
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
