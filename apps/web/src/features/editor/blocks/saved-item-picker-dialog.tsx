import type { TPricingLine } from '@draftwell/shared/document';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { formatMoney } from '@draftwell/shared/money';
import type { TSavedItem } from '@draftwell/shared/workspace/saved-items';
import { useLingui } from '@lingui/react';
import { Library, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSavedItemList } from '@/lib/api/saved-items';
import { formatPercentInput } from '@/lib/percent-input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { savedItemAvailability, savedItemToLine } from './saved-item-line';

export const SAVED_ITEMS_HREF = `${paths.profile}?tab=items`;

const billingText = (i18n: I18n) =>
  ({ one_off: i18n._('one-off'), monthly: i18n._('per month'), yearly: i18n._('per year') }) as const;

export type TSavedItemPickerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currency: string;
  onPick: (line: TPricingLine) => void;
};

/** Searches the user's saved items and turns the one picked into a pricing line. */
export function SavedItemPickerDialog({ open, onOpenChange, currency, onPick }: TSavedItemPickerDialogProps) {
  const { i18n } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="gap-3">
        <DialogHeader>
          <DialogTitle>{i18n._('Add from saved items')}</DialogTitle>
          <DialogDescription>
            {i18n._(
              'Pick an item to add it as a line. Items priced in another currency than {currency} cannot be added.',
              {
                currency,
              },
            )}
          </DialogDescription>
        </DialogHeader>
        {open ? <SavedItemPicker currency={currency} onPick={onPick} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The search field and the list; mounted only while the dialog is open so nothing is fetched before. */
export function SavedItemPicker({ currency, onPick }: { currency: string; onPick: (line: TPricingLine) => void }) {
  const { i18n } = useLingui();
  const searchId = useId();
  const [q, setQ] = useState('');
  const query = useDebouncedValue(q.trim(), 250);
  const list = useSavedItemList(query);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="grid gap-3">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {i18n._('Search saved items')}
        </label>
        <Search
          aria-hidden="true"
          className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
        />
        <Input
          id={searchId}
          type="search"
          className="pl-9"
          placeholder={i18n._('Search saved items')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
      </div>

      {list.isPending ? (
        <div role="status" aria-label={i18n._('Loading saved items')} className="grid gap-2">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : list.isError ? (
        <div
          role="alert"
          className="border-destructive/40 grid justify-items-start gap-2 rounded-md border p-4 text-sm"
        >
          <p>{i18n._('Your saved items could not be loaded. Check your connection and try again.')}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void list.refetch()}>
            {i18n._('Retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        query ? (
          <p className="text-muted-foreground py-6 text-center text-sm">
            {i18n._('No saved item matches “{query}”.', { query })}
          </p>
        ) : (
          <div className="flex flex-col items-center rounded-md border border-dashed px-4 py-8 text-center">
            <Library aria-hidden="true" className="text-muted-foreground mb-2 size-6" />
            <p className="font-medium">{i18n._('No saved items yet')}</p>
            <p className="text-muted-foreground mt-1 max-w-xs text-sm">
              {i18n._('Save the services you sell with their price once, then add them to any proposal in a click.')}
            </p>
            <Link
              to={SAVED_ITEMS_HREF}
              className="text-primary mt-3 text-sm font-medium underline-offset-4 hover:underline"
            >
              {i18n._('Create saved items in your profile')}
            </Link>
          </div>
        )
      ) : (
        <>
          <ul aria-label={i18n._('Saved items')} className="grid max-h-80 gap-2 overflow-y-auto">
            {items.map((item) => (
              <SavedItemRow key={item.id} item={item} currency={currency} onPick={onPick} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? (
                <Spinner className="[&>span]:size-4 [&>span]:border-2" label={i18n._('Loading more')} />
              ) : null}
              {i18n._('Show more')}
            </Button>
          ) : null}
          {list.isFetchNextPageError ? (
            <p role="alert" className="text-destructive text-sm">
              {i18n._('More items could not be loaded; try again.')}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function SavedItemRow({
  item,
  currency,
  onPick,
}: {
  item: TSavedItem;
  currency: string;
  onPick: (line: TPricingLine) => void;
}) {
  const { i18n } = useLingui();
  const reasonId = useId();
  const reason = savedItemAvailability(item, currency);
  const details = [
    `${formatMoney(item.unitPrice, item.currency)}${item.unit ? ` / ${item.unit}` : ''}`,
    billingText(i18n)[item.billing],
    item.taxRate ? i18n._('{percent} % tax', { percent: formatPercentInput(item.taxRate) }) : null,
  ].filter(Boolean);
  return (
    <li className="flex items-center gap-3 rounded-md border p-3">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{item.description}</p>
        <p className="text-muted-foreground text-sm">{details.join(' · ')}</p>
        {reason ? (
          <p id={reasonId} className="mt-1 text-xs text-amber-800 dark:text-amber-300">
            {i18n._('Priced in {itemCurrency}; this proposal is in {currency}.', {
              itemCurrency: item.currency,
              currency,
            })}
          </p>
        ) : null}
      </div>
      <Button
        type="button"
        size="sm"
        variant={reason ? 'outline' : 'default'}
        disabled={reason !== null}
        aria-describedby={reason ? reasonId : undefined}
        aria-label={i18n._('Add {name}', { name: item.description })}
        title={reason ?? undefined}
        onClick={() => {
          const pick = savedItemToLine(item, currency);
          if (pick.ok) onPick(pick.line);
        }}
      >
        {i18n._('Add')}
      </Button>
    </li>
  );
}
