import { ZPricingTable, tableTotals, type TPricingLine, type TPricingTable } from '@draftwell/shared/document';
import { formatMoney } from '@draftwell/shared/money';
import type { TSavedItem } from '@draftwell/shared/workspace/saved-items';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedItemKeys } from '@/lib/api/saved-items';
import { WithI18n } from '@/test/i18n';
import { newPricingLine, newPricingTable } from './new-block';
import { PricingTableEditor } from './pricing-table-editor';

let emitted: TPricingTable[] = [];

afterEach(() => {
  vi.unstubAllGlobals();
  // Whatever the editor emitted during a test must be a valid table.
  const all = emitted;
  emitted = [];
  for (const table of all) expect(ZPricingTable.safeParse(table).error?.issues ?? []).toEqual([]);
});

function table(lines: Partial<TPricingLine>[], patch: Partial<TPricingTable> = {}): TPricingTable {
  return {
    ...newPricingTable({ defaultTaxRate: 0 }),
    lines: lines.map((line) => newPricingLine(line)),
    ...patch,
  };
}

function renderEditor(
  initial: TPricingTable,
  { currency = 'EUR', editable = true, queryClient = newQueryClient() } = {},
) {
  const onChange = vi.fn((next: TPricingTable) => emitted.push(next));
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <PricingTableEditor
        value={value}
        currency={currency}
        defaultTaxRate={2000}
        editable={editable}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
    </QueryClientProvider>,
    { wrapper: WithI18n },
  );
  return { onChange, last: () => emitted.at(-1) };
}

function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

const text = (element: Element) => element.textContent ?? '';
const value = (element: Element) => (element as HTMLInputElement).value;
const disabled = (element: Element) => (element as HTMLButtonElement).disabled;
const description = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const type = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });

describe('PricingTableEditor: numbers typed as decimals, stored exactly', () => {
  it('reads a EUR price "1234.5" as 123450 cents', () => {
    const { last } = renderEditor(table([{ description: 'Design' }]));
    type('Unit price in EUR for line 1', '1234.5');
    expect(last()?.lines[0]?.unitPrice).toBe(123_450);
    expect(text(screen.getByLabelText('Total for line 1'))).toContain(formatMoney(123_450, 'EUR'));
  });

  it('reads JPY "1500" as 1500 yen', () => {
    const jpy = renderEditor(table([{}]), { currency: 'JPY' });
    type('Unit price in JPY for line 1', '1500');
    expect(jpy.last()?.lines[0]?.unitPrice).toBe(1500);
  });

  it('reads KWD "1.234" as 1234 fils', () => {
    const kwd = renderEditor(table([{}]), { currency: 'KWD' });
    type('Unit price in KWD for line 1', '1.234');
    expect(kwd.last()?.lines[0]?.unitPrice).toBe(1234);
  });

  it('refuses "1.2345" in EUR with a message and emits nothing', () => {
    const { onChange } = renderEditor(table([{ unitPrice: 500 }]));
    type('Unit price in EUR for line 1', '1.2345');
    expect(onChange).not.toHaveBeenCalled();
    const input = screen.getByLabelText('Unit price in EUR for line 1');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(value(input)).toBe('1.2345');
    expect(text(screen.getByRole('alert'))).toContain('EUR has 2 decimals');
    // Fixing the text commits it and clears the message.
    type('Unit price in EUR for line 1', '1.23');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads quantity "2.5" as 2500 thousandths and refuses a fourth decimal', () => {
    const { last, onChange } = renderEditor(table([{}]));
    type('Quantity for line 1', '2.5');
    expect(last()?.lines[0]?.quantity).toBe(2500);
    type('Quantity for line 1', '2.5005');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(text(screen.getByRole('alert'))).toContain('at most 3 decimals');
  });

  it('reads tax "12.5" as 1250 and discount "10" as 1000 basis points', () => {
    const { last } = renderEditor(table([{}]));
    type('Tax % for line 1', '12.5');
    expect(last()?.lines[0]?.taxPercent).toBe(1250);
    type('Discount % for line 1', '10');
    expect(last()?.lines[0]?.discountPercent).toBe(1000);
    type('Tax % for line 1', '101');
    expect(last()?.lines[0]?.taxPercent).toBe(1250);
    expect(text(screen.getByRole('alert'))).toContain('above 100 %');
  });

  it('shows the stored value in canonical form on blur and keeps invalid text', () => {
    renderEditor(table([{}]));
    const price = screen.getByLabelText('Unit price in EUR for line 1');
    fireEvent.focus(price);
    fireEvent.change(price, { target: { value: '1,234.5' } });
    fireEvent.blur(price);
    expect(value(price)).toBe('1234.50');
    fireEvent.focus(price);
    fireEvent.change(price, { target: { value: 'abc' } });
    fireEvent.blur(price);
    expect(value(price)).toBe('abc');
  });

  it('validates the quantity range with the schema message', () => {
    const { last, onChange } = renderEditor(table([{ quantity: 3000 }]));
    fireEvent.click(screen.getByLabelText('Client can change quantity (line 1)'));
    expect(last()?.lines[0]?.quantityRange).toEqual({ min: 1000, max: 10_000 });
    const calls = onChange.mock.calls.length;
    type('To (highest quantity, line 1)', '2');
    expect(onChange).toHaveBeenCalledTimes(calls);
    expect(text(screen.getByRole('alert'))).toContain(
      'The quantity must be from 1 to 2, the range the client may choose in.',
    );
    type('To (highest quantity, line 1)', '5');
    expect(last()?.lines[0]?.quantityRange).toEqual({ min: 1000, max: 5000 });
    type('From (lowest quantity, line 1)', '6');
    expect(text(screen.getByRole('alert'))).toContain('The largest quantity must not be below the smallest.');
    fireEvent.click(screen.getByLabelText('Client can change quantity (line 1)'));
    expect(last()?.lines[0]).not.toHaveProperty('quantityRange');
  });

  it('edits the description, unit, billing and optional flags', () => {
    const { last } = renderEditor(table([{}]));
    type('Description for line 1', 'Hosting');
    type('Unit for line 1', 'month');
    fireEvent.change(screen.getByLabelText('Billing for line 1'), { target: { value: 'monthly' } });
    fireEvent.click(screen.getByLabelText('Optional for line 1'));
    // Optional does not also tick the line in: that is the next box's choice.
    expect(last()?.lines[0]).toMatchObject({
      description: 'Hosting',
      unit: 'month',
      billing: 'monthly',
      optional: true,
      selected: false,
    });
    fireEvent.click(screen.getByLabelText('Ticked in by default for line 1'));
    expect(last()?.lines[0]).toMatchObject({ optional: true, selected: true });
    fireEvent.click(screen.getByLabelText('Optional for line 1'));
    expect(last()?.lines[0]).toMatchObject({ optional: false, selected: true });
  });
});

describe('PricingTableEditor: lines and packages', () => {
  it('adds, duplicates and deletes lines; new lines get the default tax rate', () => {
    const { last } = renderEditor(table([{ description: 'A' }]));
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    expect(last()?.lines).toHaveLength(2);
    expect(last()?.lines[1]?.taxPercent).toBe(2000);
    expect(document.activeElement).toBe(screen.getByLabelText('Description for line 2'));
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate line 1' }));
    expect(last()?.lines.map((l) => l.description)).toEqual(['A', 'A', '']);
    expect(new Set(last()?.lines.map((l) => l.id)).size).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Delete line 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete line 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete line 1' }));
    expect(last()?.lines).toEqual([]);
    expect(screen.getByText(/No lines yet/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add line' }));
  });

  it('reorders with the move buttons and keeps focus on the moved line', () => {
    const { last } = renderEditor(table([{ description: 'A' }, { description: 'B' }, { description: 'C' }]));
    expect(disabled(screen.getByRole('button', { name: 'Move line 1 up' }))).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Move line 3 down' }))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move line 2 up' }));
    expect(last()?.lines.map((l) => l.description)).toEqual(['B', 'A', 'C']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move line 1 down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move line 1 down' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move line 2 down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move line 2 down' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move line 3 up' }));
    expect(last()?.lines.map((l) => l.description)).toEqual(['A', 'C', 'B']);
    expect(value(screen.getByLabelText('Description for line 3'))).toBe('B');
  });

  it('a choice group always has exactly one chosen package', () => {
    const { last } = renderEditor(table([{ description: 'S' }, { description: 'M' }, { description: 'L' }]));
    fireEvent.click(screen.getByLabelText('Packages (client picks one)'));
    const selected = () =>
      last()
        ?.lines.filter((l) => l.selected)
        .map((l) => l.description);
    expect(last()?.kind).toBe('choice');
    expect(selected()).toEqual(['S']);
    fireEvent.click(screen.getByLabelText('Chosen package (line 3)'));
    expect(selected()).toEqual(['L']);
    fireEvent.click(screen.getByRole('button', { name: 'Add package' }));
    expect(selected()).toEqual(['L']);
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate line 3' }));
    expect(selected()).toEqual(['L']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete line 3' }));
    expect(selected()).toHaveLength(1);
    fireEvent.click(screen.getByLabelText('Line items'));
    expect(last()?.kind).toBe('lines');
    expect(last()?.lines).toHaveLength(4);
  });

  it('shows a value changed from outside (undo, another tab) unless the field is being typed in', () => {
    const first = table([{ unitPrice: 100 }]);
    const props = { currency: 'EUR', defaultTaxRate: 0, editable: true, onChange: vi.fn() };
    const queryClient = newQueryClient();
    const view = render(
      <QueryClientProvider client={queryClient}>
        <PricingTableEditor {...props} value={first} />
      </QueryClientProvider>,
      { wrapper: WithI18n },
    );
    const price = screen.getByLabelText('Unit price in EUR for line 1');
    expect(value(price)).toBe('1.00');
    const second = { ...first, lines: [{ ...first.lines[0]!, unitPrice: 250 }] };
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <PricingTableEditor {...props} value={second} />
      </QueryClientProvider>,
    );
    expect(value(price)).toBe('2.50');
    fireEvent.focus(price);
    fireEvent.change(price, { target: { value: '3' } });
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <PricingTableEditor {...props} value={{ ...first, lines: [{ ...first.lines[0]!, unitPrice: 400 }] }} />
      </QueryClientProvider>,
    );
    expect(value(price)).toBe('3');
  });

  it('renders read-only without any input', () => {
    renderEditor(table([{ description: 'Audit', unitPrice: 10_000 }]), { editable: false });
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('Audit')).toBeTruthy();
  });
});

describe('PricingTableEditor: totals', () => {
  it('shows the shared totals per billing kind present', () => {
    const value = table([
      { description: 'Build', quantity: 2500, unitPrice: 123_45, discountPercent: 1000, taxPercent: 2000 },
      { description: 'Hosting', quantity: 1000, unitPrice: 49_00, taxPercent: 2000, billing: 'monthly' },
      { description: 'Extra', unitPrice: 99_00, optional: true, selected: false, billing: 'yearly' },
    ]);
    renderEditor(value);
    const totals = screen.getByRole('group', { name: 'Totals' });
    const expected = tableTotals(value);
    const text = totals.textContent ?? '';
    expect(text).toContain('One-off');
    expect(text).toContain('Per month');
    expect(text).not.toContain('Per year');
    expect(text).toContain(formatMoney(expected.one_off.total, 'EUR'));
    expect(text).toContain(formatMoney(expected.one_off.tax, 'EUR'));
    expect(text).toContain(`−${formatMoney(expected.one_off.discount, 'EUR')}`);
    expect(text).toContain(formatMoney(expected.one_off.net + expected.one_off.discount, 'EUR'));
    expect(text).toContain(formatMoney(expected.monthly.total, 'EUR'));
  });

  it('updates the totals while typing', () => {
    renderEditor(table([{ quantity: 1000, unitPrice: 0 }]));
    type('Unit price in EUR for line 1', '10');
    type('Quantity for line 1', '3');
    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(within(totals).getAllByText('€30')).not.toHaveLength(0);
  });

  it('says the totals are too large instead of crashing', () => {
    const huge = { quantity: 10 ** 9, unitPrice: 10 ** 13 };
    renderEditor(table([huge, huge]));
    expect(text(screen.getByLabelText('Total for line 1'))).toBe('Too large');
    expect(text(screen.getByRole('alert'))).toContain('too large to compute exactly');
  });
});

const USD_ITEM: TSavedItem = {
  id: '0b8f2a6e-4c1d-4e5f-9a7b-3c2d1e0f9a8b',
  description: 'Design sprint',
  unit: 'day',
  unitPrice: 1_200_00,
  currency: 'USD',
  taxRate: 1250,
  billing: 'one_off',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const EUR_ITEM: TSavedItem = {
  ...USD_ITEM,
  id: '1c9f3b7f-5d2e-4f60-8b8c-4d3e2f1a0b9c',
  description: 'Retainer',
  currency: 'EUR',
};

describe('PricingTableEditor: add from saved items', () => {
  it('lists saved items, disables another currency, and adds the one picked', async () => {
    const queryClient = newQueryClient();
    queryClient.setQueryData(savedItemKeys.list(''), {
      pages: [{ items: [USD_ITEM, EUR_ITEM], nextCursor: null }],
      pageParams: [undefined],
    });
    const { last } = renderEditor(table([{ description: 'A' }]), { currency: 'USD', queryClient });
    fireEvent.click(screen.getByRole('button', { name: 'Add from saved items' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add from saved items' });
    const eur = within(dialog).getByRole('button', { name: 'Add Retainer' });
    expect(disabled(eur)).toBe(true);
    expect(description(eur)).toBe('Priced in EUR; this proposal is in USD.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Design sprint' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(last()?.lines[1]).toMatchObject({
      savedItemId: USD_ITEM.id,
      description: 'Design sprint',
      unit: 'day',
      unitPrice: 1_200_00,
      taxPercent: 1250,
      billing: 'one_off',
    });
  });

  it('searches saved items and says when none match', async () => {
    const queryClient = newQueryClient();
    const page = (items: TSavedItem[]) => ({ pages: [{ items, nextCursor: null }], pageParams: [undefined] });
    queryClient.setQueryData(savedItemKeys.list(''), page([USD_ITEM, EUR_ITEM]));
    queryClient.setQueryData(savedItemKeys.list('retainer'), page([EUR_ITEM]));
    queryClient.setQueryData(savedItemKeys.list('nothing'), page([]));
    renderEditor(table([]), { currency: 'USD', queryClient });
    fireEvent.click(screen.getByRole('button', { name: 'Add from saved items' }));
    const search = await screen.findByLabelText('Search saved items');
    fireEvent.change(search, { target: { value: ' retainer ' } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add Design sprint' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Add Retainer' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'nothing' } });
    expect(await screen.findByText('No saved item matches “nothing”.')).toBeTruthy();
  });

  it('points to the profile when there are no saved items', async () => {
    const queryClient = newQueryClient();
    queryClient.setQueryData(savedItemKeys.list(''), {
      pages: [{ items: [], nextCursor: null }],
      pageParams: [undefined],
    });
    renderEditor(table([]), { queryClient });
    fireEvent.click(screen.getByRole('button', { name: 'Add from saved items' }));
    const link = await screen.findByRole('link', { name: 'Create saved items in your profile' });
    expect(link.getAttribute('href')).toBe('/profile?tab=items');
  });

  it('shows an error with Retry when the list cannot load, then the items', async () => {
    const responses = [
      new Response(JSON.stringify({ error: { code: 'internal', message: 'Down' } }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      }),
      new Response(JSON.stringify({ items: [USD_ITEM], nextCursor: null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ];
    const fetchStub = vi.fn(async () => responses.shift() ?? new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetchStub);
    renderEditor(table([]), { currency: 'USD' });
    fireEvent.click(screen.getByRole('button', { name: 'Add from saved items' }));
    expect(await screen.findByRole('status', { name: 'Loading saved items' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(text(alert)).toContain('could not be loaded');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(disabled(await screen.findByRole('button', { name: 'Add Design sprint' }))).toBe(false);
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });
});

describe('PricingTableEditor: prices an AI model suggested', () => {
  it('flags each until the user confirms it', () => {
    const { last } = renderEditor(table([{ unitPrice: 45_000, needsReview: true }, { unitPrice: 100 }]));
    expect(screen.getAllByTestId('needs-review')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm price for line 1' }));
    expect(screen.queryAllByTestId('needs-review')).toHaveLength(0);
    expect(last()?.lines[0]).not.toHaveProperty('needsReview');
    expect(last()?.lines[0]?.unitPrice).toBe(45_000);
  });

  it('takes a price the user types as reviewed', () => {
    const { last } = renderEditor(table([{ unitPrice: 45_000, needsReview: true }]));
    type('Unit price in EUR for line 1', '500');
    expect(last()?.lines[0]).toMatchObject({ unitPrice: 50_000 });
    expect(last()?.lines[0]).not.toHaveProperty('needsReview');
    expect(screen.queryAllByTestId('needs-review')).toHaveLength(0);
  });
});
