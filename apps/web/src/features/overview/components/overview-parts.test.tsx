import type { TOverview, TOverviewMonth } from '@draftwell/shared/workspace/overview';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WithI18n } from '@/test/i18n';
import { OverviewActivity } from './overview-activity';
import { OverviewMonthsChart } from './overview-months-chart';
import { OverviewStatCards } from './overview-stat-cards';

const months: TOverviewMonth[] = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  created: i,
  sent: i === 11 ? 7 : 1,
  accepted: i === 11 ? 3 : 0,
  acceptedValue:
    i === 11
      ? [
          { currency: 'USD', one_off: 900_000, monthly: 594_000, yearly: 0 },
          { currency: 'EUR', one_off: 150_050, monthly: 0, yearly: 0 },
        ]
      : [],
}));

const overview = (patch: Partial<TOverview> = {}): TOverview => ({
  timeZone: 'UTC',
  counts: { draft: 2, sent: 3, viewed: 1, accepted: 4, declined: 2, expired: 5, total: 17 },
  winRate: 4 / 6,
  acceptedThisMonth: [
    { currency: 'USD', one_off: 275_000, monthly: 594_000, yearly: 120_000, count: 1 },
    { currency: 'EUR', one_off: 150_050, monthly: 0, yearly: 0, count: 2 },
    { currency: 'GBP', one_off: 0, monthly: 9_000, yearly: 0, count: 1 },
  ],
  months,
  activity: [],
  ...patch,
});

describe('overview stat cards', () => {
  it('shows the counts, the win rate and each currency apart, one-off and recurring', () => {
    render(<OverviewStatCards overview={overview()} locale="en-US" />, { wrapper: WithI18n });
    expect(screen.getByRole('group', { name: 'Drafts' }).textContent).toBe('Drafts2Not sent yet');
    // Sent and viewed both await a reply.
    expect(screen.getByRole('group', { name: 'Awaiting reply' }).textContent).toMatch(/^Awaiting reply4/);
    expect(screen.getByRole('group', { name: 'Accepted' }).textContent).toContain('2 declined · 5 expired');
    expect(screen.getByRole('group', { name: 'Win rate' }).textContent).toContain('67%');
    const month = within(screen.getByRole('group', { name: 'Accepted this month' }));
    expect(month.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '$2,750 + $5,940 / month + $1,200 / year from 1 proposal',
      '€1,500.50 from 2 proposals',
      '£90 / month from 1 proposal',
    ]);
  });

  it('says when nothing was decided or accepted yet', () => {
    render(
      <OverviewStatCards
        overview={overview({
          winRate: null,
          acceptedThisMonth: [],
          counts: { draft: 1, sent: 0, viewed: 0, accepted: 0, declined: 0, expired: 0, total: 1 },
        })}
        locale="en-US"
      />,
      { wrapper: WithI18n },
    );
    expect(screen.getByRole('group', { name: 'Win rate' }).textContent).toContain('No decisions yet');
    expect(screen.getByRole('group', { name: 'Accepted this month' }).textContent).toContain(
      'Nothing accepted yet this month',
    );
  });
});

describe('overview in the owner’s document locale', () => {
  it('writes the figures and the months as the locale does', () => {
    render(
      <OverviewStatCards
        overview={overview({
          counts: { draft: 1234, sent: 3, viewed: 1, accepted: 4, declined: 2, expired: 5, total: 1249 },
        })}
        locale="de-DE"
      />,
      { wrapper: WithI18n },
    );
    const nbsp = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ');
    expect(screen.getByRole('group', { name: 'Drafts' }).textContent).toBe('Drafts1.234Not sent yet');
    expect(nbsp(screen.getByRole('group', { name: 'Win rate' }).textContent)).toContain('67 %');
  });

  it('names the chart’s months in the locale', () => {
    render(<OverviewMonthsChart months={months} locale="de-DE" />, { wrapper: WithI18n });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(rows[3]!).getByRole('rowheader').textContent).toBe('März 2026');
  });
});

describe('overview chart', () => {
  it('draws a titled bar per month and series, scaled to the busiest month, with a data table', () => {
    const { container } = render(<OverviewMonthsChart months={months} locale="en-US" />, { wrapper: WithI18n });
    expect(screen.getByRole('img', { name: 'Sent and accepted, month by month' })).toBeTruthy();
    const bars = container.querySelectorAll('rect');
    expect(bars).toHaveLength(24);
    const titles = [...bars].map((b) => b.querySelector('title')?.textContent);
    expect(titles[22]).toMatch(/December 2026: 7 proposals sent/);
    expect(titles[23]).toMatch(/December 2026: 3 proposals accepted \(\$9,000 \+ \$5,940 \/ month; €1,500\.50\)/);
    // 7 rounds the axis up to 8: the tallest bar is 7/8 of the plot.
    expect(Number(bars[22]!.getAttribute('height'))).toBeCloseTo(87.5, 5);
    expect(Number(bars[0]!.getAttribute('height'))).toBeCloseTo(12.5, 5);
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(
      within(rows[12]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['11', '7', '3', '$9,000 + $5,940 / month; €1,500.50']);
  });
});

describe('overview activity', () => {
  it('opens drafts in the editor and the others in the proposal view', () => {
    const at = new Date(Date.now() - 3 * 3600_000).toISOString();
    render(
      <MemoryRouter>
        <OverviewActivity
          activity={[
            {
              kind: 'accepted',
              at,
              proposalId: 'a1',
              number: 'P-1',
              title: 'Won',
              clientName: 'Ada',
              status: 'accepted',
            },
            { kind: 'created', at, proposalId: 'd1', number: 'P-2', title: 'Draft', clientName: null, status: 'draft' },
          ]}
          locale="en-US"
        />
      </MemoryRouter>,
      { wrapper: WithI18n },
    );
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/proposals/a1', '/edit-draft/d1']);
    expect(links[0]!.textContent).toContain('Accepted · P-1 · Ada');
    expect(links[0]!.textContent).toContain('3 hours ago');
  });
});
