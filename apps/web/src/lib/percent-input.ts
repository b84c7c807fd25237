import { BASIS_POINTS_SCALE } from '@draftwell/shared/document/pricing';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { appI18n } from './app-language';

export type TPercentParse = { ok: true; basisPoints: number } | { ok: false; message: string };

/**
 * A typed rate ("12.5", "12,5 %", "" for none) as basis points (1250), read digit by digit so
 * no float rounding creeps in. Two decimals at most: basis points are hundredths of a percent.
 */
export function parsePercentInput(text: string, i18n: I18n = appI18n()): TPercentParse {
  const compact = text.replace(/[\s\u00a0\u202f%]/g, '');
  if (compact === '') return { ok: true, basisPoints: 0 };
  if (compact.startsWith('-')) return { ok: false, message: i18n._('A rate cannot be negative.') };
  const match = /^(\d*)(?:[.,](\d*))?$/.exec(compact);
  if (!match || `${match[1]}${match[2] ?? ''}` === '')
    return { ok: false, message: i18n._('Enter a percentage, like 20 or 12.5.') };
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return { ok: false, message: i18n._('Use at most 2 decimals, like 7.25.') };
  const whole = (match[1] ?? '').replace(/^0+/, '');
  if (whole.length > 3) return { ok: false, message: i18n._('A rate cannot be above 100 %.') };
  const basisPoints = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (basisPoints > BASIS_POINTS_SCALE) return { ok: false, message: i18n._('A rate cannot be above 100 %.') };
  return { ok: true, basisPoints };
}

/** Basis points as the text of a rate field: 1250 → "12.5", 2000 → "20", 725 → "7.25". */
export function formatPercentInput(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(Math.abs(basisPoints % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
