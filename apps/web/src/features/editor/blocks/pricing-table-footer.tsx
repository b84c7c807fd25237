import type { TPricingLine, TPricingTable } from '@draftwell/shared/document';
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
  const noun = table.kind === 'choice' ? 'package' : 'line';
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
            Add {noun}
          </Button>
          <Button type="button" variant="outline" size="sm" disabled={atLimit} onClick={() => setPickerOpen(true)}>
            <Library aria-hidden="true" />
            Add from saved items
          </Button>
          {atLimit ? <p className="text-muted-foreground w-full text-xs">A table holds at most 200 lines.</p> : null}
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
