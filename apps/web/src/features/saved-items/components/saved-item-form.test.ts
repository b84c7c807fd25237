import { describe, expect, it } from 'vitest';
import { savedItemFormValues, ZSavedItemForm } from './saved-item-form';

const base = { description: 'Design day', unit: 'day', currency: 'EUR', billing: 'one_off' as const, taxRate: '20' };

describe('ZSavedItemForm', () => {
  it('turns the typed price and rate into minor units and basis points', () => {
    expect(ZSavedItemForm.parse({ ...base, unitPrice: '1234.56', taxRate: '12.5' })).toEqual({
      description: 'Design day',
      unit: 'day',
      currency: 'EUR',
      billing: 'one_off',
      unitPrice: 123456,
      taxRate: 1250,
    });
    expect(ZSavedItemForm.parse({ ...base, currency: 'JPY', unitPrice: '15000' }).unitPrice).toBe(15000);
    expect(ZSavedItemForm.parse({ ...base, currency: 'KWD', unitPrice: '1.234' }).unitPrice).toBe(1234);
  });

  it('puts each problem on its field', () => {
    const result = ZSavedItemForm.safeParse({
      ...base,
      description: ' ',
      currency: 'JPY',
      unitPrice: '10.5',
      taxRate: '101',
    });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(byPath).toEqual({
      description: 'Enter a description.',
      unitPrice: 'JPY has no decimals: enter a whole amount.',
      taxRate: 'A rate cannot be above 100 %.',
    });
  });

  it('fills the form from a saved item and back unchanged', () => {
    const item = {
      id: 'x',
      description: 'Hosting',
      unit: 'month',
      unitPrice: 12345,
      currency: 'KWD',
      taxRate: 725,
      billing: 'monthly' as const,
      version: 1,
      createdAt: '',
      updatedAt: '',
    };
    const values = savedItemFormValues(item, 'USD');
    expect(values).toMatchObject({ unitPrice: '12.345', taxRate: '7.25', currency: 'KWD' });
    expect(ZSavedItemForm.parse(values)).toMatchObject({ unitPrice: 12345, taxRate: 725, billing: 'monthly' });
    expect(savedItemFormValues(null, 'GBP')).toMatchObject({ currency: 'GBP', unitPrice: '', billing: 'one_off' });
  });
});
