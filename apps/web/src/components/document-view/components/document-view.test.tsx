import type {
  TDocument,
  TPricingLine,
  TPricingSelection,
  TPricingTable,
  TRichTextNode,
} from '@draftwell/shared/document/schema';
import type { TDocumentContext } from '@draftwell/shared/document/variables';
import { fireEvent, render as renderBare, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { WithI18n } from '@/test/i18n';
import { describe, expect, it, vi } from 'vitest';
import { DocumentView } from '../document-view';
import { UNRESOLVED_VARIABLE_CLASS } from './rich-text-view';

/** Rendered with the page's English, as the client's page provides it. */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: WithI18n });

const FILE = '/api/files/0b4f3c1e-8d2a-4c5b-9e7f-1a2b3c4d5e6f';

function ctx(overrides: Partial<TDocumentContext['client']> = {}, currency = 'USD'): TDocumentContext {
  return {
    proposal: { title: 'Website redesign', number: 'P-0042', validUntil: '2027-03-31', currency, totals: null },
    client: { name: 'Ada Lovelace', company: 'Analytical Ltd', email: 'ada@example.com', ...overrides },
    sender: { name: 'Grace Hopper', company: 'Hopper Studio' },
    locale: 'en-US',
  };
}

function richDoc(...content: TRichTextNode[]): TDocument {
  return { version: 1, blocks: [{ id: 'rt', type: 'rich_text', content: { type: 'doc', content } }] };
}

function line(id: string, overrides: Partial<TPricingLine> = {}): TPricingLine {
  return {
    id,
    description: id,
    quantity: 1000,
    unit: '',
    unitPrice: 10000,
    discountPercent: 0,
    taxPercent: 0,
    billing: 'one_off',
    optional: false,
    selected: true,
    ...overrides,
  };
}

const servicesTable: TPricingTable = {
  id: 'services',
  type: 'pricing_table',
  title: 'Services',
  kind: 'lines',
  lines: [
    // 2 x 500.00 = 1000.00, -10 % = 900.00, +20 % tax = 1080.00
    line('design', {
      description: 'Design',
      quantity: 2000,
      unit: 'pages',
      unitPrice: 50_000,
      discountPercent: 1000,
      taxPercent: 2000,
    }),
    line('care', { description: 'Care plan', unitPrice: 9000, billing: 'monthly', optional: true, selected: true }),
    line('extra', {
      description: 'Extra pages',
      quantity: 3000,
      unitPrice: 15_000,
      optional: true,
      selected: false,
      quantityRange: { min: 1000, max: 10_000 },
    }),
  ],
};

const packagesTable: TPricingTable = {
  id: 'packages',
  type: 'pricing_table',
  title: 'Hosting',
  kind: 'choice',
  lines: [
    line('basic', { description: 'Basic', unitPrice: 100_000, selected: true }),
    line('pro', { description: 'Pro', unitPrice: 250_000, selected: false }),
  ],
};

const pricingDoc: TDocument = { version: 1, blocks: [servicesTable, packagesTable] };

function totalsOf(element: HTMLElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of element.querySelectorAll('dl > div')) {
    const term = row.querySelector('dt')?.textContent ?? '';
    out[term] = row.querySelector('dd')?.textContent ?? '';
  }
  return out;
}

function section(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { name });
  return heading.closest('section') as HTMLElement;
}

describe('DocumentView: header', () => {
  it('shows title, number, client, sender and valid-until date', () => {
    render(<DocumentView document={{ version: 1, blocks: [] }} context={ctx()} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Website redesign');
    const text = document.body.textContent ?? '';
    expect(text).toContain('P-0042');
    expect(text).toContain('Ada Lovelace, Analytical Ltd');
    expect(text).toContain('Hopper Studio');
    expect(text).toContain('March 31, 2027');
    expect(text).toContain('This proposal has no content yet.');
  });

  it('marks the owner’s words as written in the proposal’s language, and its text and title with its direction', () => {
    const doc = richDoc({ type: 'paragraph', content: [{ type: 'text', text: 'مرحبا بكم' }] });
    const { container, rerender } = render(<DocumentView document={doc} context={{ ...ctx(), language: 'ja' }} />);
    const view = () => container.querySelector('[data-document-view]')!;
    const text = () => container.querySelector('.document-rich-text')!;
    expect(view().getAttribute('lang')).toBe('ja');
    expect(text().getAttribute('dir')).toBe('ltr');
    rerender(<DocumentView document={doc} context={{ ...ctx(), language: 'ar' }} />);
    expect(view().getAttribute('lang')).toBe('ar');
    expect(text().getAttribute('dir')).toBe('rtl');
    expect(screen.getByRole('heading', { level: 1 }).getAttribute('dir')).toBe('rtl');
    // The page's own wording (money, units, labels) is English still: the view itself keeps its direction.
    expect(view().hasAttribute('dir')).toBe(false);
    rerender(<DocumentView document={doc} context={ctx()} />);
    expect(view().hasAttribute('lang')).toBe(false);
    expect(text().hasAttribute('dir')).toBe(false);
  });

  it('writes every date in the document’s locale: the header, a variable and a milestone', () => {
    const doc: TDocument = {
      version: 1,
      blocks: [
        ...richDoc({
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Open until ' },
            { type: 'variable', attrs: { name: 'proposal.valid_until' } },
          ],
        }).blocks,
        {
          id: 'plan',
          type: 'timeline',
          milestones: [{ id: 'm', title: 'Launch', when: { kind: 'date', date: '2027-05-02' } }],
        },
      ],
    };
    render(<DocumentView document={doc} context={{ ...ctx(), locale: 'en-GB' }} />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('Valid until31 March 2027');
    expect(text).toContain('Open until 31 March 2027');
    expect(text).toContain('2 May 2027');
    expect(text).not.toMatch(/March 31|May 2, 2027/);
  });

  it('shows the logo only from a safe address and sets a readable brand accent', () => {
    const { container, rerender } = render(
      <DocumentView
        document={{ version: 1, blocks: [] }}
        context={ctx()}
        branding={{ logoUrl: FILE, brandColor: '#ffe600' }}
      />,
    );
    // Prepared by the company, else the name: as on the client's page and in the PDF.
    expect(screen.getByRole('img', { name: 'Hopper Studio logo' }).getAttribute('src')).toBe(FILE);
    const article = container.querySelector('article') as HTMLElement;
    // Yellow on white is unreadable: the light accent is darkened, the dark one stays bright.
    expect(article.style.getPropertyValue('--dv-accent-light')).not.toBe('#ffe600');
    expect(article.style.getPropertyValue('--dv-accent-dark')).toBe('#ffe600');
    rerender(
      <DocumentView
        document={{ version: 1, blocks: [] }}
        context={ctx()}
        branding={{ logoUrl: 'javascript:alert(1)' }}
      />,
    );
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('DocumentView: rich text', () => {
  it('renders paragraphs, headings, lists, quotes, images and tables', () => {
    const { container } = render(
      <DocumentView
        context={ctx()}
        document={richDoc(
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Overview' }] },
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Scope' }] },
          { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'Details' }] },
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'Line one' }, { type: 'hardBreak' }, { type: 'text', text: 'Line two' }],
          },
          {
            type: 'bulletList',
            content: [
              { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Bullet A' }] }] },
              { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Bullet B' }] }] },
            ],
          },
          {
            type: 'orderedList',
            attrs: { start: 3, type: 'a' },
            content: [
              { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Third' }] }] },
            ],
          },
          { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Quoted' }] }] },
          { type: 'image', attrs: { src: FILE, alt: 'Moodboard' } },
          {
            type: 'table',
            content: [
              {
                type: 'tableRow',
                content: [
                  {
                    type: 'tableHeader',
                    attrs: { colspan: 2 },
                    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Phase' }] }],
                  },
                ],
              },
              {
                type: 'tableRow',
                content: [
                  {
                    type: 'tableCell',
                    attrs: { rowspan: 2 },
                    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Build' }] }],
                  },
                  { type: 'tableCell', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Week 1' }] }] },
                ],
              },
            ],
          },
        )}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Overview' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Scope' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: 'Details' })).toBeTruthy();
    const paragraph = screen.getByText('Line one').closest('p') as HTMLElement;
    expect(paragraph.querySelector('br')).not.toBeNull();
    expect(paragraph.textContent).toBe('Line oneLine two');
    const lists = screen.getAllByRole('list');
    expect(lists[0]?.tagName).toBe('UL');
    expect(
      within(lists[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bullet A', 'Bullet B']);
    const ordered = container.querySelector('ol:not([data-block])') as HTMLOListElement;
    expect(ordered.getAttribute('start')).toBe('3');
    expect(ordered.getAttribute('type')).toBe('a');
    expect(screen.getByText('Quoted').closest('blockquote')).not.toBeNull();
    const image = screen.getByRole('img', { name: 'Moodboard' });
    expect(image.getAttribute('src')).toBe(FILE);
    const header = screen.getByRole('columnheader', { name: 'Phase' });
    expect(header.getAttribute('colspan')).toBe('2');
    expect(screen.getByRole('cell', { name: 'Build' }).getAttribute('rowspan')).toBe('2');
    expect(container.innerHTML).not.toContain('dangerously');
  });

  it('renders every mark, and links only to http(s) and mailto', () => {
    const { container } = render(
      <DocumentView
        context={ctx()}
        document={richDoc({
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Bold', marks: [{ type: 'bold' }] },
            { type: 'text', text: 'Italic', marks: [{ type: 'italic' }] },
            { type: 'text', text: 'Under', marks: [{ type: 'underline' }] },
            { type: 'text', text: 'Struck', marks: [{ type: 'strike' }] },
            { type: 'text', text: 'Code', marks: [{ type: 'code' }] },
            { type: 'text', text: 'Both', marks: [{ type: 'bold' }, { type: 'italic' }] },
            { type: 'text', text: 'Site', marks: [{ type: 'link', attrs: { href: 'https://example.com/a' } }] },
            { type: 'text', text: 'Mail', marks: [{ type: 'link', attrs: { href: 'mailto:ada@example.com' } }] },
            { type: 'text', text: 'Evil', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
            { type: 'text', text: 'Tabbed', marks: [{ type: 'link', attrs: { href: 'java\tscript:alert(1)' } }] },
            { type: 'text', text: 'Data', marks: [{ type: 'link', attrs: { href: 'data:text/html,<b>x</b>' } }] },
            { type: 'text', text: 'Relative', marks: [{ type: 'link', attrs: { href: '//evil.example' } }] },
          ],
        })}
      />,
    );
    expect(screen.getByText('Bold').tagName).toBe('STRONG');
    expect(screen.getByText('Italic').tagName).toBe('EM');
    expect(screen.getByText('Under').tagName).toBe('U');
    expect(screen.getByText('Struck').tagName).toBe('S');
    expect(screen.getByText('Code').tagName).toBe('CODE');
    const both = screen.getByText('Both');
    expect(both.tagName).toBe('EM');
    expect(both.parentElement?.tagName).toBe('STRONG');

    const site = screen.getByRole('link', { name: 'Site' });
    expect(site.getAttribute('href')).toBe('https://example.com/a');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'Mail' }).getAttribute('href')).toBe('mailto:ada@example.com');

    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Site', 'Mail']);
    for (const text of ['Evil', 'Tabbed', 'Data', 'Relative']) expect(screen.getByText(text).tagName).toBe('SPAN');
    expect(container.innerHTML).not.toMatch(/javascript:|data:text/);
  });

  it('renders no image that is not a Draftwell file', () => {
    render(
      <DocumentView
        context={ctx()}
        document={richDoc(
          { type: 'image', attrs: { src: 'https://tracker.example/pixel.png', alt: 'Tracker' } },
          { type: 'paragraph', content: [{ type: 'text', text: 'After' }] },
        )}
      />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('After')).toBeTruthy();
  });

  it('loads a stored image from where the caller says (the client page reads it through its link)', () => {
    const doc = richDoc(
      { type: 'image', attrs: { src: FILE, alt: 'Moodboard' } },
      { type: 'image', attrs: { src: 'https://tracker.example/pixel.png', alt: 'Tracker' } },
    );
    const imageSrc = vi.fn((src: string) => src.replace('/api/files/', '/api/share/tok/files/'));
    render(<DocumentView context={ctx()} document={doc} imageSrc={imageSrc} />);
    expect(screen.getByRole('img', { name: 'Moodboard' }).getAttribute('src')).toBe(
      FILE.replace('/api/files/', '/api/share/tok/files/'),
    );
    // Only an address that passed the check is rewritten; anything else is still not shown.
    expect(imageSrc).toHaveBeenCalledWith(FILE);
    expect(imageSrc).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('img', { name: 'Tracker' })).toBeNull();
  });

  it('fills variables, and flags the ones it cannot fill', () => {
    const doc = richDoc({
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Dear ' },
        { type: 'variable', attrs: { name: 'client.name' } },
        { type: 'text', text: ' of ' },
        { type: 'variable', attrs: { name: 'client.company' }, marks: [{ type: 'bold' }] },
      ],
    });
    const { container, rerender } = render(<DocumentView context={ctx()} document={doc} />);
    expect(screen.getByText(/^Dear/).closest('p')?.textContent).toBe('Dear Ada Lovelace of Analytical Ltd');
    expect(screen.getByText('Analytical Ltd').closest('strong')).not.toBeNull();
    expect(container.getElementsByClassName(UNRESOLVED_VARIABLE_CLASS)).toHaveLength(0);

    rerender(<DocumentView context={ctx({ name: '  ', company: '' })} document={doc} />);
    const missing = [...container.getElementsByClassName(UNRESOLVED_VARIABLE_CLASS)];
    expect(missing.map((el) => el.textContent)).toEqual(['[Client name]', '[Client company]']);
    expect(missing[0]?.getAttribute('data-variable')).toBe('client.name');
  });
});

describe('DocumentView: variables before punctuation', () => {
  it('shows a variable against the punctuation after it, even with spaces stored between them', () => {
    const doc = richDoc({
      type: 'paragraph',
      content: [
        { type: 'text', text: 'by ' },
        { type: 'variable', attrs: { name: 'sender.company' } },
        { type: 'text', text: ' ', marks: [{ type: 'italic' }] },
        { type: 'text', text: ' .' },
        { type: 'text', text: ' Until ' },
        { type: 'variable', attrs: { name: 'proposal.valid_until' } },
        { type: 'text', text: ' , then ' },
        { type: 'variable', attrs: { name: 'client.name' } },
        { type: 'text', text: ' decides' },
      ],
    });
    render(<DocumentView context={ctx()} document={doc} />);
    expect(screen.getByText(/^by/).closest('p')?.textContent).toBe(
      'by Hopper Studio. Until March 31, 2027, then Ada Lovelace decides',
    );
  });
});

describe('DocumentView: pricing', () => {
  it('shows each line and the default totals per billing kind', () => {
    render(<DocumentView document={pricingDoc} context={ctx()} />);
    const services = section('Services');
    const design = services.querySelector('[data-line="design"]') as HTMLElement;
    expect(design.textContent).toContain('2 pages');
    expect(design.textContent).toContain('$500');
    expect(design.textContent).toContain('10%');
    expect(design.textContent).toContain('20%');
    expect(design.textContent).toContain('$1,080');
    expect(services.querySelector('[data-line="care"]')?.textContent).toContain('$90 / month');
    // Not interactive: no controls, the defaults are shown.
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(totalsOf(services)).toEqual({
      'Subtotal one-off': '$1,000',
      Discount: '−$100',
      // With both a discount and tax, the net between them, as the PDF prints it.
      Net: '$900',
      Tax: '$180',
      'Total one-off': '$1,080',
      'Total per month': '$90',
    });
    expect(totalsOf(section('Hosting'))).toEqual({ Total: '$1,000' });
    expect(totalsOf(section('Proposal total'))).toEqual({
      'Subtotal one-off': '$2,000',
      Discount: '−$100',
      Net: '$1,900',
      Tax: '$180',
      'Total one-off': '$2,080',
      'Total per month': '$90',
    });
  });

  it('honours a selection: an optional line unticked, another ticked, another package chosen', () => {
    const selection: TPricingSelection = {
      care: { selected: false },
      extra: { selected: true, quantity: 4000 },
      basic: { selected: false },
      pro: { selected: true },
    };
    render(<DocumentView document={pricingDoc} context={ctx()} selection={selection} />);
    // 1080 + 4 x 150 = 1680 one-off; the care plan is out.
    expect(totalsOf(section('Services'))['Total one-off']).toBe('$1,680');
    // The care plan was the only monthly line: no empty monthly total is shown.
    expect(totalsOf(section('Services'))['Total per month']).toBeUndefined();
    expect(totalsOf(section('Hosting'))).toEqual({ Total: '$2,500' });
    expect(totalsOf(section('Proposal total'))['Total one-off']).toBe('$4,180');
    expect(section('Hosting').querySelector('[data-line="pro"]')?.getAttribute('data-included')).toBe('true');
  });

  it('lets the client change the selection when interactive', () => {
    const onSelectionChange = vi.fn();
    const { rerender } = render(
      <DocumentView document={pricingDoc} context={ctx()} onSelectionChange={onSelectionChange} />,
    );
    const care = screen.getByRole('checkbox', { name: 'Care plan' }) as HTMLInputElement;
    expect(care.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Extra pages' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Design' })).toBeNull();

    fireEvent.click(care);
    expect(onSelectionChange).toHaveBeenLastCalledWith({ care: { selected: false } });

    fireEvent.click(screen.getByRole('radio', { name: 'Pro' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith({ basic: { selected: false }, pro: { selected: true } });

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Extra pages' }) as HTMLInputElement;
    expect(quantity.min).toBe('1');
    expect(quantity.max).toBe('10');
    fireEvent.change(quantity, { target: { value: '12' } });
    // Passed on as typed, so what is priced and accepted is never another number than the one shown.
    expect(onSelectionChange).toHaveBeenLastCalledWith({ extra: { quantity: 12_000 } });
    const tooMany: TPricingSelection = { extra: { quantity: 12_000 } };
    rerender(
      <DocumentView document={pricingDoc} context={ctx()} selection={tooMany} onSelectionChange={onSelectionChange} />,
    );
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('12 is more than 10. Choose 1 to 10.')).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '5' } });
    expect(onSelectionChange).toHaveBeenLastCalledWith({ extra: { quantity: 5000 } });

    const chosen: TPricingSelection = { care: { selected: false }, extra: { selected: true, quantity: 5000 } };
    rerender(
      <DocumentView document={pricingDoc} context={ctx()} selection={chosen} onSelectionChange={onSelectionChange} />,
    );
    // 1080 + 5 x 150
    expect(totalsOf(section('Services'))['Total one-off']).toBe('$1,830');
  });

  it('formats a three-decimal currency exactly', () => {
    const table: TPricingTable = {
      ...servicesTable,
      lines: [line('kw', { description: 'Consulting', quantity: 1500, unitPrice: 1_234_567 })],
    };
    render(<DocumentView document={{ version: 1, blocks: [table] }} context={ctx({}, 'KWD')} />);
    const services = section('Services');
    // 1.5 x 1234.567 = 1851.8505, rounded half away from zero to 1851.851
    expect(services.querySelector('[data-line="kw"]')?.textContent).toMatch(/KWD\s1,234\.567/);
    expect(totalsOf(services).Total).toMatch(/^KWD\s1,851\.851$/);
  });

  it('explains a selection that cannot be priced instead of failing', () => {
    render(
      <DocumentView
        document={pricingDoc}
        context={ctx()}
        selection={{ extra: { selected: true, quantity: 50_000 } }}
      />,
    );
    expect(screen.getAllByRole('alert')[0]?.textContent).toMatch(/Choose a quantity from 1 to 10/);
  });
});

describe('DocumentView: timeline, signature, page break', () => {
  it('renders milestones in order with a date or a duration', () => {
    const { container } = render(
      <DocumentView
        context={ctx()}
        document={{
          version: 1,
          blocks: [
            {
              id: 'tl',
              type: 'timeline',
              milestones: [
                { id: 'm1', title: 'Kick-off', description: 'We meet.', when: { kind: 'date', date: '2027-01-04' } },
                { id: 'm2', title: 'Design', when: { kind: 'duration', value: 2, unit: 'weeks' } },
                { id: 'm3', title: 'Launch', when: { kind: 'duration', value: 1, unit: 'days' } },
              ],
            },
          ],
        }}
      />,
    );
    const items = [...container.querySelectorAll('[data-block="timeline"] > li')].map((li) => li.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toContain('January 4, 2027');
    expect(items[0]).toContain('Kick-off');
    expect(items[0]).toContain('We meet.');
    expect(items[1]).toContain('2 weeks');
    expect(items[2]).toContain('1 day');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Kick-off',
      'Design',
      'Launch',
    ]);
  });

  it('shows two signature boxes with default and custom labels, and a page break', () => {
    const { container } = render(
      <DocumentView
        context={ctx()}
        document={{
          version: 1,
          blocks: [
            { id: 'pb', type: 'page_break' },
            { id: 'sig', type: 'signature', sender: { role: 'Director' }, client: { role: 'Owner' } },
            { id: 'sig2', type: 'signature', sender: { label: 'Agency' }, client: { label: 'Customer' } },
          ],
        }}
      />,
    );
    const boxes = [...container.querySelectorAll('[data-signer]')].map((box) => box.textContent ?? '');
    expect(boxes).toHaveLength(4);
    expect(boxes[0]).toMatch(/^Hopper Studio/);
    expect(boxes[0]).toContain('Director');
    expect(boxes[1]).toMatch(/^Client/);
    expect(boxes[1]).toContain('Ada Lovelace, Analytical Ltd');
    expect(boxes[1]).toContain('Owner');
    expect(boxes[2]).toMatch(/^Agency/);
    expect(boxes[3]).toMatch(/^Customer/);
    const separator = screen.getByRole('separator', { name: 'Page break' });
    expect(separator.className).toContain('break-after-page');
    // Not accepted yet: a line to sign on and an empty date, in every box.
    expect(boxes.every((box) => box.includes('Signature') && !box.includes('Accepted'))).toBe(true);
  });

  it('once accepted, the client’s box says who accepted and when (UTC), as the PDF does', () => {
    const { container } = render(
      <DocumentView
        context={ctx()}
        document={{ version: 1, blocks: [{ id: 'sig', type: 'signature', client: { role: 'Owner' } }] }}
        acceptance={{ name: 'Dana Reyes', acceptedAt: '2027-03-04T23:20:30.000Z' }}
      />,
    );
    const [sender, client] = [...container.querySelectorAll<HTMLElement>('[data-signer]')];
    expect(sender!.textContent).toContain('Signature');
    expect(sender!.textContent).not.toContain('Accepted');
    const terms = (box: HTMLElement) =>
      Object.fromEntries(
        [...box.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
      );
    expect(client!.querySelector('[data-accepted]')?.textContent).toContain('Accepted by Dana Reyes');
    // The server's clock in UTC: late on March 4 there, whatever the reader's time zone.
    expect(client!.querySelector('[data-accepted]')?.textContent).toContain('on March 4, 2027 at 23:20:30 UTC');
    expect(terms(client!)).toEqual({ Name: 'Dana Reyes, Analytical Ltd', Role: 'Owner', Date: 'March 4, 2027' });
  });
});
