import { describe, expect, it } from 'vitest';
import { documentTotals } from './pricing';
import { formatCalendarDate, isVariableName, resolveVariable, type TDocumentContext } from './variables';

const ctx: TDocumentContext = {
  proposal: {
    title: 'Website redesign',
    number: 'P-2026-0007',
    validUntil: '2026-12-31',
    currency: 'EUR',
    totals: null,
  },
  client: { name: 'Ada Lovelace', company: '', email: 'ada@example.com' },
  sender: { name: 'Sam Seller', company: 'Northwind Studio' },
  locale: 'en-US',
};

describe('resolveVariable', () => {
  it('fills names, numbers and dates from the context', () => {
    expect(resolveVariable('client.name', ctx)).toBe('Ada Lovelace');
    expect(resolveVariable('sender.company', ctx)).toBe('Northwind Studio');
    expect(resolveVariable('proposal.number', ctx)).toBe('P-2026-0007');
    expect(resolveVariable('proposal.valid_until', ctx)).toBe('December 31, 2026');
    expect(resolveVariable('proposal.valid_until', { ...ctx, locale: 'en-GB' })).toBe('31 December 2026');
  });

  it('answers null for what is empty, so sending can say what is missing', () => {
    expect(resolveVariable('client.company', ctx)).toBeNull();
    expect(resolveVariable('proposal.total', ctx)).toBeNull();
    expect(
      resolveVariable('proposal.valid_until', { ...ctx, proposal: { ...ctx.proposal, validUntil: null } }),
    ).toBeNull();
  });

  it('formats the one-off total in the proposal currency', () => {
    const totals = documentTotals({ version: 1, blocks: [] });
    totals.one_off.total = 123456;
    expect(resolveVariable('proposal.total', { ...ctx, proposal: { ...ctx.proposal, totals } })).toBe('€1,234.56');
  });
});

describe('formatCalendarDate', () => {
  it('reads the date as a calendar day in every time zone', () => {
    expect(formatCalendarDate('2026-01-01')).toBe('January 1, 2026');
  });
});

describe('isVariableName', () => {
  it('knows the variables and nothing else', () => {
    expect(isVariableName('client.name')).toBe(true);
    expect(isVariableName('client.password')).toBe(false);
  });
});
