import { describe, expect, it } from 'vitest';
import { ZBrief, briefSchemaAsOf, deadlineProblem } from './brief';

const minimal = {
  client: { source: 'new', name: 'Ada' },
  need: 'A website',
  deliverables: ['Design'],
};

describe('ZBrief', () => {
  it('fills the defaults: no goals, no budget, no deadline, formal', () => {
    expect(ZBrief.parse(minimal)).toEqual({
      client: { source: 'new', name: 'Ada', company: '', email: '' },
      need: 'A website',
      goals: '',
      deliverables: ['Design'],
      budget: null,
      deadline: null,
      tone: 'formal',
      templateId: null,
    });
  });

  it('takes a saved client by id, and refuses details beside it', () => {
    const id = '0b6a3c52-8d3e-4f7a-9a57-000000000001';
    expect(ZBrief.parse({ ...minimal, client: { source: 'saved', clientId: id } }).client).toEqual({
      source: 'saved',
      clientId: id,
    });
    expect(ZBrief.safeParse({ ...minimal, client: { source: 'saved', clientId: id, name: 'X' } }).success).toBe(false);
    const bad = ZBrief.safeParse({ ...minimal, client: { source: 'saved', clientId: 'nope' } });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['client', 'clientId'],
      message: 'Pick one of your saved clients.',
    });
    const none = ZBrief.safeParse({ ...minimal, client: {} });
    expect(none.error?.issues[0]?.message).toBe('Pick a saved client or enter the client’s name.');
  });

  it('trims text and bounds the deliverables: 1 to 20, none empty, 200 characters each', () => {
    expect(ZBrief.parse({ ...minimal, deliverables: ['  Logo  '] }).deliverables).toEqual(['Logo']);
    const issue = (deliverables: string[]) =>
      ZBrief.safeParse({ ...minimal, deliverables }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issue([])).toEqual([['deliverables', 'List at least one deliverable.']]);
    expect(issue(Array(21).fill('x'))).toEqual([['deliverables', 'List at most 20 deliverables.']]);
    expect(issue(['ok', ' '])).toEqual([['deliverables.1', 'Describe this deliverable, or remove it.']]);
    expect(issue(['a'.repeat(201)])).toEqual([['deliverables.0', 'Use at most 200 characters for a deliverable.']]);
    expect(issue(Array(20).fill('a'.repeat(200)))).toBeUndefined();
  });

  it('takes a budget in whole minor units of a known currency', () => {
    expect(ZBrief.parse({ ...minimal, budget: { amount: 1250000, currency: 'EUR' } }).budget).toEqual({
      amount: 1250000,
      currency: 'EUR',
    });
    for (const budget of [
      { amount: 0, currency: 'EUR' },
      { amount: 1.5, currency: 'EUR' },
      { amount: 5, currency: 'XXQ' },
    ]) {
      expect(ZBrief.safeParse({ ...minimal, budget }).success).toBe(false);
    }
  });

  it('refuses NUL characters, an unknown tone and unknown keys', () => {
    expect(ZBrief.safeParse({ ...minimal, need: 'a\0b' }).error?.issues[0]?.message).toBe(
      'Remove the invisible NUL character.',
    );
    expect(ZBrief.safeParse({ ...minimal, tone: 'sarcastic' }).success).toBe(false);
    expect(ZBrief.safeParse({ ...minimal, owner: 'x' }).success).toBe(false);
  });
});

describe('deadlineProblem', () => {
  it('wants a day after today and within five years', () => {
    expect(deadlineProblem(null, '2027-03-01')).toBeNull();
    expect(deadlineProblem('2027-03-02', '2027-03-01')).toBeNull();
    expect(deadlineProblem('2027-03-01', '2027-03-01')).toBe('Choose a deadline after today, or leave it empty.');
    expect(deadlineProblem('2026-12-31', '2027-03-01')).toBe('Choose a deadline after today, or leave it empty.');
    expect(deadlineProblem('2032-03-01', '2027-03-01')).toBeNull();
    expect(deadlineProblem('2033-03-01', '2027-03-01')).toBe('Choose a deadline within the next five years.');
  });

  it('is checked by the schema for a given day', () => {
    const schema = briefSchemaAsOf('2027-03-01');
    expect(schema.safeParse({ ...minimal, deadline: '2027-04-01' }).success).toBe(true);
    expect(schema.safeParse({ ...minimal, deadline: '2027-02-01' }).error?.issues[0]).toMatchObject({
      path: ['deadline'],
      message: 'Choose a deadline after today, or leave it empty.',
    });
    expect(ZBrief.safeParse({ ...minimal, deadline: '2027-02-30' }).success).toBe(false);
  });
});
