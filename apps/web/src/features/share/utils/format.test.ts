import { describe, expect, it } from 'vitest';
import { daysUntil } from './format';
import { fillVariables } from './fill-variables';

describe('daysUntil', () => {
  it('counts calendar days from today', () => {
    const today = new Date(2027, 2, 4, 23, 30);
    expect(daysUntil('2027-03-04', today)).toBe(0);
    expect(daysUntil('2027-03-05', today)).toBe(1);
    expect(daysUntil('2027-04-03', today)).toBe(30);
    expect(daysUntil('2027-03-01', today)).toBe(-3);
  });
});

describe('fillVariables', () => {
  it('writes what a variable stands for, and leaves unknown or empty ones as written', () => {
    const context = {
      proposal: { title: 'Site', number: 'P-1', validUntil: null, currency: 'USD', totals: null },
      client: { name: 'Dana Reyes', company: '', email: '' },
      sender: { name: 'Olivia', company: 'Harbour' },
      locale: 'en-US',
    };
    expect(fillVariables('Dear {{client.name}} of {{client.company}} {{nope.x}}', context)).toBe(
      'Dear Dana Reyes of {{client.company}} {{nope.x}}',
    );
  });
});
