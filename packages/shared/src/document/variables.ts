import type { I18n } from '../i18n/i18n';
import type { TLanguage } from '../i18n/languages';
import { formatMoney } from '../money';
import { DEFAULT_LOCALE } from './locale';
import type { TPricingTotals } from './pricing';
import { VARIABLES, type TVariableName } from './variable-names';
import { formatDate } from '../i18n/format';

/**
 * What the variables in a document are filled from: the proposal, its client and its sender.
 * The editor's preview, the client's page and the PDF all fill them through `resolveVariable`,
 * and sending refuses a proposal whose variables do not all resolve.
 */
export type TDocumentContext = {
  proposal: {
    title: string;
    number: string;
    /** yyyy-mm-dd, or null when no date is set. */
    validUntil: string | null;
    currency: string;
    totals: TPricingTotals | null;
  };
  client: { name: string; company: string; email: string };
  sender: { name: string; company: string };
  /** The sender's document locale (`documentLocale`): every date of the document is written in it. */
  locale: string;
  /** The proposal's language (a BCP 47 tag of `LANGUAGES`); left out where there is none (a template). */
  language?: TLanguage;
};

/**
 * A variable's name in the reader's language: what a document shows, in brackets, where a
 * variable has no value yet (the editor's preview, the PDF, a diff), and the editor's chips and menu.
 */
export function variableLabel(i18n: I18n, name: TVariableName): string {
  switch (name) {
    case 'client.name':
      return i18n._('Client name');
    case 'client.company':
      return i18n._('Client company');
    case 'client.email':
      return i18n._('Client email');
    case 'sender.name':
      return i18n._('Your name');
    case 'sender.company':
      return i18n._('Your company');
    case 'proposal.title':
      return i18n._('Proposal title');
    case 'proposal.number':
      return i18n._('Proposal number');
    case 'proposal.valid_until':
      return i18n._('Valid until');
    case 'proposal.total':
      return i18n._('Total (one-off)');
  }
}

/** 2026-12-31 → "December 31, 2026" (in en-US), read as a calendar date (no time zone shift). */
export function formatCalendarDate(isoDate: string, locale: string = DEFAULT_LOCALE): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  return formatDate(Date.UTC(y, m - 1, d), locale, { dateStyle: 'long', timeZone: 'UTC' });
}

/** The text a variable stands for, or null when the context has nothing for it yet. */
export function resolveVariable(name: TVariableName, ctx: TDocumentContext): string | null {
  const value = (() => {
    switch (name) {
      case 'client.name':
        return ctx.client.name;
      case 'client.company':
        return ctx.client.company;
      case 'client.email':
        return ctx.client.email;
      case 'sender.name':
        return ctx.sender.name;
      case 'sender.company':
        return ctx.sender.company;
      case 'proposal.title':
        return ctx.proposal.title;
      case 'proposal.number':
        return ctx.proposal.number;
      case 'proposal.valid_until':
        return ctx.proposal.validUntil ? formatCalendarDate(ctx.proposal.validUntil, ctx.locale) : '';
      case 'proposal.total':
        return ctx.proposal.totals ? formatMoney(ctx.proposal.totals.one_off.total, ctx.proposal.currency) : '';
    }
  })();
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function isVariableName(name: string): name is TVariableName {
  return (VARIABLES as readonly string[]).includes(name);
}
