import { MAX_UNIT_PRICE } from '@draftwell/shared/document/pricing';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { currencyDigits } from '@draftwell/shared/money';
import { appI18n } from './app-language';

export type TMoneyParse = { ok: true; minor: number } | { ok: false; message: string };

/** "1,000", "1,000,000", "1.000.000": thousands groups. A lone dot is always the decimal point. */
const GROUPED = /^\d{1,3}(?:(?:,\d{3})+|(?:\.\d{3}){2,})$/;

/** Splits "1,234.50" / "1.234,50" / "12,5" into whole and fraction digits, or null when it is not a number. */
function splitAmount(text: string): { whole: string; fraction: string } | null {
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let whole: string;
  let fraction = '';
  if (lastDot >= 0 && lastComma >= 0) {
    // Both are present: the later one marks the decimals, the other groups thousands.
    const at = Math.max(lastDot, lastComma);
    whole = text.slice(0, at);
    fraction = text.slice(at + 1);
    const group = at === lastDot ? ',' : '.';
    if (whole.includes(text[at]!) || !new RegExp(`^\\d{1,3}(?:\\${group}\\d{3})*$`).test(whole)) return null;
    whole = whole.split(group).join('');
  } else if (GROUPED.test(text)) {
    // "1,000" or "1.000.000": separators every three digits group thousands.
    whole = text.replace(/[.,]/g, '');
  } else {
    const parts = text.split(/[.,]/);
    if (parts.length > 2) return null;
    whole = parts[0]!;
    fraction = parts[1] ?? '';
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || whole + fraction === '') return null;
  return { whole, fraction };
}

/**
 * A typed price ("1234.5", "1,234.50", "12,5") as integer minor units of `currency`, exactly:
 * the digits are read as a string, never multiplied as floats. More decimals than the currency
 * has is refused (JPY has none, KWD three).
 */
export function parseMoneyInput(text: string, currency: string, i18n: I18n = appI18n()): TMoneyParse {
  const compact = text.trim().replace(/[\s\u00a0\u202f_']/g, '');
  if (compact === '') return { ok: false, message: i18n._('Enter a price.') };
  if (compact.startsWith('-')) return { ok: false, message: i18n._('A price cannot be negative.') };
  const parts = splitAmount(compact.startsWith('+') ? compact.slice(1) : compact);
  if (!parts) return { ok: false, message: i18n._('Enter a number, like 1234.50.') };
  const digits = currencyDigits(currency);
  const fraction = parts.fraction.replace(/0+$/, '');
  if (fraction.length > digits) {
    return {
      ok: false,
      message:
        digits === 0
          ? i18n._('{currency} has no decimals: enter a whole amount.', { currency })
          : i18n._(
              '{digits, plural, one {{currency} has # decimal: use at most # after the point.} other {{currency} has # decimals: use at most # after the point.}}',
              { currency, digits },
            ),
    };
  }
  const whole = parts.whole.replace(/^0+/, '');
  const minorDigits = `${whole}${fraction.padEnd(digits, '0')}`.replace(/^0+/, '') || '0';
  if (minorDigits.length > String(MAX_UNIT_PRICE).length || Number(minorDigits) > MAX_UNIT_PRICE) {
    return { ok: false, message: i18n._('That price is too large.') };
  }
  return { ok: true, minor: Number(minorDigits) };
}

/** Minor units as the plain text of a price field: no symbol, no grouping, all the currency's decimals ("1234.50"). */
export function formatMoneyInput(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(minor)));
  if (digits === 0) return `${sign}${text}`;
  const padded = text.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}
