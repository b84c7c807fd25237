import { englishI18n } from '@draftwell/shared/i18n/english';
import { Package } from 'lucide-react';
import { billingKindName } from '@draftwell/shared/document/display';
import { formatMoney } from '@draftwell/shared/money';
import type { TSavedItem } from '@draftwell/shared/workspace/saved-items';
import { OwnedRecordList } from '@/components/owned-record-list';
import { hideSavedItemForDelete, useSavedItemList } from '@/lib/api/saved-items';
import { formatPercentInput } from '@/lib/percent-input';
import { SavedItemFormDialog } from './saved-item-form-dialog';

const TEXT = {
  heading: 'Saved items',
  subheading: 'Your services and products, ready for pricing tables.',
  listLabel: 'Saved items',
  loading: 'Loading your saved items',
  failed: 'Your saved items did not load',
  emptyTitle: 'No saved items yet',
  emptyBody: 'Save the services and products you sell with their price, and pick them into pricing tables.',
  noMatchTitle: 'No items match',
  noMatchHint: 'Try another description or unit.',
  searchRegion: 'Find saved items',
  searchLabel: 'Search saved items',
  searchPlaceholder: 'Description or unit',
  add: 'Add item',
  deleteDescription:
    'The item leaves your saved list; pricing tables that already use it keep their lines. You can undo this for a few seconds afterwards.',
  deleteButton: 'Delete item',
  deleteFailed: 'The item was not deleted',
};

/** The saved items: search, add, edit, delete (with Undo, which saves the item again). */
export function SavedItemList({ defaultCurrency }: { defaultCurrency: string }) {
  return (
    <OwnedRecordList<TSavedItem>
      text={TEXT}
      emptyIcon={<Package />}
      useList={useSavedItemList}
      hideForDelete={hideSavedItemForDelete}
      nameOf={(item) => item.description}
      deleteTitle={(item) => `Delete “${item?.description ?? ''}”?`}
      summary={(item) => (
        <p className="text-muted-foreground flex flex-wrap gap-x-3 text-sm">
          <span className="text-foreground font-medium tabular-nums">
            {formatMoney(item.unitPrice, item.currency)}
            {item.unit ? ` / ${item.unit}` : ''}
          </span>
          <span>{billingKindName(englishI18n, item.billing)}</span>
          {item.taxRate > 0 ? <span>Tax {formatPercentInput(item.taxRate)} %</span> : <span>No tax</span>}
        </p>
      )}
      form={({ open, onOpenChange, record }) => (
        <SavedItemFormDialog open={open} onOpenChange={onOpenChange} item={record} defaultCurrency={defaultCurrency} />
      )}
    />
  );
}
