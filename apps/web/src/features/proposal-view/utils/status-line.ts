import type { TPaymentStatus } from '@draftwell/shared/payments';
import type { TCountersignMode, TSignerParty, TSigningOrder } from '@draftwell/shared/share/signing';
import type { TProposalStatus } from '@draftwell/shared/workspace/proposals';
import { nameList } from './describe-event';

/** What the owner's status line is made from: the proposal, its signers, its activity, its payment. */
export type TStatusLineInput = {
  status: TProposalStatus;
  /** It was sent at least once (a draft may be a withdrawn proposal). */
  everSent: boolean;
  /** Some revision was opened before (the newest one may not have been yet). */
  openedBefore: boolean;
  /** The proposal's client, named where nothing more precise is known yet. */
  clientName: string;
  /** In order, the clients left sign one after another; all at once, together. */
  order: TSigningOrder;
  countersign: TCountersignMode;
  /** Everyone who signs the newest revision, in order, and when they did; null while loading. */
  signers: ReadonlyArray<{ name: string; party: TSignerParty; signedAt: string | null }> | null;
  /** The client signers who opened the newest revision, first visit first; null while loading. */
  openedBy: readonly string[] | null;
  /** Who declined it, when the activity says. */
  declinedBy: string | null;
  /** What is due after signing, once accepted; null when nothing is asked or it is not known yet. */
  payment: { status: TPaymentStatus | 'none'; amount: string | null } | null;
};

const have = (names: readonly string[]) => (names.length === 1 ? 'has' : 'have');

/** "both clients", "all 3 clients", or the one client's name: who has signed, once every client has. */
function allClients(names: readonly string[]): string {
  if (names.length === 1) return names[0]!;
  return names.length === 2 ? 'both clients' : `all ${names.length} clients`;
}

/** Where a proposal awaiting signatures stands: who signed and who is left. */
function pending(input: TStatusLineInput): string {
  const { signers, openedBy, countersign } = input;
  const client = input.clientName.trim() || 'Your client';
  const clients = signers?.filter((s) => s.party === 'client') ?? [];
  const signed = clients.filter((s) => s.signedAt).map((s) => s.name);
  const left = clients.filter((s) => !s.signedAt).map((s) => s.name);
  const ownerLeft = signers?.some((s) => s.party === 'owner' && !s.signedAt) ?? false;
  if (signed.length > 0 && left.length === 0) {
    return ownerLeft
      ? `Signed by ${allClients(signed)} · waiting for your countersignature`
      : `Signed by ${allClients(signed)}`;
  }
  if (signed.length > 0) {
    const waiting = input.order === 'sequential' ? left.join(', then ') : nameList(left);
    const after = ownerLeft && countersign === 'after' ? ', then your countersignature' : '';
    return `Signed by ${nameList(signed)} · waiting for ${waiting}${after}`;
  }
  // Nobody has signed the newest revision yet.
  if (openedBy === null) {
    return input.status === 'viewed' ? 'Opened; no answer yet.' : 'Sent; not opened yet.';
  }
  if (openedBy.length > 0) return `${nameList(openedBy)} opened it; no answer yet.`;
  // In order, only the first signer has been emailed so far.
  const emailed = input.order === 'sequential' ? left.slice(0, 1) : left;
  const notOpened = emailed.length > 0 ? emailed : [client];
  return input.openedBefore
    ? `Sent again; ${nameList(notOpened)} ${have(notOpened)} not opened this revision yet.`
    : `Sent; ${nameList(notOpened)} ${have(notOpened)} not opened it yet.`;
}

/** An accepted proposal, with the payment asked for at acceptance where there is one. */
function accepted(payment: TStatusLineInput['payment']): string {
  const amount = payment?.amount;
  switch (payment?.status) {
    case 'awaiting':
      return `Accepted and signed · payment of ${amount ?? 'the amount asked'} due`;
    case 'processing':
      return `Accepted and signed · payment of ${amount ?? 'the amount asked'} on its way`;
    case 'paid':
      return `Accepted and signed · ${amount ?? 'payment'} paid`;
    case 'refunded':
      return 'Accepted and signed · payment refunded';
    default:
      return 'Accepted and signed: it is locked. Duplicate it to start a new one from it.';
  }
}

/**
 * The owner's status line: one phrase on where the proposal stands and who it waits for, with
 * several signers in order or all at once, the owner's countersignature and a payment due.
 */
export function statusLine(input: TStatusLineInput): string {
  const client = input.clientName.trim() || 'Your client';
  switch (input.status) {
    case 'draft':
      return input.everSent
        ? 'Withdrawn: your client’s link says so until you send it again.'
        : 'Not sent yet: your client has not seen it.';
    case 'sent':
    case 'viewed':
      return pending(input);
    case 'accepted':
      return accepted(input.payment);
    case 'declined':
      return `${input.declinedBy ?? client} declined it. You can change it and send it again.`;
    case 'expired':
      return 'Expired without an answer. Extend the validity to open it again for your client.';
  }
}
