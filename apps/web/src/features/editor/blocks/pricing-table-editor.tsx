import type { TPricingTable } from '@draftwell/shared/document';
import { cutText } from '@draftwell/shared/text';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { PricingKindSwitch } from './pricing-kind-switch';
import { PricingLineRows } from './pricing-line-rows';
import { PricingTableFooter } from './pricing-table-footer';
import { setTableKind } from './pricing-table-ops';
import { PricingTableReadOnly } from './pricing-table-read-only';
import { usePricingTableEdits } from './use-pricing-table-edits';
import './blocks.css';

export type TPricingTableEditorProps = {
  value: TPricingTable;
  onChange: (next: TPricingTable) => void;
  /** ISO 4217 code of the proposal; prices are minor units of it. */
  currency: string;
  /** Basis points given to new lines (the user's default tax rate). */
  defaultTaxRate: number;
  editable: boolean;
};

/**
 * Edits one pricing table: title, line items or packages (the client picks one), every line's
 * numbers typed as decimals and stored exactly, and the totals per billing kind. Emits only tables
 * that pass `ZPricingTable`. The parts: the kind switch, a line's rows (pricing-line-rows.tsx, with
 * its actions and options), the footer with the totals, and the read-only table; the edits and
 * where focus goes after them are in use-pricing-table-edits.ts.
 */
export function PricingTableEditor({ value, onChange, currency, defaultTaxRate, editable }: TPricingTableEditorProps) {
  const { i18n } = useLingui();
  const headingId = useId();
  const [pickerOpen, setPickerOpen] = useState(false);
  const edits = usePricingTableEdits(value, onChange);

  if (!editable) return <PricingTableReadOnly value={value} currency={currency} />;

  const { emit, focusRequest } = edits;
  const isChoice = value.kind === 'choice';

  return (
    <section
      aria-labelledby={headingId}
      className="draft-block bg-card text-card-foreground @container rounded-lg border"
    >
      <div className="flex flex-wrap items-end gap-3 border-b p-3 sm:p-4">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={`${headingId}-title`} className="sr-only">
            {i18n._('Pricing table title')}
          </label>
          <input
            id={`${headingId}-title`}
            className="focus-visible:ring-ring placeholder:text-muted-foreground w-full rounded-md bg-transparent px-1 py-1 text-lg font-semibold outline-none focus-visible:ring-2"
            value={value.title}
            maxLength={200}
            placeholder={i18n._('Investment')}
            onChange={(event) => emit({ ...value, title: cutText(event.target.value, 200) })}
          />
          <span id={headingId} className="sr-only">
            {value.title.trim() || i18n._('Pricing table')}
          </span>
        </div>
        <PricingKindSwitch
          name={`${headingId}-kind`}
          kind={value.kind}
          onChange={(kind) => emit(setTableKind(value, kind))}
        />
      </div>
      {isChoice ? (
        <p className="text-muted-foreground px-3 pt-3 text-sm sm:px-4">
          {i18n._('The client picks one package. The chosen one below is picked when they open the proposal.')}
        </p>
      ) : null}

      {value.lines.length === 0 ? (
        <p className="text-muted-foreground px-4 py-8 text-center text-sm">
          {isChoice
            ? i18n._('No packages yet. Add a package or pick one from your saved items.')
            : i18n._('No lines yet. Add a line or pick one from your saved items.')}
        </p>
      ) : (
        <div className="p-3 sm:p-4">
          <table className="block w-full text-sm @2xl:table @2xl:table-fixed @2xl:border-collapse">
            <caption className="sr-only">{isChoice ? i18n._('Packages') : i18n._('Line items')}</caption>
            <thead className="hidden @2xl:table-header-group">
              <tr className="text-muted-foreground border-b text-left text-xs font-medium">
                <th scope="col" className="py-2 pr-2">
                  {i18n._('Description')}
                </th>
                <th scope="col" className="w-24 px-2 py-2">
                  {i18n._('Quantity')}
                </th>
                <th scope="col" className="w-24 px-2 py-2">
                  {i18n._('Unit')}
                </th>
                <th scope="col" className="w-36 px-2 py-2">
                  {i18n._('Unit price')}
                </th>
                <th scope="col" className="w-32 py-2 pl-2 text-right">
                  {i18n._('Total')}
                </th>
              </tr>
            </thead>
            {value.lines.map((line, index) => (
              <PricingLineRows
                key={line.id}
                line={line}
                index={index}
                count={value.lines.length}
                kind={value.kind}
                currency={currency}
                radioName={`${headingId}-package`}
                focusRequest={focusRequest?.lineId === line.id ? focusRequest : null}
                onReplace={(next) => edits.replace(index, next)}
                onChoose={() => edits.choose(index)}
                onMove={(direction) => edits.move(index, direction)}
                onDuplicate={() => edits.duplicate(index)}
                onDelete={() => edits.remove(index)}
              />
            ))}
          </table>
        </div>
      )}

      {edits.tableProblem ? (
        <p role="alert" className="text-destructive px-4 pb-2 text-sm">
          {edits.tableProblem}
        </p>
      ) : null}

      <PricingTableFooter
        table={value}
        currency={currency}
        defaultTaxRate={defaultTaxRate}
        addButtonRef={edits.addButtonRef}
        pickerOpen={pickerOpen}
        onPickerOpenChange={setPickerOpen}
        onAdd={edits.add}
      />
    </section>
  );
}
