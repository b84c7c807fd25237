import { useLingui } from '@lingui/react';
import { BadgeCheck, Check } from 'lucide-react';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { moneyLocale } from '@draftwell/shared/document/locale';
import { formatMoney } from '@draftwell/shared/money';
import { cn } from '@/lib/cn';

/** The example's names, number and fingerprint: not translated. */
const SENDER = 'Harbor & Pine Studio';
const SENDER_INITIALS = 'HP';
const CLIENT = 'Northwind Bakery';
const SIGNER = 'Dana Whitfield';
const NUMBER = 'P-2026-0042';
const FINGERPRINT = 'SHA-256 9f3c…e21a';

/** An example proposal; the amounts only need to add up, they are not plan prices. */
const LINES = [
  { id: 'workshop', amount: 120000, billing: 'one-off', included: true, optional: false },
  { id: 'build', amount: 480000, billing: 'one-off', included: true, optional: false },
  { id: 'care', amount: 15000, billing: 'monthly', included: true, optional: true },
  { id: 'photography', amount: 65000, billing: 'one-off', included: false, optional: true },
] as const;

function lineLabel(i18n: I18n, id: (typeof LINES)[number]['id']): string {
  switch (id) {
    case 'workshop':
      return i18n._('Discovery workshop');
    case 'build':
      return i18n._('Design and build, 8 pages');
    case 'care':
      return i18n._('Monthly care plan');
    case 'photography':
      return i18n._('Product photography');
  }
}

const oneOffTotal = LINES.filter((l) => l.included && l.billing === 'one-off').reduce((sum, l) => sum + l.amount, 0);
const monthlyTotal = LINES.filter((l) => l.included && l.billing === 'monthly').reduce((sum, l) => sum + l.amount, 0);

/**
 * Drawn in HTML rather than a screenshot so it follows the theme and stays sharp; one text
 * alternative describes it, the parts inside are decoration.
 */
export function ProposalIllustration({ className }: { className?: string }) {
  const { i18n } = useLingui();
  const usd = (minor: number) => formatMoney(minor, 'USD', moneyLocale(i18n.locale));
  const title = i18n._('Website redesign for {client}', { client: CLIENT });
  const description = i18n._(
    'Example of a proposal in Draftwell: “{title}”, with a pricing table where the client has ticked an optional care plan, totals of {oneOff} one-off and {monthly} a month, and an acceptance signed by typing a name, with a certificate.',
    { title, oneOff: usd(oneOffTotal), monthly: usd(monthlyTotal) },
  );
  return (
    <div role="img" aria-label={description} className={cn('relative select-none', className)}>
      <div aria-hidden="true" className="bg-card text-card-foreground rounded-xl border p-5 shadow-lg sm:p-6">
        <div className="flex items-center justify-between gap-3 border-b pb-4">
          <div className="flex items-center gap-2">
            <span className="bg-primary text-primary-foreground grid size-8 place-items-center rounded-md text-xs font-bold">
              {SENDER_INITIALS}
            </span>
            <div className="leading-tight">
              <p className="text-sm font-semibold">{SENDER}</p>
              <p className="text-muted-foreground text-xs">{i18n._('Proposal {number}', { number: NUMBER })}</p>
            </div>
          </div>
          <span className="bg-accent text-accent-foreground rounded-full px-2.5 py-1 text-xs font-semibold">
            {i18n._('Accepted')}
          </span>
        </div>

        <p className="mt-4 text-lg font-semibold tracking-tight">{title}</p>
        <div className="mt-3 grid gap-1.5">
          <span className="bg-muted-foreground/20 block h-2 w-full rounded-full" />
          <span className="bg-muted-foreground/20 block h-2 w-11/12 rounded-full" />
          <span className="bg-muted-foreground/20 block h-2 w-3/5 rounded-full" />
        </div>

        <div className="mt-5 rounded-lg border">
          <p className="text-muted-foreground border-b px-3 py-2 text-xs font-semibold tracking-wide uppercase">
            {i18n._('Pricing')}
          </p>
          <ul className="divide-y text-sm">
            {LINES.map((line) => (
              <li key={line.id} className="flex items-center gap-3 px-3 py-2">
                {line.optional ? (
                  <span
                    className={cn(
                      'grid size-4 shrink-0 place-items-center rounded border',
                      line.included ? 'bg-primary border-primary text-primary-foreground' : 'border-input bg-card',
                    )}
                  >
                    {line.included ? <Check className="size-3" strokeWidth={3} /> : null}
                  </span>
                ) : (
                  <span className="size-4 shrink-0" />
                )}
                <span className={cn('min-w-0 flex-1 truncate', !line.included && 'text-muted-foreground')}>
                  {lineLabel(i18n, line.id)}
                  {line.optional ? (
                    <span className="text-muted-foreground ml-1 text-xs">{i18n._('optional')}</span>
                  ) : null}
                </span>
                <span className={cn('shrink-0 tabular-nums', !line.included && 'text-muted-foreground line-through')}>
                  {usd(line.amount)}
                  {line.billing === 'monthly' ? (
                    <span className="text-muted-foreground text-xs"> {i18n._('/mo')}</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          <div className="bg-muted/60 grid gap-1 rounded-b-lg border-t px-3 py-2 text-sm">
            <p className="flex justify-between">
              <span className="text-muted-foreground">{i18n._('One-off total')}</span>
              <span className="font-semibold tabular-nums">{usd(oneOffTotal)}</span>
            </p>
            <p className="flex justify-between">
              <span className="text-muted-foreground">{i18n._('Monthly total')}</span>
              <span className="font-semibold tabular-nums">{usd(monthlyTotal)}</span>
            </p>
          </div>
        </div>

        <div className="mt-5 flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-muted-foreground text-xs">{i18n._('Accepted by')}</p>
            <p className="font-serif text-2xl italic">{SIGNER}</p>
            <p className="text-muted-foreground text-xs">{i18n._('Owner, {company}', { company: CLIENT })}</p>
          </div>
          <p className="text-muted-foreground flex items-center gap-1.5 rounded-md border px-2 py-1 font-mono text-xs">
            <BadgeCheck className="text-primary size-4" />
            {FINGERPRINT}
          </p>
        </div>
      </div>
    </div>
  );
}
