import type { I18n } from '@draftwell/shared/i18n/i18n';
import type { TPaymentStatus } from '@draftwell/shared/payments';
import type { TCountersignMode, TSignerParty, TSigningOrder } from '@draftwell/shared/share/signing';
import type { TProposalStatus } from '@draftwell/shared/workspace/proposals';
import { appI18n } from '@/lib/app-language';
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

/** Who has signed, once every client has: the one client's name, "both clients", "all 3 clients". */
function signedByAll(names: readonly string[], ownerLeft: boolean, i18n: I18n): string {
  if (names.length === 1) {
    return ownerLeft
      ? i18n._('Signed by {name} · waiting for your countersignature', { name: names[0] })
      : i18n._('Signed by {name}', { name: names[0] });
  }
  if (names.length === 2) {
    return ownerLeft
      ? i18n._('Signed by both clients · waiting for your countersignature')
      : i18n._('Signed by both clients');
  }
  return ownerLeft
    ? i18n._('Signed by all {count} clients · waiting for your countersignature', { count: names.length })
    : i18n._('Signed by all {count} clients', { count: names.length });
}

/** Names one after another, in signing order: "Ben Second, then Cleo Third". */
function inTurn(names: readonly string[], i18n: I18n): string {
  return names.reduce((list, name) => (list ? i18n._('{names}, then {name}', { names: list, name }) : name), '');
}

/** Where a proposal awaiting signatures stands: who signed and who is left. */
function pending(input: TStatusLineInput, i18n: I18n): string {
  const { signers, openedBy, countersign } = input;
  const client = input.clientName.trim() || i18n._('Your client');
  const clients = signers?.filter((s) => s.party === 'client') ?? [];
  const signed = clients.filter((s) => s.signedAt).map((s) => s.name);
  const left = clients.filter((s) => !s.signedAt).map((s) => s.name);
  const ownerLeft = signers?.some((s) => s.party === 'owner' && !s.signedAt) ?? false;
  if (signed.length > 0 && left.length === 0) return signedByAll(signed, ownerLeft, i18n);
  if (signed.length > 0) {
    const waiting = input.order === 'sequential' ? inTurn(left, i18n) : nameList(left, i18n);
    const values = { signed: nameList(signed, i18n), waiting };
    return ownerLeft && countersign === 'after'
      ? i18n._('Signed by {signed} · waiting for {waiting}, then your countersignature', values)
      : i18n._('Signed by {signed} · waiting for {waiting}', values);
  }
  // Nobody has signed the newest revision yet.
  if (openedBy === null) {
    return input.status === 'viewed' ? i18n._('Opened; no answer yet.') : i18n._('Sent; not opened yet.');
  }
  if (openedBy.length > 0) return i18n._('{names} opened it; no answer yet.', { names: nameList(openedBy, i18n) });
  // In order, only the first signer has been emailed so far.
  const emailed = input.order === 'sequential' ? left.slice(0, 1) : left;
  const notOpened = emailed.length > 0 ? emailed : [client];
  const values = { count: notOpened.length, names: nameList(notOpened, i18n) };
  return input.openedBefore
    ? i18n._(
        '{count, plural, one {Sent again; {names} has not opened this revision yet.} other {Sent again; {names} have not opened this revision yet.}}',
        values,
      )
    : i18n._(
        '{count, plural, one {Sent; {names} has not opened it yet.} other {Sent; {names} have not opened it yet.}}',
        values,
      );
}

/** An accepted proposal, with the payment asked for at acceptance where there is one. */
function accepted(payment: TStatusLineInput['payment'], i18n: I18n): string {
  const amount = payment?.amount;
  switch (payment?.status) {
    case 'awaiting':
      return amount
        ? i18n._('Accepted and signed · payment of {amount} due', { amount })
        : i18n._('Accepted and signed · payment of the amount asked due');
    case 'processing':
      return amount
        ? i18n._('Accepted and signed · payment of {amount} on its way', { amount })
        : i18n._('Accepted and signed · payment of the amount asked on its way');
    case 'paid':
      return amount
        ? i18n._('Accepted and signed · {amount} paid', { amount })
        : i18n._('Accepted and signed · payment paid');
    case 'refunded':
      return i18n._('Accepted and signed · payment refunded');
    default:
      return i18n._('Accepted and signed: it is locked. Duplicate it to start a new one from it.');
  }
}

/**
 * The owner's status line: one phrase on where the proposal stands and who it waits for, with
 * several signers in order or all at once, the owner's countersignature and a payment due.
 */
export function statusLine(input: TStatusLineInput, i18n: I18n = appI18n()): string {
  const client = input.clientName.trim() || i18n._('Your client');
  switch (input.status) {
    case 'draft':
      return input.everSent
        ? i18n._('Withdrawn: your client’s link says so until you send it again.')
        : i18n._('Not sent yet: your client has not seen it.');
    case 'sent':
    case 'viewed':
      return pending(input, i18n);
    case 'accepted':
      return accepted(input.payment, i18n);
    case 'declined':
      return i18n._('{name} declined it. You can change it and send it again.', { name: input.declinedBy ?? client });
    case 'expired':
      return i18n._('Expired without an answer. Extend the validity to open it again for your client.');
  }
}
