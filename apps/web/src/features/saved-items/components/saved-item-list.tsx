import type { I18n } from '@draftwell/shared/i18n/i18n';
import { useLingui } from '@lingui/react';
import { Package } from 'lucide-react';
import { billingKindName } from '@draftwell/shared/document/display';
import { formatMoney } from '@draftwell/shared/money';
import type { TSavedItem } from '@draftwell/shared/workspace/saved-items';
import { OwnedRecordList, type TRecordListText } from '@/components/owned-record-list';
import { hideSavedItemForDelete, useSavedItemList } from '@/lib/api/saved-items';
import { formatPercentInput } from '@/lib/percent-input';
import { SavedItemFormDialog } from './saved-item-form-dialog';

const text = (i18n: I18n): TRecordListText => ({
  heading: i18n._('Saved items'),
  subheading: i18n._('Your services and products, ready for pricing tables.'),
  listLabel: i18n._('Saved items'),
  loading: i18n._('Loading your saved items'),
  failed: i18n._('Your saved items did not load'),
  emptyTitle: i18n._('No saved items yet'),
  emptyBody: i18n._('Save the services and products you sell with their price, and pick them into pricing tables.'),
  noMatchTitle: i18n._('No items match'),
  noMatchHint: i18n._('Try another description or unit.'),
  searchRegion: i18n._('Find saved items'),
  searchLabel: i18n._('Search saved items'),
  searchPlaceholder: i18n._('Description or unit'),
  add: i18n._('Add item'),
  deleteDescription: i18n._(
    'The item leaves your saved list; pricing tables that already use it keep their lines. You can undo this for a few seconds afterwards.',
  ),
  deleteButton: i18n._('Delete item'),
  deleteFailed: i18n._('The item was not deleted'),
});

/** The saved items: search, add, edit, delete (with Undo, which saves the item again). */
export function SavedItemList({ defaultCurrency }: { defaultCurrency: string }) {
  const { i18n } = useLingui();
  return (
    <OwnedRecordList<TSavedItem>
      text={text(i18n)}
      emptyIcon={<Package />}
      useList={useSavedItemList}
      hideForDelete={hideSavedItemForDelete}
      nameOf={(item) => item.description}
      deleteTitle={(item) => i18n._('Delete “{name}”?', { name: item?.description ?? '' })}
      summary={(item) => (
        <p className="text-muted-foreground flex flex-wrap gap-x-3 text-sm">
          <span className="text-foreground font-medium tabular-nums">
            {formatMoney(item.unitPrice, item.currency)}
            {item.unit ? ` / ${item.unit}` : ''}
          </span>
          <span>{billingKindName(i18n, item.billing)}</span>
          {item.taxRate > 0 ? (
            <span>{i18n._('Tax {rate} %', { rate: formatPercentInput(item.taxRate) })}</span>
          ) : (
            <span>{i18n._('No tax')}</span>
          )}
        </p>
      )}
      form={({ open, onOpenChange, record }) => (
        <SavedItemFormDialog open={open} onOpenChange={onOpenChange} item={record} defaultCurrency={defaultCurrency} />
      )}
    />
  );
}
