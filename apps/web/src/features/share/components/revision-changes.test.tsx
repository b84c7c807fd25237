import type { TRevision, TRevisionSnapshot } from '@draftwell/shared/share/revision';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithI18n } from '@/test/i18n';
import { RevisionChanges } from './revision-changes';

configure({ asyncUtilTimeout: 5000 });

const TOTALS = (total: number) => ({
  one_off: { net: total, discount: 0, tax: 0, total },
  monthly: { net: 0, discount: 0, tax: 0, total: 0 },
  yearly: { net: 0, discount: 0, tax: 0, total: 0 },
});

function snapshot(words: string, price: number, clientName = 'Dana Reyes'): TRevisionSnapshot {
  return {
    proposalId: 'p1',
    number: 'P-1',
    title: 'Website redesign',
    client: { name: clientName, company: '', email: 'dana@example.com', phone: '', address: '' },
    currency: 'USD',
    validUntil: null,
    document: {
      version: 1,
      blocks: [
        {
          id: 'intro',
          type: 'rich_text',
          content: {
            type: 'doc',
            content: [
              {
                type: 'paragraph',
                content: [
                  { type: 'text', text: 'Dear ' },
                  { type: 'variable', attrs: { name: 'client.name' } },
                  { type: 'text', text: `, ${words}` },
                ],
              },
            ],
          },
        },
        {
          id: 'fees',
          type: 'pricing_table',
          title: 'Fees',
          kind: 'lines',
          lines: [
            {
              id: 'build',
              description: 'Build',
              quantity: 1000,
              unit: '',
              unitPrice: price,
              discountPercent: 0,
              taxPercent: 0,
              billing: 'one_off',
              optional: false,
              selected: true,
            },
          ],
        },
      ],
    },
    totals: TOTALS(price),
    sender: {
      name: 'Olivia',
      company: 'Harbour',
      jobTitle: '',
      email: '',
      phone: '',
      website: '',
      address: '',
      brandColor: '#0f766e',
      logoFileId: null,
    },
    message: '',
    sentAt: '2027-03-01T10:00:00.000Z',
  };
}

const summaries = [1, 2, 3].map((number) => ({
  id: `r${number}`,
  number,
  hash: String(number).repeat(64),
  createdAt: `2027-03-0${number}T10:00:00.000Z`,
}));
const SNAPSHOTS: Record<number, TRevisionSnapshot> = {
  1: snapshot('we will build a fast site.', 100_000),
  2: snapshot('we will build a fast, accessible site.', 120_000),
  3: snapshot('we will build a fast, accessible site.', 120_000),
};

afterEach(() => vi.unstubAllGlobals());

function serve(snapshots: Record<number, TRevisionSnapshot>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const number = Number(new URL(String(input), 'http://localhost').pathname.split('/').pop());
      const body: TRevision = { ...summaries[number - 1]!, snapshot: snapshots[number]! };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

describe('RevisionChanges', () => {
  it('compares the last two revisions at first, then any two, marking changes by more than colour', async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        requested.push(path);
        const number = Number(path.split('/').pop());
        const body: TRevision = { ...summaries[number - 1]!, snapshot: SNAPSHOTS[number]! };
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RevisionChanges token="tok" revisions={summaries} current={{ number: 3, snapshot: SNAPSHOTS[3]! }} />
      </QueryClientProvider>,
      { wrapper: WithI18n },
    );
    expect(await screen.findByText('Nothing changed between these two revisions.')).toBeTruthy();
    expect(requested).toEqual(['/api/share/tok/revisions/2']);

    fireEvent.change(screen.getByLabelText('From revision'), { target: { value: '1' } });
    const list = await screen.findByRole('list', { name: 'Changes' });
    const text = list.textContent ?? '';
    // The variable reads as the client's name, not as {{client.name}}.
    expect(text).toContain('Dear Dana Reyes, we will build a fast,');
    expect(text).not.toContain('{{');
    const added = [...list.querySelectorAll('ins')].map((e) => e.textContent);
    const removed = [...list.querySelectorAll('del')].map((e) => e.textContent);
    expect(added).toContain('[added: $1,200]');
    expect(removed).toContain('[removed: $1,000]');
    expect(added.some((t) => t?.includes('accessible'))).toBe(true);
    expect(within(list).getAllByText('Changed').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Download revision 1 (PDF)' }).getAttribute('href')).toBe(
      '/api/share/tok/pdf?revision=1',
    );

    fireEvent.change(screen.getByLabelText('To revision'), { target: { value: '1' } });
    expect(screen.getByText('Pick two different revisions to compare.')).toBeTruthy();
  });

  it('reads each revision’s variables with that revision’s values, so a corrected name shows as changed words', async () => {
    const misspelt = snapshot('we will build a fast site.', 100_000, 'Dana Reys');
    const corrected = snapshot('we will build a fast site.', 100_000);
    serve({ 1: misspelt, 2: corrected });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RevisionChanges token="tok" revisions={summaries.slice(0, 2)} current={{ number: 2, snapshot: corrected }} />
      </QueryClientProvider>,
      { wrapper: WithI18n },
    );
    const list = await screen.findByRole('list', { name: 'Changes' });
    const text = within(list)
      .getByText(/^Text:/)
      .closest('li')!;
    expect(text.textContent).toContain('Dear Dana [removed: Reys][added: Reyes], we will build a fast site.');
  });
});
