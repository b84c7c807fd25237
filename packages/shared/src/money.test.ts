import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney } from './money';

describe('money display', () => {
  it('knows minor-unit digits per currency', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });
  it('formats minor units without floating-point drift', () => {
    expect(formatMoney(1900, 'USD')).toBe('$19');
    expect(formatMoney(1999, 'USD')).toBe('$19.99');
    expect(formatMoney(0, 'USD')).toBe('$0');
    expect(formatMoney(1234, 'KWD')).toBe('KWD\u00a01.234');
    expect(formatMoney(500, 'JPY')).toBe('¥500');
  });
});
