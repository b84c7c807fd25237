import { describe, expect, it } from 'vitest';
import { briefFormSchema, emptyBriefForm, formFieldOf, localDay, type TBriefFormValues } from './brief-form';

const TODAY = '2027-03-01';

function filled(overrides: Partial<TBriefFormValues> = {}): TBriefFormValues {
  return {
    ...emptyBriefForm('EUR'),
    client: { source: 'new', clientId: '', name: 'Ada', company: 'Engines Ltd', email: '' },
    need: 'A new website',
    deliverables: [{ text: 'Design' }, { text: 'Build' }],
    ...overrides,
  };
}

const issues = (values: TBriefFormValues) =>
  briefFormSchema(TODAY)
    .safeParse(values)
    .error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('the brief form', () => {
  it('turns the typed values into a brief: minor units, no empty deadline, the chosen kind of client', () => {
    const brief = briefFormSchema(TODAY).parse(
      filled({ budget: { amount: '12,500.50', currency: 'EUR' }, deadline: '2027-04-01', tone: 'friendly' }),
    );
    expect(brief).toEqual({
      client: { source: 'new', name: 'Ada', company: 'Engines Ltd', email: '' },
      need: 'A new website',
      goals: '',
      deliverables: ['Design', 'Build'],
      budget: { amount: 1_250_050, currency: 'EUR' },
      deadline: '2027-04-01',
      tone: 'friendly',
      templateId: null,
    });
    const saved = briefFormSchema(TODAY).parse(
      filled({
        client: {
          source: 'saved',
          clientId: '0b6a3c52-8d3e-4f7a-9a57-000000000001',
          name: 'kept',
          company: '',
          email: '',
        },
      }),
    );
    expect(saved.client).toEqual({ source: 'saved', clientId: '0b6a3c52-8d3e-4f7a-9a57-000000000001' });
    expect(saved.budget).toBeNull();
    expect(saved.deadline).toBeNull();
  });

  it('reports problems at the form’s own field names, all at once', () => {
    expect(
      issues(
        filled({
          client: { source: 'new', clientId: '', name: ' ', company: '', email: 'nope' },
          need: '',
          deliverables: [{ text: 'ok' }, { text: '' }],
          budget: { amount: '12.345', currency: 'EUR' },
          deadline: '2027-03-01',
        }),
      ),
    ).toEqual([
      ['budget.amount', 'EUR has 2 decimals: use at most 2 after the point.'],
      ['client.name', 'Enter the client’s name.'],
      ['client.email', 'Enter a valid email address, like name@example.com.'],
      ['need', 'Describe what the client needs, in a sentence or two.'],
      ['deliverables.1.text', 'Describe this deliverable, or remove it.'],
      ['deadline', 'Choose a deadline after today, or leave it empty.'],
    ]);
    expect(issues(filled({ client: { source: 'saved', clientId: '', name: '', company: '', email: '' } }))).toEqual([
      ['client.clientId', 'Pick one of your saved clients.'],
    ]);
    expect(issues(filled({ budget: { amount: '-3', currency: 'EUR' } }))).toEqual([
      ['budget.amount', 'A budget cannot be negative.'],
    ]);
  });

  it('names server fields the way the form does', () => {
    expect(formFieldOf('deliverables.3')).toBe('deliverables.3.text');
    expect(formFieldOf('deliverables')).toBe('deliverables');
    expect(formFieldOf('client.clientId')).toBe('client.clientId');
    expect(formFieldOf(['budget', 'amount'])).toBe('budget.amount');
  });

  it('gives the browser’s day as yyyy-mm-dd', () => {
    const now = new Date(2027, 11, 31, 23, 30);
    expect(localDay(0, now)).toBe('2027-12-31');
    expect(localDay(1, now)).toBe('2028-01-01');
  });
});
