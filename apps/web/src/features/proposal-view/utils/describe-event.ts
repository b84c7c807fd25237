import type { TProposalEvent } from '@draftwell/shared/share/share-api';
import { sectionTimesOf, sumSectionTimes } from '@draftwell/shared/document/sections';
import { formatCalendarDate } from '@draftwell/shared/document/variables';
import { formatMoney } from '@draftwell/shared/money';
import { formatDuration } from './format';

/** The sections a visit's line names, longest read first. */
const SECTIONS_NAMED = 2;

export type TEventDescription = {
  /** One line: what happened, and who did it. */
  title: string;
  /** A quote or a detail under it (a comment's words, a decline's reason, a message). */
  detail: string | null;
};

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A payment event's { amount, currency } as money. */
const money = (d: Record<string, unknown>): string =>
  typeof d.amount === 'number' && typeof d.currency === 'string' ? formatMoney(d.amount, d.currency) : 'the amount due';

/** "Ann First", "Ann First and Ben Second", "Ann, Ben and Cleo". */
export function nameList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Who a client's visit or download was: the signer whose link it was, as the server names them
 * (`data.name`, from the event's `signerId`); null for an event that names nobody.
 */
export function visitorOf(event: Pick<TProposalEvent, 'data'>): string | null {
  return text(event.data.name) || null;
}

/**
 * Visits counted and credited: "by Ben Second", "by Ann First (2) and Ben Second (1)"; a visit
 * that names nobody is "your client"'s.
 */
export function visitsBy(visitors: ReadonlyArray<string | null>): { count: number; by: string } {
  const counts = new Map<string, number>();
  for (const visitor of visitors) counts.set(visitor ?? 'your client', (counts.get(visitor ?? 'your client') ?? 0) + 1);
  const names = [...counts.keys()];
  return {
    count: visitors.length,
    by: `by ${names.length === 1 ? names[0] : nameList(names.map((name) => `${name} (${counts.get(name)})`))}`,
  };
}

/** The activity timeline's words for one event; `clientName` stands in where the event names nobody. */
export function describeEvent(event: TProposalEvent, clientName = ''): TEventDescription {
  const d = event.data;
  const client = clientName.trim() || 'Your client';
  switch (event.type) {
    case 'created':
      return { title: 'Created', detail: null };
    case 'sent': {
      const signers = Array.isArray(d.signers) ? (d.signers as Array<{ name?: unknown; email?: unknown }>) : [];
      const to = signers.length > 1 ? signers.map((s) => text(s.name) || text(s.email)).join(', ') : text(d.to);
      const revision = event.revisionNumber ? `revision ${event.revisionNumber}` : 'the proposal';
      return {
        title: `You sent ${revision}${to ? ` to ${to}` : ''}`,
        detail: text(d.message) || null,
      };
    }
    case 'opened': {
      const seconds = typeof d.seconds === 'number' ? d.seconds : null;
      // The sections read longest in this visit: "read Pricing for 2 min, Scope for 40 s".
      const read = sumSectionTimes([sectionTimesOf(d)]).slice(0, SECTIONS_NAMED);
      const parts = [
        ...(seconds !== null && seconds > 0 ? [`${formatDuration(seconds)} on the page`] : []),
        ...(read.length ? [`read ${read.map((s) => `${s.title} for ${formatDuration(s.seconds)}`).join(', ')}`] : []),
      ];
      return { title: `${visitorOf(event) ?? client} opened it`, detail: parts.length ? parts.join(' · ') : null };
    }
    case 'downloaded': {
      const pdf = d.sealed === true ? 'the signed PDF' : 'the PDF';
      return {
        title: d.by === 'owner' ? `You downloaded ${pdf}` : `${visitorOf(event) ?? client} downloaded ${pdf}`,
        detail: null,
      };
    }
    case 'commented': {
      const mine = d.author === 'owner';
      const who = mine ? 'You' : text(d.authorName) || client;
      return { title: mine ? 'You replied' : `${who} commented`, detail: text(d.excerpt) || null };
    }
    case 'accepted': {
      const name = text(d.name) || client;
      const email = text(d.email);
      return { title: `Accepted by ${name}${email ? ` (${email})` : ''}`, detail: null };
    }
    case 'declined': {
      const reason = text(d.reason);
      return {
        title: `${text(d.name) || client} declined it`,
        detail: reason ? `Reason: ${reason}` : 'No reason given',
      };
    }
    case 'signed': {
      const mine = d.party === 'owner';
      const name = text(d.name) || client;
      const waiting = Array.isArray(d.waitingFor) ? d.waitingFor.map(text).filter(Boolean) : [];
      return {
        title: mine ? `You signed as ${name}` : `Signed by ${name}${text(d.email) ? ` (${text(d.email)})` : ''}`,
        detail: waiting.length > 0 ? `Still to sign: ${waiting.join(', ')}` : null,
      };
    }
    case 'signer_changed': {
      const name = text(d.name) || 'a signer';
      const title =
        d.action === 'revoked'
          ? `You revoked ${name}’s link`
          : d.action === 'reissued'
            ? `You sent ${name} a new link`
            : `You corrected ${name}’s details`;
      return { title, detail: text(d.from) ? `Was ${text(d.from)}; now ${text(d.email)}` : null };
    }
    case 'expired':
      return { title: 'Expired: the valid-until date passed without an answer', detail: null };
    case 'withdrawn':
      return { title: 'You withdrew it: the link is closed until you send it again', detail: null };
    case 'extended': {
      const until = text(d.validUntil);
      return { title: until ? `You extended it to ${formatCalendarDate(until)}` : 'You extended it', detail: null };
    }
    case 'reminder_sent': {
      const to = (Array.isArray(d.names) ? d.names.map(text).filter(Boolean).join(', ') : '') || client;
      if (d.automatic === true) {
        const step = typeof d.step === 'number' ? d.step : null;
        const of = typeof d.of === 'number' ? d.of : null;
        return {
          title: `Automatic reminder${step && of ? ` ${step} of ${of}` : ''} emailed to ${to}`,
          detail: null,
        };
      }
      return { title: `A reminder was emailed to ${to}`, detail: null };
    }
    case 'expiry_warning_sent': {
      const days = typeof d.daysLeft === 'number' ? d.daysLeft : null;
      const when = days === 0 ? 'closes today' : days === 1 ? 'closes tomorrow' : `closes in ${days ?? 'a few'} days`;
      if (d.audience === 'owner') return { title: `You were emailed that it ${when}`, detail: null };
      const to = (Array.isArray(d.names) ? d.names.map(text).filter(Boolean).join(', ') : '') || client;
      return {
        title: `${to} ${Array.isArray(d.names) && d.names.length > 1 ? 'were' : 'was'} emailed that it ${when}`,
        detail: null,
      };
    }
    case 'follow_up_stopped': {
      const name = text(d.name) || client;
      return {
        title: `${name} stopped the automatic emails`,
        detail: 'No more automatic reminders or expiry warnings go to them for this proposal.',
      };
    }
    case 'sealed':
      return { title: 'The signed PDF was sealed with the server’s certificate', detail: null };
    case 'seal_failed':
      return { title: 'The signed PDF could not be made', detail: text(d.reason) || null };
    case 'paid':
      return {
        title: `${text(d.name) || client} paid ${money(d)} through Stripe`,
        detail: d.again
          ? 'It was already paid: this is a second payment. Refund one of them in your Stripe Dashboard.'
          : text(d.paymentIntentId)
            ? `Stripe payment ${text(d.paymentIntentId)}`
            : null,
      };
    case 'marked_paid':
      return {
        title: `${text(d.by) ? `${text(d.by)} marked` : 'You marked'} ${money(d)} as paid`,
        detail: text(d.note) || null,
      };
    case 'payment_failed':
      return { title: `A payment of ${money(d)} did not go through`, detail: text(d.message) || null };
    case 'refunded':
      return {
        title: d.full === true ? `Refunded in full (${money(d)})` : `${money(d)} refunded so far`,
        detail: null,
      };
    default:
      return { title: String(event.type), detail: null };
  }
}
