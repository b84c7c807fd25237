import type { TProposalEvent } from '@draftwell/shared/share/share-api';
import { sectionTimesOf, sumSectionTimes } from '@draftwell/shared/document/sections';
import { formatCalendarDate } from '@draftwell/shared/document/variables';
import { formatList } from '@draftwell/shared/i18n/format';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { formatMoney } from '@draftwell/shared/money';
import { appI18n } from '@/lib/app-language';
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

/** A payment event's { amount, currency } as money; null when the event does not say. */
const money = (d: Record<string, unknown>): string | null =>
  typeof d.amount === 'number' && typeof d.currency === 'string' ? formatMoney(d.amount, d.currency) : null;

/** English lists its names without the serial comma, as the screens always have ("A, B and C"). */
const listLocale = (i18n: I18n) => (i18n.locale === 'en' ? 'en-GB' : i18n.locale);

/** "Ann First", "Ann First and Ben Second", "Ann, Ben and Cleo", as the app's language joins them. */
export function nameList(names: readonly string[], i18n: I18n = appI18n()): string {
  return names.length <= 1 ? (names[0] ?? '') : formatList(names, listLocale(i18n));
}

/** "Ann First, Ben Second": names one after the other, without "and" where the language has none. */
export function nameRow(names: readonly string[], i18n: I18n = appI18n()): string {
  return names.length <= 1 ? (names[0] ?? '') : formatList(names, listLocale(i18n), 'unit');
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
export function visitsBy(
  visitors: ReadonlyArray<string | null>,
  i18n: I18n = appI18n(),
): { count: number; by: string } {
  return { count: visitors.length, by: i18n._('by {names}', { names: visitorList(visitors, i18n) }) };
}

/** Whose the visits were, each with its count when there are several visitors: "Ann First (2) and Ben Second (1)". */
export function visitorList(visitors: ReadonlyArray<string | null>, i18n: I18n = appI18n()): string {
  const nobody = i18n._('your client');
  const counts = new Map<string, number>();
  for (const visitor of visitors) counts.set(visitor ?? nobody, (counts.get(visitor ?? nobody) ?? 0) + 1);
  const names = [...counts.keys()];
  return names.length === 1
    ? names[0]!
    : nameList(
        names.map((name) => i18n._('{name} ({count})', { name, count: counts.get(name) })),
        i18n,
      );
}

/** What an opened visit's detail says: the time on the page, the sections read longest. */
function visitDetail(d: Record<string, unknown>, i18n: I18n): string | null {
  const seconds = typeof d.seconds === 'number' ? d.seconds : null;
  // The sections read longest in this visit: "read Pricing for 2 min, Scope for 40 s".
  const read = sumSectionTimes([sectionTimesOf(d)]).slice(0, SECTIONS_NAMED);
  const [first, second] = read;
  const parts = [
    ...(seconds !== null && seconds > 0
      ? [i18n._('{duration} on the page', { duration: formatDuration(seconds, i18n) })]
      : []),
    ...(first && second
      ? [
          i18n._('read {first} for {firstDuration}, {second} for {secondDuration}', {
            first: first.title,
            firstDuration: formatDuration(first.seconds, i18n),
            second: second.title,
            secondDuration: formatDuration(second.seconds, i18n),
          }),
        ]
      : first
        ? [
            i18n._('read {section} for {duration}', {
              section: first.title,
              duration: formatDuration(first.seconds, i18n),
            }),
          ]
        : []),
  ];
  return parts.length ? parts.join(' · ') : null;
}

/** When an expiry warning said the proposal closes, as the line about whom it was emailed to. */
function expiryWarning(d: Record<string, unknown>, client: string, i18n: I18n): string {
  const days = typeof d.daysLeft === 'number' ? d.daysLeft : null;
  if (d.audience === 'owner') {
    if (days === 0) return i18n._('You were emailed that it closes today');
    if (days === 1) return i18n._('You were emailed that it closes tomorrow');
    return days === null
      ? i18n._('You were emailed that it closes in a few days')
      : i18n._('You were emailed that it closes in {days} days', { days });
  }
  const named = Array.isArray(d.names) ? d.names.map(text).filter(Boolean) : [];
  const names = nameRow(named, i18n) || client;
  const count = Array.isArray(d.names) && d.names.length > 1 ? 2 : 1;
  if (days === 0) {
    return i18n._(
      '{count, plural, one {{names} was emailed that it closes today} other {{names} were emailed that it closes today}}',
      { count, names },
    );
  }
  if (days === 1) {
    return i18n._(
      '{count, plural, one {{names} was emailed that it closes tomorrow} other {{names} were emailed that it closes tomorrow}}',
      { count, names },
    );
  }
  return days === null
    ? i18n._(
        '{count, plural, one {{names} was emailed that it closes in a few days} other {{names} were emailed that it closes in a few days}}',
        { count, names },
      )
    : i18n._(
        '{count, plural, one {{names} was emailed that it closes in {days} days} other {{names} were emailed that it closes in {days} days}}',
        { count, names, days },
      );
}

/** The activity timeline's words for one event; `clientName` stands in where the event names nobody. */
export function describeEvent(event: TProposalEvent, clientName = '', i18n: I18n = appI18n()): TEventDescription {
  const d = event.data;
  const client = clientName.trim() || i18n._('Your client');
  switch (event.type) {
    case 'created':
      return { title: i18n._('Created'), detail: null };
    case 'sent': {
      const signers = Array.isArray(d.signers) ? (d.signers as Array<{ name?: unknown; email?: unknown }>) : [];
      const to =
        signers.length > 1
          ? nameRow(
              signers.map((s) => text(s.name) || text(s.email)),
              i18n,
            )
          : text(d.to);
      const number = event.revisionNumber;
      let title: string;
      if (number) {
        title = to
          ? i18n._('You sent revision {number} to {to}', { number, to })
          : i18n._('You sent revision {number}', { number });
      } else {
        title = to ? i18n._('You sent the proposal to {to}', { to }) : i18n._('You sent the proposal');
      }
      return { title, detail: text(d.message) || null };
    }
    case 'opened':
      return { title: i18n._('{name} opened it', { name: visitorOf(event) ?? client }), detail: visitDetail(d, i18n) };
    case 'downloaded': {
      const sealed = d.sealed === true;
      if (d.by === 'owner') {
        return {
          title: sealed ? i18n._('You downloaded the signed PDF') : i18n._('You downloaded the PDF'),
          detail: null,
        };
      }
      const name = visitorOf(event) ?? client;
      return {
        title: sealed
          ? i18n._('{name} downloaded the signed PDF', { name })
          : i18n._('{name} downloaded the PDF', { name }),
        detail: null,
      };
    }
    case 'commented': {
      const mine = d.author === 'owner';
      const name = text(d.authorName) || client;
      return {
        title: mine ? i18n._('You replied') : i18n._('{name} commented', { name }),
        detail: text(d.excerpt) || null,
      };
    }
    case 'accepted': {
      const name = text(d.name) || client;
      const email = text(d.email);
      return {
        title: email ? i18n._('Accepted by {name} ({email})', { name, email }) : i18n._('Accepted by {name}', { name }),
        detail: null,
      };
    }
    case 'declined': {
      const reason = text(d.reason);
      return {
        title: i18n._('{name} declined it', { name: text(d.name) || client }),
        detail: reason ? i18n._('Reason: {reason}', { reason }) : i18n._('No reason given'),
      };
    }
    case 'signed': {
      const mine = d.party === 'owner';
      const name = text(d.name) || client;
      const email = text(d.email);
      const waiting = Array.isArray(d.waitingFor) ? d.waitingFor.map(text).filter(Boolean) : [];
      return {
        title: mine
          ? i18n._('You signed as {name}', { name })
          : email
            ? i18n._('Signed by {name} ({email})', { name, email })
            : i18n._('Signed by {name}', { name }),
        detail: waiting.length > 0 ? i18n._('Still to sign: {names}', { names: nameRow(waiting, i18n) }) : null,
      };
    }
    case 'signer_changed': {
      const name = text(d.name);
      let title: string;
      if (d.action === 'revoked') {
        title = name ? i18n._('You revoked {name}’s link', { name }) : i18n._('You revoked a signer’s link');
      } else if (d.action === 'reissued') {
        title = name ? i18n._('You sent {name} a new link', { name }) : i18n._('You sent a signer a new link');
      } else {
        title = name ? i18n._('You corrected {name}’s details', { name }) : i18n._('You corrected a signer’s details');
      }
      const from = text(d.from);
      return { title, detail: from ? i18n._('Was {from}; now {email}', { from, email: text(d.email) }) : null };
    }
    case 'expired':
      return { title: i18n._('Expired: the valid-until date passed without an answer'), detail: null };
    case 'withdrawn':
      return { title: i18n._('You withdrew it: the link is closed until you send it again'), detail: null };
    case 'extended': {
      const until = text(d.validUntil);
      return {
        title: until
          ? i18n._('You extended it to {date}', { date: formatCalendarDate(until) })
          : i18n._('You extended it'),
        detail: null,
      };
    }
    case 'reminder_sent': {
      const names = nameRow(Array.isArray(d.names) ? d.names.map(text).filter(Boolean) : [], i18n) || client;
      if (d.automatic === true) {
        const step = typeof d.step === 'number' ? d.step : null;
        const of = typeof d.of === 'number' ? d.of : null;
        return {
          title:
            step && of
              ? i18n._('Automatic reminder {step} of {total} emailed to {names}', { step, total: of, names })
              : i18n._('Automatic reminder emailed to {names}', { names }),
          detail: null,
        };
      }
      return { title: i18n._('A reminder was emailed to {names}', { names }), detail: null };
    }
    case 'expiry_warning_sent':
      return { title: expiryWarning(d, client, i18n), detail: null };
    case 'follow_up_stopped': {
      const name = text(d.name) || client;
      return {
        title: i18n._('{name} stopped the automatic emails', { name }),
        detail: i18n._('No more automatic reminders or expiry warnings go to them for this proposal.'),
      };
    }
    case 'sealed':
      return { title: i18n._('The signed PDF was sealed with the server’s certificate'), detail: null };
    case 'seal_failed':
      return { title: i18n._('The signed PDF could not be made'), detail: text(d.reason) || null };
    case 'paid': {
      const name = text(d.name) || client;
      const amount = money(d);
      return {
        title: amount
          ? i18n._('{name} paid {amount} through Stripe', { name, amount })
          : i18n._('{name} paid the amount due through Stripe', { name }),
        detail: d.again
          ? i18n._('It was already paid: this is a second payment. Refund one of them in your Stripe Dashboard.')
          : text(d.paymentIntentId)
            ? i18n._('Stripe payment {id}', { id: text(d.paymentIntentId) })
            : null,
      };
    }
    case 'marked_paid': {
      const by = text(d.by);
      const amount = money(d);
      let title: string;
      if (by) {
        title = amount
          ? i18n._('{name} marked {amount} as paid', { name: by, amount })
          : i18n._('{name} marked the amount due as paid', { name: by });
      } else {
        title = amount
          ? i18n._('You marked {amount} as paid', { amount })
          : i18n._('You marked the amount due as paid');
      }
      return { title, detail: text(d.note) || null };
    }
    case 'payment_failed': {
      const amount = money(d);
      return {
        title: amount
          ? i18n._('A payment of {amount} did not go through', { amount })
          : i18n._('A payment of the amount due did not go through'),
        detail: text(d.message) || null,
      };
    }
    case 'refunded': {
      const amount = money(d);
      let title: string;
      if (d.full === true) {
        title = amount
          ? i18n._('Refunded in full ({amount})', { amount })
          : i18n._('Refunded in full (the amount due)');
      } else {
        title = amount ? i18n._('{amount} refunded so far', { amount }) : i18n._('the amount due refunded so far');
      }
      return { title, detail: null };
    }
    default:
      return { title: String(event.type), detail: null };
  }
}
