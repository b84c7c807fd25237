import { appI18n } from '@/lib/app-language';

/**
 * Exact conversion between what a person types ("1,234.5") and a scaled integer (123450 with two
 * digits): the digits are shifted as text, never multiplied as a float, so 0.1 + 0.2 problems and
 * 1234.5 * 100 = 123449.99999 cannot happen.
 */

export type TDecimalParse =
  | { ok: true; value: number }
  | { ok: false; code: 'empty' | 'format' | 'negative' | 'too_many_decimals' | 'too_large'; message: string };

function decimalsMessage(digits: number): string {
  const i18n = appI18n();
  if (digits === 0) return i18n._('Use a whole number here, without decimals.');
  return i18n._('{digits, plural, one {Use at most # decimal here.} other {Use at most # decimals here.}}', { digits });
}

/**
 * Normalises separators: spaces, apostrophes and underscores group digits; when both "," and "."
 * appear the last one is the decimal point; a lone "," is a decimal comma ("12,5") unless it groups
 * thousands ("1,000" or "1,234,567").
 */
function normalise(text: string): string | null {
  const compact = text.trim().replace(/[\s'_\u00a0\u202f]/g, '');
  const lastComma = compact.lastIndexOf(',');
  const lastDot = compact.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    const [whole = '', fraction, ...rest] = compact.split(decimal);
    if (rest.length > 0 || fraction === undefined) return null;
    if (whole.indexOf(decimal) >= 0) return null;
    return `${whole.split(group).join('')}.${fraction}`;
  }
  if (lastComma >= 0) {
    const parts = compact.split(',');
    const groupsThousands = parts.length > 1 && parts.slice(1).every((p) => p.length === 3) && parts[0] !== '';
    if (groupsThousands && (parts.length > 2 || parts[1]?.length === 3)) return parts.join('');
    if (parts.length === 2) return `${parts[0]}.${parts[1]}`;
    return null;
  }
  return compact;
}

/** "12.5" with 2 digits -> 1250; refuses more decimals than `digits`, negatives and values above `max`. */
export function parseDecimal(text: string, digits: number, max: number = Number.MAX_SAFE_INTEGER): TDecimalParse {
  const i18n = appI18n();
  if (text.trim() === '') return { ok: false, code: 'empty', message: i18n._('Enter a number.') };
  const normalised = normalise(text);
  if (normalised !== null && normalised.startsWith('-')) {
    return { ok: false, code: 'negative', message: i18n._("This can't be negative.") };
  }
  const match = normalised === null ? null : /^\+?(\d*)(?:\.(\d*))?$/.exec(normalised);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    return { ok: false, code: 'format', message: i18n._('Enter a number, for example 1234.50.') };
  }
  const significantFraction = fraction.replace(/0+$/, '');
  if (significantFraction.length > digits) {
    return { ok: false, code: 'too_many_decimals', message: decimalsMessage(digits) };
  }
  const scaled = BigInt(`${whole || '0'}${significantFraction.padEnd(digits, '0')}`);
  if (scaled > BigInt(max)) return { ok: false, code: 'too_large', message: i18n._('That number is too large.') };
  return { ok: true, value: Number(scaled) };
}

/** 1250 with 2 digits -> "12.5" (`trim`) or "12.50"; the exact inverse of parseDecimal. */
export function formatDecimal(value: number, digits: number, { trim = true }: { trim?: boolean } = {}): string {
  if (!Number.isSafeInteger(value)) return '';
  const negative = value < 0;
  const text = String(Math.abs(value)).padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  let fraction = digits > 0 ? text.slice(text.length - digits) : '';
  if (trim) fraction = fraction.replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
