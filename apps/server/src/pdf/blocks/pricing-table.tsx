/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { StyleSheet, Text, View } from '@react-pdf/renderer';
import {
  BILLING_SUFFIX,
  formatPercent,
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
import { breakLongWord } from '../pdf-text';
import { money, type TPdfModel } from './model';
import { FAINT, MUTED, RULE, TINT, base, type } from './styles';

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
        const rows = totalsRows(totals[kind], kind, { kindsShown: kinds.length, nameKind: nameKinds });
        const detailed = rows.length > 1;
        return (
          <View key={kind} style={s.totalsGroup} wrap={false}>
            {rows.map((row) => (
              <View
                key={row.kind}
                style={
                  row.kind === 'total'
                    ? [s.totalsRow, s.totalsFinal, detailed ? s.totalsRule : {}, i === 0 ? { color: model.accent } : {}]
                    : s.totalsRow
                }
              >
                <Text>{row.term}</Text>
                <Text>{`${row.kind === 'discount' ? '−' : ''}${money(model, row.amount, currency)}`}</Text>
              </View>
            ))}
          </View>
        );
      })}
    </View>
  );
}

function lineStatus(table: TPricingTable, line: TPricingLine, included: boolean): string | null {
  if (table.kind === 'choice') return included ? 'Chosen package' : 'Not chosen';
  if (!line.optional) return null;
  return included ? 'Optional · included' : 'Optional · not included';
}

export function PricingTablePdf({ table, model }: { table: TPricingTable; model: TPdfModel }) {
  const { clean, selection } = model;
  const showDiscount = table.lines.some((line) => line.discountPercent > 0);
  const showTax = table.lines.some((line) => line.taxPercent > 0);
  const title = table.title.trim();
  const kindsInTable = BILLING_KINDS.filter((kind) => table.lines.some((line) => line.billing === kind));
  return (
    <View style={base.block}>
      {title ? (
        <Text style={s.sectionTitle} minPresenceAhead={60}>
          {clean(title)}
        </Text>
      ) : null}
      {table.kind === 'choice' && table.lines.length > 0 ? (
        <Text style={s.note}>One package is chosen from these options.</Text>
      ) : null}
      {table.lines.length === 0 ? (
        <Text style={s.note}>No items in this table.</Text>
      ) : (
        // A bare box around the rows: the fixed header repeats on every page the rows reach, and
        // only those (a margin in this box would carry an empty header onto the next page).
        <View>
          <View style={[s.priceHead, { borderBottomColor: model.brand }]} fixed>
            <Text style={{ flex: COLUMN.description }}>{table.kind === 'choice' ? 'Package' : 'Description'}</Text>
            <Text style={[s.num, { flex: COLUMN.quantity }]}>Quantity</Text>
            <Text style={[s.num, { flex: COLUMN.unitPrice }]}>Unit price</Text>
            {showDiscount ? <Text style={[s.num, { flex: COLUMN.percent }]}>Discount</Text> : null}
            {showTax ? <Text style={[s.num, { flex: COLUMN.percent }]}>Tax</Text> : null}
            <Text style={[s.num, { flex: COLUMN.total }]}>Total</Text>
          </View>
          {table.lines.map((line) => {
            const { included, quantity } = lineChoice(table, line, selection);
            const status = lineStatus(table, line, included);
            const amount = safeLineTotal(line, quantity);
            return (
              <View key={line.id} style={[s.priceRow, included ? {} : { color: FAINT }]} wrap={false}>
                <View style={{ flex: COLUMN.description }}>
                  <Text style={s.lineDescription}>{clean(line.description.trim() || 'Item')}</Text>
                  {status ? <Text style={[s.tag, included ? { color: model.accent } : {}]}>{status}</Text> : null}
                </View>
                <Text style={[s.num, { flex: COLUMN.quantity }]} hyphenationCallback={breakUnit}>
                  {clean(`${formatQuantity(quantity)} ${unitLabel(line.unit, quantity)}`.trim())}
                </Text>
                <Text style={[s.num, { flex: COLUMN.unitPrice }]}>
                  {`${money(model, line.unitPrice)}${BILLING_SUFFIX[line.billing]}`}
                </Text>
                {showDiscount ? (
                  <Text style={[s.num, { flex: COLUMN.percent }]}>
                    {line.discountPercent > 0 ? formatPercent(line.discountPercent) : '—'}
                  </Text>
                ) : null}
                {showTax ? (
                  <Text style={[s.num, { flex: COLUMN.percent }]}>
                    {line.taxPercent > 0 ? formatPercent(line.taxPercent) : '—'}
                  </Text>
                ) : null}
                <Text
                  style={[
                    s.num,
                    { flex: COLUMN.total, fontWeight: 'bold' },
                    included ? {} : { textDecoration: 'line-through' },
                  ]}
                >
                  {amount === null ? '—' : `${money(model, amount)}${BILLING_SUFFIX[line.billing]}`}
                </Text>
              </View>
            );
          })}
        </View>
      )}
      {table.lines.length > 0 ? (
        <View style={base.totals}>
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
  const anyOther = tables.some((t) => t.lines.some((line) => line.billing !== 'one_off'));
  return (
    <View style={[s.grandTotal, { borderTopColor: model.brand }]} wrap={false}>
      <Text style={s.sectionTitle}>Proposal total</Text>
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
