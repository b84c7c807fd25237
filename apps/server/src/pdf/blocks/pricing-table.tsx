/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import {
  formatPercent,
  priceWithBilling,
  kindsToTotal,
  lineChoice,
  totalsRows,
  unitLabel,
} from '@draftwell/shared/document/display';
import {
  BILLING_KINDS,
  formatQuantity,
  lineTotal,
  tableTotals,
  type TBillingKind,
  type TPricingTotals,
} from '@draftwell/shared/document/pricing';
import type { TPricingLine, TPricingTable } from '@draftwell/shared/document/schema';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { breakLongWord } from '../pdf-text';
import { money, type TPdfModel } from './model';
import { FAINT, MUTED, RULE, TINT, base, fitDir, mirror, rowDir, textDir, type, valueDir } from './styles';

const COLUMN = { description: 3.4, quantity: 1.2, unitPrice: 1.5, percent: 0.9, total: 1.6 };
/** The quantity's column holds about ten characters: a longer unit (up to 20) breaks inside it. */
const breakUnit = (word: string) => breakLongWord(word, 10);

const s = StyleSheet.create({
  sectionTitle: { ...type(13.5, 1.3), fontWeight: 'bold', marginBottom: 4 },
  note: { ...type(8.5, 1.35), color: MUTED, marginBottom: 6 },
  priceHead: {
    flexDirection: 'row',
    borderBottomWidth: 1.5,
    paddingVertical: 4,
    ...type(7.5, 1.3),
    color: MUTED,
    textTransform: 'uppercase',
  },
  priceRow: {
    flexDirection: 'row',
    borderBottomWidth: 0.5,
    borderBottomColor: RULE,
    paddingVertical: 5,
    ...type(9.5, 1.35),
  },
  num: { textAlign: 'right', paddingLeft: 6 },
  lineDescription: { fontWeight: 'bold' },
  tag: { ...type(7.5, 1.3), marginTop: 1 },
  totalsGroup: { marginBottom: 6 },
  totalsRow: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 1.5 },
  totalsFinal: { ...type(11.5, 1.35), fontWeight: 'bold' },
  totalsRule: { borderTopWidth: 0.75, borderTopColor: RULE, marginTop: 2, paddingTop: 3 },
  grandTotal: {
    ...type(10.5, 1.45),
    flexDirection: 'row',
    justifyContent: 'space-between',
    backgroundColor: TINT,
    borderTopWidth: 3,
    padding: 12,
    marginBottom: 18,
  },
});

function safeLineTotal(line: TPricingLine, quantity: number): number | null {
  try {
    return lineTotal({ ...line, quantity }).total;
  } catch {
    return null;
  }
}

/** Totals by billing kind, one group a kind (a table's, the proposal's or the certificate's). */
export function TotalsList({
  totals,
  kinds,
  currency,
  model,
  nameKinds,
}: {
  totals: TPricingTotals;
  kinds: readonly TBillingKind[];
  currency: string;
  model: TPdfModel;
  nameKinds: boolean;
}) {
  return (
    <View>
      {kinds.map((kind, i) => {
        const rows = totalsRows(model.i18n, totals[kind], kind, { kindsShown: kinds.length, nameKind: nameKinds });
        const detailed = rows.length > 1;
        return (
          <View key={kind} style={s.totalsGroup} wrap={false}>
            {rows.map((row) => (
              <View
                key={row.kind}
                style={
                  row.kind === 'total'
                    ? [
                        s.totalsRow,
                        rowDir(model),
                        s.totalsFinal,
                        detailed ? s.totalsRule : {},
                        i === 0 ? { color: model.accent } : {},
                      ]
                    : [s.totalsRow, rowDir(model)]
                }
              >
                <Text style={fitDir(model, row.term)}>{row.term}</Text>
                {/* The amount in the proposal's direction, as the page's <dd>. */}
                <Text style={fitDir(model)}>
                  {`${row.kind === 'discount' ? '−' : ''}${money(model, row.amount, currency)}`}
                </Text>
              </View>
            ))}
          </View>
        );
      })}
    </View>
  );
}

function lineStatus(i18n: I18n, table: TPricingTable, line: TPricingLine, included: boolean): string | null {
  if (table.kind === 'choice') return included ? i18n._('Chosen package') : i18n._('Not chosen');
  if (!line.optional) return null;
  return included ? i18n._('Optional · included') : i18n._('Optional · not included');
}

export function PricingTablePdf({ table, model }: { table: TPricingTable; model: TPdfModel }) {
  const { clean, selection, i18n } = model;
  const showDiscount = table.lines.some((line) => line.discountPercent > 0);
  const showTax = table.lines.some((line) => line.taxPercent > 0);
  const title = table.title.trim();
  const kindsInTable = BILLING_KINDS.filter((kind) => table.lines.some((line) => line.billing === kind));
  // Quantities and amounts in the proposal's direction, as the client's page (whose cells have no
  // `dir` of their own) lays them out: in Hebrew "€ 5,000" (the number format's marks put the sign
  // at the reading end) and in Arabic "1 ساعة" with its number first, at the right. Laid out left
  // to right they read "5,000€" and "ساعة 1".
  const num = [textDir(model), mirror(model, s.num)];
  const chooseOne = i18n._('One package is chosen from these options.');
  const noItems = i18n._('No items in this table.');
  return (
    <View style={base.block}>
      {title ? (
        <Text style={[s.sectionTitle, valueDir(model, title)]} minPresenceAhead={60}>
          {clean(title)}
        </Text>
      ) : null}
      {table.kind === 'choice' && table.lines.length > 0 ? (
        <Text style={[s.note, textDir(model, chooseOne)]}>{chooseOne}</Text>
      ) : null}
      {table.lines.length === 0 ? (
        <Text style={[s.note, textDir(model, noItems)]}>{noItems}</Text>
      ) : (
        // A bare box around the rows: the fixed header repeats on every page the rows reach, and
        // only those (a margin in this box would carry an empty header onto the next page).
        <View>
          <View style={[s.priceHead, rowDir(model), { borderBottomColor: model.brand }]} fixed>
            <Text style={[{ flex: COLUMN.description }, textDir(model)]}>
              {table.kind === 'choice' ? i18n._('Package') : i18n._('Description')}
            </Text>
            <Text style={[...num, { flex: COLUMN.quantity }]}>{i18n._('Quantity')}</Text>
            <Text style={[...num, { flex: COLUMN.unitPrice }]}>{i18n._('Unit price')}</Text>
            {showDiscount ? <Text style={[...num, { flex: COLUMN.percent }]}>{i18n._('Discount')}</Text> : null}
            {showTax ? <Text style={[...num, { flex: COLUMN.percent }]}>{i18n._('Tax')}</Text> : null}
            <Text style={[...num, { flex: COLUMN.total }]}>{i18n._('Total')}</Text>
          </View>
          {table.lines.map((line) => {
            const { included, quantity } = lineChoice(table, line, selection);
            const status = lineStatus(i18n, table, line, included);
            const amount = safeLineTotal(line, quantity);
            return (
              <View key={line.id} style={[s.priceRow, rowDir(model), included ? {} : { color: FAINT }]} wrap={false}>
                <View style={{ flex: COLUMN.description }}>
                  <Text
                    style={[
                      s.lineDescription,
                      line.description.trim() ? valueDir(model, line.description) : textDir(model),
                    ]}
                  >
                    {clean(line.description.trim() || i18n._('Item'))}
                  </Text>
                  {status ? (
                    <Text style={[s.tag, textDir(model), included ? { color: model.accent } : {}]}>{status}</Text>
                  ) : null}
                </View>
                <Text style={[...num, { flex: COLUMN.quantity }]} hyphenationCallback={breakUnit}>
                  {clean(`${formatQuantity(quantity)} ${unitLabel(line.unit, quantity)}`.trim())}
                </Text>
                <Text style={[...num, { flex: COLUMN.unitPrice }]}>
                  {priceWithBilling(i18n, money(model, line.unitPrice), line.billing)}
                </Text>
                {showDiscount ? (
                  <Text style={[...num, { flex: COLUMN.percent }]}>
                    {line.discountPercent > 0 ? formatPercent(line.discountPercent) : '—'}
                  </Text>
                ) : null}
                {showTax ? (
                  <Text style={[...num, { flex: COLUMN.percent }]}>
                    {line.taxPercent > 0 ? formatPercent(line.taxPercent) : '—'}
                  </Text>
                ) : null}
                <Text
                  style={[
                    ...num,
                    { flex: COLUMN.total, fontWeight: 'bold' },
                    included ? {} : { textDecoration: 'line-through' },
                  ]}
                >
                  {amount === null ? '—' : priceWithBilling(i18n, money(model, amount), line.billing)}
                </Text>
              </View>
            );
          })}
        </View>
      )}
      {table.lines.length > 0 ? (
        <View style={mirror(model, base.totals)}>
          <TotalsList
            totals={tableTotals(table, selection)}
            kinds={kindsToTotal([table], selection)}
            currency={model.snapshot.currency}
            model={model}
            nameKinds={kindsInTable.length > 1}
          />
        </View>
      ) : null}
    </View>
  );
}

/** The proposal's total, after its last pricing table when it has more than one. */
export function DocumentTotals({ model, totals }: { model: TPdfModel; totals: TPricingTotals }) {
  const tables = model.snapshot.document.blocks.filter((b): b is TPricingTable => b.type === 'pricing_table');
  const kinds = kindsToTotal(tables, model.selection);
  if (kinds.length === 0) return null;
  const proposalTotal = model.i18n._('Proposal total');
  const anyOther = tables.some((t) => t.lines.some((line) => line.billing !== 'one_off'));
  return (
    <View style={[s.grandTotal, rowDir(model), { borderTopColor: model.brand }]} wrap={false}>
      <Text style={[s.sectionTitle, fitDir(model, proposalTotal)]}>{proposalTotal}</Text>
      <View style={{ width: 230 }}>
        <TotalsList
          totals={totals}
          kinds={kinds}
          currency={model.snapshot.currency}
          model={model}
          nameKinds={anyOther}
        />
      </View>
    </View>
  );
}
