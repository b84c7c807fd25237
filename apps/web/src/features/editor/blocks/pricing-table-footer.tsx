import type { TPricingLine, TPricingTable } from '@draftwell/shared/document';
import { useLingui } from '@lingui/react';
import { Library, Plus } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { newPricingLine } from './new-block';
import { PricingTotals } from './pricing-totals';
import { SavedItemPickerDialog } from './saved-item-picker-dialog';

/** Under the lines: add a line (new or from the saved items), and the table's totals. */
export function PricingTableFooter({
  table,
  currency,
  defaultTaxRate,
  addButtonRef,
  pickerOpen,
  onPickerOpenChange: setPickerOpen,
  onAdd,
}: {
  table: TPricingTable;
  currency: string;
  defaultTaxRate: number;
  addButtonRef: RefObject<HTMLButtonElement | null>;
  /** Whether the saved items dialog is open (kept by the editor, across a switch to read-only and back). */
  pickerOpen: boolean;
  onPickerOpenChange: (open: boolean) => void;
  onAdd: (line: TPricingLine) => void;
}) {
  const { i18n } = useLingui();
  const atLimit = table.lines.length >= 200;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4 border-t p-3 sm:p-4">
        <div className="flex flex-wrap gap-2">
          <Button
            ref={addButtonRef}
            type="button"
            variant="outline"
            size="sm"
            disabled={atLimit}
            onClick={() => onAdd(newPricingLine({ defaultTaxRate }))}
          >
            <Plus aria-hidden="true" />
            {table.kind === 'choice' ? i18n._('Add package') : i18n._('Add line')}
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={atLimit} onClick={() => setPickerOpen(true)}>
            <Library aria-hidden="true" />
            {i18n._('Add from saved items')}
          </Button>
          {atLimit ? (
            <p className="text-muted-foreground w-full text-xs">{i18n._('A table holds at most 200 lines.')}</p>
          ) : null}
        </div>
        <PricingTotals table={table} currency={currency} />
      </div>

      <SavedItemPickerDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        currency={currency}
        onPick={(line) => {
          setPickerOpen(false);
          onAdd(line);
        }}
      />
    </>
  );
}
