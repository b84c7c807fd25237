/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  Document,
  Image,
  Link,
  Page,
  StyleSheet,
  Text,
  View,
  type DocumentProps,
  type Styles,
} from '@react-pdf/renderer';
import {
  BILLING_KINDS,
  formatQuantity,
  lineTotal,
  tableTotals,
  type TBillingKind,
  type TPricingTotals,
} from '@draftwell/shared/document/pricing';
import type {
  TBlock,
  TInlineNode,
  TMark,
  TPricingLine,
  TPricingSelection,
  TPricingTable,
  TRichTextNode,
  TSignatureBlock,
  TTimelineBlock,
} from '@draftwell/shared/document/schema';
import { tidyInlines } from '@draftwell/shared/document/inline-text';
import {
  VARIABLE_LABELS,
  formatCalendarDate,
  isVariableName,
  resolveVariable,
  type TDocumentContext,
} from '@draftwell/shared/document/variables';
import { formatMoney } from '@draftwell/shared/money';
import type { TAcceptanceCertificate, TRevisionSnapshot } from '@draftwell/shared/share/revision';
import { Fragment, type ReactElement, type ReactNode } from 'react';
import {
  BILLING_SUFFIX,
  fileIdOf,
  formatMilestoneWhen,
  formatPercent,
  formatUtcDate,
  formatUtcInstant,
  isSafeHref,
  kindsToTotal,
  lineChoice,
  preparedBy,
  signatureParties,
  totalsRows,
  type TSigner,
  unitLabel,
} from '@draftwell/shared/document/display';
import { orderedMarker, shortHash } from './pdf-format';
import { blockKeep, keepAhead, nextBlockStart } from './pdf-keep';
import type { TPdfWorkerImage } from './pdf-types';

/** Everything the document needs, worked out before layout starts. */
export type TPdfModel = {
  snapshot: TRevisionSnapshot;
  revision: { number: number; hash: string };
  selection: TPricingSelection | undefined;
  certificate: TAcceptanceCertificate | null;
  showMadeWithFooter: boolean;
  images: Record<string, TPdfWorkerImage>;
  context: TDocumentContext;
  /** Readable on white (text); the brand colour itself (bars). */
  accent: string;
  brand: string;
  /** Every string drawn passes through this (see pdf-text.ts). */
  clean: (text: string) => string;
  fonts: { body: string[]; mono: string[] };
};

const INK = '#111827';
const MUTED = '#4b5563';
const FAINT = '#9ca3af';
const RULE = '#d1d5db';
const TINT = '#f3f4f6';
const MARGIN_X = 54;
const CONTENT_WIDTH = 595.28 - 2 * MARGIN_X;
/** Nesting the schema allows is 20; past this a tree did not come through it. */
const MAX_DEPTH = 40;
/** CSS pixels (what the editor records) to PDF points. */
const PX_TO_PT = 0.75;
const MAX_IMAGE_HEIGHT = 520;
/** A keep asks for at most this much of a page: a larger one would leave most of a page empty. */
const MAX_KEEP = 360;
/** Added to every keep: react-pdf's page bottom comes a few points before the estimates' sums. */
const KEEP_SLACK = 10;

/** A `minPresenceAhead` for `points` of what follows (see pdf-keep.ts). */
function keep(points: number): number {
  return points > 0 ? Math.min(points + KEEP_SLACK, MAX_KEEP) : 0;
}
/** Option rows kept on the certificate's last page with its totals, when there are more. */
const CERTIFICATE_TAIL_ROWS = 5;

const type = (fontSize: number, lineHeight: number) => ({ fontSize, lineHeight });

const s = StyleSheet.create({
  // No lineHeight on a Page or the footer: it hides the fixed footer (react-pdf 4.9). A unitless lineHeight
  // is resolved against the fontSize of the same style (else react-pdf's default, 18), so every
  // style that sets one sets both, through `type`.
  page: { paddingTop: 50, paddingBottom: 78, paddingHorizontal: MARGIN_X, fontSize: 10.5, color: INK },
  flow: type(10.5, 1.45),
  bar: { position: 'absolute', top: 0, left: 0, right: 0, height: 6 },
  footer: { position: 'absolute', left: MARGIN_X, right: MARGIN_X, bottom: 26, fontSize: 7.5, color: MUTED },
  footerRow: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    paddingTop: 6,
  },
  footerHash: { marginTop: 3, fontSize: 7, color: MUTED },
  header: { ...type(10.5, 1.45), marginBottom: 26, paddingBottom: 18, borderBottomWidth: 1, borderBottomColor: RULE },
  headerTop: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'center',
    marginBottom: 26,
    minHeight: 30,
  },
  logo: { maxHeight: 48, maxWidth: 170, objectFit: 'contain' },
  from: { ...type(14, 1.2), fontWeight: 'bold' },
  number: { ...type(9.5, 1.2), color: MUTED },
  kicker: { ...type(8.5, 1.3), fontWeight: 'bold', textTransform: 'uppercase', marginBottom: 4 },
  title: { ...type(24, 1.2), fontWeight: 'bold' },
  facts: { flexDirection: 'row', marginTop: 20 },
  fact: { flex: 1, paddingRight: 12 },
  factTerm: { ...type(7.5, 1.3), color: MUTED, textTransform: 'uppercase', marginBottom: 2 },
  factLine: type(9.5, 1.4),
  block: { ...type(10.5, 1.45), marginBottom: 18 },
  p: { marginBottom: 7 },
  h1: { ...type(17, 1.25), fontWeight: 'bold', marginTop: 10, marginBottom: 8 },
  h2: { ...type(13.5, 1.3), fontWeight: 'bold', marginTop: 8, marginBottom: 6 },
  h3: { ...type(10.5, 1.3), fontWeight: 'bold', marginTop: 6, marginBottom: 4, textTransform: 'uppercase' },
  list: { marginBottom: 7 },
  listItem: { flexDirection: 'row' },
  marker: { width: 20, textAlign: 'right', paddingRight: 6 },
  listBody: { flex: 1 },
  quote: { borderLeftWidth: 3, paddingLeft: 12, marginBottom: 8, color: MUTED, fontStyle: 'italic' },
  imageMissing: {
    marginBottom: 8,
    padding: 8,
    borderWidth: 0.75,
    borderColor: RULE,
    borderStyle: 'dashed',
    color: MUTED,
    fontStyle: 'italic',
  },
  image: { marginBottom: 10, objectFit: 'contain' },
  table: { marginBottom: 10, borderTopWidth: 0.75, borderLeftWidth: 0.75, borderColor: RULE },
  tableRow: { flexDirection: 'row' },
  tableCell: {
    borderRightWidth: 0.75,
    borderBottomWidth: 0.75,
    borderColor: RULE,
    paddingVertical: 4,
    paddingHorizontal: 6,
  },
  tableHeader: { backgroundColor: TINT, fontWeight: 'bold' },
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
  totals: { marginTop: 8, marginLeft: 'auto', width: 230 },
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
  milestone: { flexDirection: 'row', marginBottom: 10 },
  dot: {
    width: 20,
    height: 20,
    borderRadius: 10,
    borderWidth: 1.5,
    marginRight: 10,
    alignItems: 'center',
    justifyContent: 'center',
  },
  dotText: { ...type(8, 1), fontWeight: 'bold' },
  when: { ...type(7.5, 1.3), fontWeight: 'bold', textTransform: 'uppercase' },
  milestoneTitle: { fontWeight: 'bold' },
  signatures: { ...type(10.5, 1.45), flexDirection: 'row', marginBottom: 18 },
  signer: { flex: 1, borderWidth: 0.75, borderColor: RULE, borderRadius: 4, padding: 12 },
  signerGap: { width: 14 },
  signLine: { marginTop: 34, borderBottomWidth: 0.75, borderBottomColor: FAINT, borderBottomStyle: 'dashed' },
  signCaption: { ...type(7.5, 1.3), color: MUTED, marginTop: 2, marginBottom: 8 },
  accepted: { marginTop: 10, marginBottom: 8, padding: 8, backgroundColor: TINT, ...type(9.5, 1.4) },
  kv: { flexDirection: 'row', ...type(9.5, 1.4), marginBottom: 1 },
  kvTerm: { width: 40, color: MUTED },
  kvValue: { flex: 1 },
  writeOn: { borderBottomWidth: 0.75, borderBottomColor: FAINT, borderBottomStyle: 'dashed', marginBottom: 3 },
  certTitle: { ...type(20, 1.2), fontWeight: 'bold', marginBottom: 6 },
  certIntro: { color: MUTED, marginBottom: 16 },
  certRow: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: RULE, paddingVertical: 4 },
  certTerm: { width: 150, color: MUTED, ...type(9, 1.35), paddingRight: 8 },
  certValue: { flex: 1, ...type(9.5, 1.35) },
  certHash: { flex: 1, ...type(8.5, 1.35) },
  certSection: { ...type(11.5, 1.3), fontWeight: 'bold', marginTop: 16, marginBottom: 6 },
  consent: { ...type(9.5, 1.45), padding: 10, backgroundColor: TINT, marginBottom: 6 },
});

const COLUMN = { description: 3.4, quantity: 1.2, unitPrice: 1.5, percent: 0.9, total: 1.6 };

type TCtx = { model: TPdfModel };

/**
 * The document passed the schema when it was sent, but the renderer does not stake a render on
 * it: a missing array draws nothing, a bad number draws a dash, an unknown node is skipped.
 */
function list<T>(value: readonly T[] | null | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}

function span(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 1 && value <= 100 ? value : 1;
}

/**
 * An image's bytes as the Buffer react-pdf sniffs (PNG or JPEG, checked on the main thread): never
 * a string or URL, which it would read from disk or fetch. A view, not a copy.
 */
function bytes(image: TPdfWorkerImage): Buffer {
  return Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
}

/** A stored file given to the renderer, or undefined (an own key only: never Object.prototype's). */
function imageFor(model: TPdfModel, id: string | null): TPdfWorkerImage | undefined {
  return id !== null && Object.hasOwn(model.images, id) ? model.images[id] : undefined;
}

function safeLineTotal(line: TPricingLine, quantity: number): number | null {
  try {
    return lineTotal({ ...line, quantity }).total;
  } catch {
    return null;
  }
}

function milestoneWhen(milestone: TTimelineBlock['milestones'][number], locale: string): string {
  try {
    return formatMilestoneWhen(milestone.when, locale);
  } catch {
    return '';
  }
}

function money(model: TPdfModel, minor: number, currency = model.snapshot.currency): string {
  return formatMoney(minor, currency);
}

// ---------------------------------------------------------------- chrome

function Footer({ model }: TCtx) {
  const { snapshot, revision, clean } = model;
  const ref = clean(`${snapshot.number} · Revision ${revision.number} · ${shortHash(revision.hash)}`);
  const fullHash = clean(`Revision hash (SHA-256): ${revision.hash}`);
  return (
    <View style={s.footer} fixed>
      <View style={s.footerRow}>
        <Text>{ref}</Text>
        {model.showMadeWithFooter ? <Text>Made with Draftwell</Text> : null}
        <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
      </View>
      <Text
        style={s.footerHash}
        render={({ pageNumber, totalPages }) => (pageNumber === totalPages ? fullHash : ' ')}
      />
    </View>
  );
}

function Fact({ term, lines, model, plain }: { term: string; lines: string[]; model: TPdfModel; plain?: boolean }) {
  const present = lines.map((line) => line.trim()).filter(Boolean);
  if (present.length === 0) return null;
  return (
    <View style={s.fact}>
      <Text style={s.factTerm}>{term}</Text>
      {present.map((line, i) => (
        <Text key={i} style={[s.factLine, i === 0 && !plain ? { fontWeight: 'bold' } : {}]}>
          {model.clean(line)}
        </Text>
      ))}
    </View>
  );
}

function Header({ model }: TCtx) {
  const { snapshot, clean } = model;
  const { sender, client } = snapshot;
  const logo = imageFor(model, sender.logoFileId);
  const from = preparedBy(sender);
  const sent = Number.isNaN(Date.parse(snapshot.sentAt)) ? '' : formatUtcDate(snapshot.sentAt, model.context.locale);
  return (
    <View style={s.header}>
      <View style={s.headerTop}>
        {logo ? <Image style={s.logo} src={bytes(logo)} cache={false} /> : <Text style={s.from}>{clean(from)}</Text>}
        <Text style={s.number}>{clean(snapshot.number)}</Text>
      </View>
      <Text style={[s.kicker, { color: model.accent }]}>Proposal</Text>
      <Text style={s.title}>{clean(snapshot.title.trim() || 'Untitled proposal')}</Text>
      <View style={s.facts}>
        <Fact term="Prepared for" lines={[client.name, client.company, client.email]} model={model} />
        <Fact
          term="Prepared by"
          lines={[
            sender.name,
            [sender.jobTitle, sender.company].filter((v) => v.trim()).join(', '),
            sender.email,
            sender.phone,
            sender.website,
            sender.address,
          ]}
          model={model}
        />
        <Fact
          term="Dates"
          plain
          lines={[
            sent ? `Sent ${sent}` : '',
            snapshot.validUntil ? `Valid until ${formatCalendarDate(snapshot.validUntil, model.context.locale)}` : '',
          ]}
          model={model}
        />
      </View>
    </View>
  );
}

// ---------------------------------------------------------------- rich text

function markStyle(marks: readonly TMark[] | undefined, model: TPdfModel) {
  const style: Styles[string] = {};
  const decorations: ('underline' | 'line-through')[] = [];
  for (const mark of marks ?? []) {
    if (mark.type === 'bold') style.fontWeight = 'bold';
    else if (mark.type === 'italic') style.fontStyle = 'italic';
    else if (mark.type === 'underline') decorations.push('underline');
    else if (mark.type === 'strike') decorations.push('line-through');
    else if (mark.type === 'code') {
      style.fontFamily = model.fonts.mono;
      style.backgroundColor = TINT;
      style.fontSize = 9.5;
    } else if (mark.type === 'link' && isSafeHref(mark.attrs.href)) {
      style.color = model.accent;
      if (!decorations.includes('underline')) decorations.push('underline');
    }
  }
  if (decorations.length === 2) style.textDecoration = 'underline line-through';
  else if (decorations[0]) style.textDecoration = decorations[0];
  return style;
}

function linkOf(node: TInlineNode): string | null {
  const link = node.marks?.find((mark) => mark.type === 'link');
  return link && isSafeHref(link.attrs.href) ? link.attrs.href : null;
}

function inlineText(node: TInlineNode, context: TDocumentContext): string {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'hardBreak':
      return '\n';
    case 'variable': {
      const name: unknown = node.attrs?.name;
      if (typeof name !== 'string' || !isVariableName(name)) return '';
      return resolveVariable(name, context) ?? `[${VARIABLE_LABELS[name]}]`;
    }
    default:
      return '';
  }
}

/**
 * A paragraph's pieces. A link is shown with its address after it, once per run of pieces that
 * carry the same link (a link partly in bold is still one link), unless its text is the address.
 */
function Inlines({ nodes, model }: { nodes: readonly TInlineNode[] | undefined; model: TPdfModel }) {
  const out: ReactNode[] = [];
  const inlines = tidyInlines(list(nodes));
  let runText = '';
  inlines.forEach((node, i) => {
    const text = model.clean(inlineText(node, model.context));
    const href = linkOf(node);
    const style = markStyle(node.marks, model);
    out.push(
      href ? (
        <Link key={i} src={href} style={style}>
          {text}
        </Link>
      ) : (
        <Text key={i} style={style}>
          {text}
        </Text>
      ),
    );
    if (!href) return;
    runText += text;
    const next = inlines[i + 1];
    if (next && linkOf(next) === href) return;
    const shown = href.replace(/^mailto:/i, '');
    if (runText.trim() !== href && runText.trim() !== shown) {
      out.push(
        <Text key={`${i}-href`} style={{ color: MUTED }}>
          {model.clean(` (${shown})`)}
        </Text>,
      );
    }
    runText = '';
  });
  return <>{out}</>;
}

function imageSize(attrs: { width?: number | null; height?: number | null }, maxWidth: number) {
  const width = attrs.width ? attrs.width * PX_TO_PT : null;
  const height = attrs.height ? attrs.height * PX_TO_PT : null;
  if (width && height) {
    const scale = Math.min(1, maxWidth / width, MAX_IMAGE_HEIGHT / height);
    return { width: width * scale, height: height * scale };
  }
  if (width) return { width: Math.min(width, maxWidth) };
  return { maxWidth, maxHeight: MAX_IMAGE_HEIGHT };
}

function RichNode({
  node,
  model,
  depth,
  width,
  ahead,
}: {
  node: TRichTextNode;
  model: TPdfModel;
  depth: number;
  width: number;
  /** Points of what follows that must share the page with this node (a heading's). */
  ahead: number;
}) {
  if (depth > MAX_DEPTH) return null;
  const children = (nodes: readonly TRichTextNode[], inner = width) => (
    <RichNodes nodes={nodes} model={model} depth={depth + 1} width={inner} />
  );
  switch (node.type) {
    case 'paragraph':
      return (
        <Text style={s.p}>{list(node.content).length ? <Inlines nodes={node.content} model={model} /> : ' '}</Text>
      );
    case 'heading': {
      const level = node.attrs?.level;
      const style = level === 1 ? s.h1 : level === 2 ? s.h2 : [s.h3, { color: model.accent }];
      // Keeps a heading on the page of what follows it.
      return (
        <Text style={style} minPresenceAhead={keep(ahead)}>
          <Inlines nodes={node.content} model={model} />
        </Text>
      );
    }
    case 'bulletList':
    case 'orderedList': {
      const start = node.type === 'orderedList' ? (node.attrs?.start ?? 1) : 1;
      const type = node.type === 'orderedList' ? node.attrs?.type : null;
      return (
        <View style={s.list}>
          {list(node.content).map((item, i) => (
            <View key={i} style={s.listItem}>
              <Text style={[s.marker, { color: model.accent }]}>
                {node.type === 'bulletList' ? '•' : orderedMarker(start + i, type)}
              </Text>
              <View style={s.listBody}>{children(list(item?.content), width - 20)}</View>
            </View>
          ))}
        </View>
      );
    }
    case 'blockquote':
      return (
        <View style={[s.quote, { borderLeftColor: model.brand }]}>{children(list(node.content), width - 15)}</View>
      );
    case 'image': {
      const attrs = node.attrs ?? { src: '', alt: '' };
      const id = fileIdOf(attrs.src);
      const image = imageFor(model, id);
      if (!image) {
        const alt = typeof attrs.alt === 'string' ? attrs.alt.trim() : '';
        return <Text style={s.imageMissing}>{model.clean(alt ? `[Image: ${alt}]` : '[Image]')}</Text>;
      }
      return <Image style={[s.image, imageSize(attrs, width)]} src={bytes(image)} cache={false} />;
    }
    case 'table': {
      const columns = Math.max(
        1,
        ...list(node.content).map((row) => list(row?.content).reduce((n, cell) => n + span(cell?.attrs?.colspan), 0)),
      );
      const rows = list(node.content).map((row, r) => (
        <View key={r} style={s.tableRow} wrap={false}>
          {list(row?.content).map((cell, c) => {
            const cellSpan = Math.min(span(cell?.attrs?.colspan), columns);
            return (
              <View
                key={c}
                style={[s.tableCell, { flex: cellSpan }, cell?.type === 'tableHeader' ? s.tableHeader : {}]}
              >
                {children(list(cell?.content), (width * cellSpan) / columns - 12)}
              </View>
            );
          })}
        </View>
      ));
      // The first two rows (a header and a row under it) never part.
      return (
        <View style={s.table}>
          <View wrap={false}>{rows.slice(0, 2)}</View>
          {rows.slice(2)}
        </View>
      );
    }
    default:
      return null;
  }
}

function RichNodes({
  nodes,
  model,
  depth,
  width,
  after = 0,
}: {
  nodes: readonly TRichTextNode[];
  model: TPdfModel;
  depth: number;
  width: number;
  /** Points the start of what comes after these nodes needs (see pdf-keep.ts). */
  after?: number;
}) {
  return (
    <>
      {nodes.map((node, i) => (
        <RichNode
          key={i}
          node={node}
          model={model}
          depth={depth}
          width={width}
          ahead={node.type === 'heading' ? keepAhead(nodes, i + 1, after) : 0}
        />
      ))}
    </>
  );
}

// ---------------------------------------------------------------- pricing

function TotalsList({
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

function PricingTablePdf({ table, model }: { table: TPricingTable; model: TPdfModel }) {
  const { clean, selection } = model;
  const showDiscount = table.lines.some((line) => line.discountPercent > 0);
  const showTax = table.lines.some((line) => line.taxPercent > 0);
  const title = table.title.trim();
  const kindsInTable = BILLING_KINDS.filter((kind) => table.lines.some((line) => line.billing === kind));
  return (
    <View style={s.block}>
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
                <Text style={[s.num, { flex: COLUMN.quantity }]}>
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
        <View style={s.totals}>
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

function DocumentTotals({ model, totals }: { model: TPdfModel; totals: TPricingTotals }) {
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

// ---------------------------------------------------------------- timeline, signature

function TimelinePdf({ block, model }: { block: TTimelineBlock; model: TPdfModel }) {
  const milestones = list(block.milestones);
  if (milestones.length === 0) return null;
  return (
    <View style={s.block}>
      {milestones.map((milestone, i) => (
        <View key={milestone.id} style={s.milestone} wrap={false}>
          <View style={[s.dot, { borderColor: model.brand }]}>
            <Text style={[s.dotText, { color: model.accent }]}>{String(i + 1)}</Text>
          </View>
          <View style={{ flex: 1 }}>
            <Text style={[s.when, { color: model.accent }]}>{milestoneWhen(milestone, model.context.locale)}</Text>
            <Text style={s.milestoneTitle}>{model.clean(milestone.title.trim() || 'Milestone')}</Text>
            {milestone.description?.trim() ? (
              <Text style={{ color: MUTED }}>{model.clean(milestone.description.trim())}</Text>
            ) : null}
          </View>
        </View>
      ))}
    </View>
  );
}

/** A labelled value; a blank one is a line to write on when `blank`, else left out. */
function Kv({ term, value, model, blank }: { term: string; value: string; model: TPdfModel; blank?: boolean }) {
  if (!value.trim() && !blank) return null;
  return (
    <View style={s.kv}>
      <Text style={s.kvTerm}>{term}</Text>
      {value.trim() ? <Text style={s.kvValue}>{model.clean(value)}</Text> : <View style={[s.kvValue, s.writeOn]} />}
    </View>
  );
}

function SignatureBox({ signer, model }: { signer: TSigner; model: TPdfModel }) {
  const { accepted } = signer;
  return (
    <View style={s.signer}>
      <Text style={[s.kicker, { color: model.accent }]}>{model.clean(signer.label)}</Text>
      {accepted ? (
        <View style={s.accepted}>
          <Text style={{ fontWeight: 'bold' }}>{model.clean(accepted.by)}</Text>
          <Text>{accepted.on}</Text>
          <Text style={{ ...type(8, 1.35), color: MUTED }}>
            Electronic signature: see the certificate of acceptance.
          </Text>
        </View>
      ) : (
        <>
          <View style={s.signLine} />
          <Text style={s.signCaption}>Signature</Text>
        </>
      )}
      <Kv term="Name" value={signer.name} model={model} />
      <Kv term="Role" value={signer.role} model={model} />
      <Kv term="Date" value={accepted?.date ?? ''} model={model} blank />
    </View>
  );
}

function SignaturePdf({ block, model }: { block: TSignatureBlock; model: TPdfModel }) {
  const parties = signatureParties(block, model.context, model.certificate);
  return (
    <View style={s.signatures} wrap={false}>
      <SignatureBox signer={parties.sender} model={model} />
      <View style={s.signerGap} />
      <SignatureBox signer={parties.client} model={model} />
    </View>
  );
}

function BlockPdf({ block, model, next }: { block: TBlock; model: TPdfModel; next: TBlock | undefined }) {
  switch (block.type) {
    case 'rich_text': {
      const nodes = list(block.content?.content);
      let body = nodes.length;
      while (body > 0 && nodes[body - 1]?.type === 'heading') body -= 1;
      if (body === nodes.length) {
        return (
          <View style={s.block}>
            <RichNodes nodes={nodes} model={model} depth={1} width={CONTENT_WIDTH} />
          </View>
        );
      }
      // Headings that end a block are laid out on their own: react-pdf weighs a child's
      // minPresenceAhead only when its parent overflows the page, so inside a block that fits they
      // could stay at the bottom of the page, away from the next block they lead into.
      return (
        <>
          {body > 0 ? (
            <View style={[s.block, { marginBottom: 0 }]}>
              <RichNodes nodes={nodes.slice(0, body)} model={model} depth={1} width={CONTENT_WIDTH} />
            </View>
          ) : null}
          <View style={s.block} minPresenceAhead={keep(nextBlockStart(next))}>
            <RichNodes
              nodes={nodes.slice(body)}
              model={model}
              depth={1}
              width={CONTENT_WIDTH}
              after={nextBlockStart(next)}
            />
          </View>
        </>
      );
    }
    case 'pricing_table':
      return <PricingTablePdf table={block} model={model} />;
    case 'timeline':
      return <TimelinePdf block={block} model={model} />;
    case 'signature':
      return <SignaturePdf block={block} model={model} />;
    case 'page_break':
      return <View break />;
    default:
      return null;
  }
}

// ---------------------------------------------------------------- certificate

function CertRow({ term, value, model, hash }: { term: string; value: string; model: TPdfModel; hash?: boolean }) {
  return (
    <View style={s.certRow} wrap={false}>
      <Text style={s.certTerm}>{term}</Text>
      <Text style={hash ? s.certHash : s.certValue}>{model.clean(value.trim() || '—')}</Text>
    </View>
  );
}

/** The client's choices, table by table: what they took of everything they could choose. */
function selectedOptions(certificate: TAcceptanceCertificate, model: TPdfModel): ReactElement[] {
  const tables = model.snapshot.document.blocks.filter((b): b is TPricingTable => b.type === 'pricing_table');
  const rows: { key: string; term: string; value: string }[] = [];
  for (const table of tables) {
    for (const line of table.lines) {
      const selectable = table.kind === 'choice' || line.optional;
      const ranged = Boolean(line.quantityRange);
      if (!selectable && !ranged) continue;
      const { included, quantity } = lineChoice(table, line, certificate.selection);
      if (table.kind === 'choice' && !included) continue;
      const status = table.kind === 'choice' ? 'Chosen package' : !selectable || included ? 'Included' : 'Not included';
      const amount =
        included && ranged ? `, quantity ${formatQuantity(quantity)} ${unitLabel(line.unit, quantity)}`.trimEnd() : '';
      rows.push({
        key: line.id,
        term: table.title.trim() || (table.kind === 'choice' ? 'Package' : 'Option'),
        value: `${line.description.trim() || 'Item'}: ${status}${amount}`,
      });
    }
  }
  if (rows.length === 0) {
    return [<CertRow key="none" term="Options" value="This proposal has no options to choose." model={model} />];
  }
  return rows.map((row) => <CertRow key={row.key} term={row.term} value={row.value} model={model} />);
}

function CertificatePage({ certificate, model }: { certificate: TAcceptanceCertificate; model: TPdfModel }) {
  const tables = model.snapshot.document.blocks.filter((b): b is TPricingTable => b.type === 'pricing_table');
  const kinds = kindsToTotal(tables, certificate.selection);
  const sender = [certificate.senderName, certificate.senderCompany]
    .map((v) => v.trim())
    .filter(Boolean)
    .join(', ');
  const options = selectedOptions(certificate, model);
  const short = options.length <= CERTIFICATE_TAIL_ROWS;
  const consent = (
    <>
      <Text style={s.certSection} minPresenceAhead={60}>
        Consent
      </Text>
      <Text style={s.consent}>{model.clean(certificate.consentText)}</Text>
      <CertRow term="Consent text hash (SHA-256)" value={certificate.consentHash} model={model} hash />
    </>
  );
  const optionsTitle = (
    <Text style={s.certSection} minPresenceAhead={60}>
      Selected options
    </Text>
  );
  return (
    <Page size="A4" style={[s.page, { fontFamily: model.fonts.body }]} bookmark="Certificate of acceptance">
      <View style={[s.bar, { backgroundColor: model.brand }]} fixed />
      <View style={s.flow}>
        <Text style={[s.kicker, { color: model.accent }]}>{model.clean(certificate.proposalNumber)}</Text>
        <Text style={s.certTitle}>Certificate of acceptance</Text>
        <Text style={s.certIntro}>
          {model.clean(
            `This certificate records the electronic acceptance of the proposal "${certificate.proposalTitle}" ` +
              `(revision ${certificate.revisionNumber}). Draftwell recorded these details at the moment of acceptance.`,
          )}
        </Text>
        <CertRow term="Proposal" value={`${certificate.proposalNumber} · ${certificate.proposalTitle}`} model={model} />
        <CertRow term="From" value={sender} model={model} />
        <CertRow term="Accepted by" value={certificate.name} model={model} />
        <CertRow term="Email" value={certificate.email} model={model} />
        <CertRow term="Accepted at (UTC, ISO 8601)" value={certificate.acceptedAt} model={model} />
        <CertRow
          term="Accepted at"
          value={formatUtcInstant(certificate.acceptedAt, model.context.locale)}
          model={model}
        />
        <CertRow term="IP address" value={certificate.ipAddress} model={model} />
        <CertRow term="Browser (user agent)" value={certificate.userAgent} model={model} />
        <CertRow term="Revision" value={String(certificate.revisionNumber)} model={model} />
        <CertRow term="Revision hash (SHA-256)" value={certificate.revisionHash} model={model} hash />
        <CertRow term="Certificate id" value={certificate.id} model={model} />

        {short ? null : consent}
        {short ? null : optionsTitle}
        {short ? null : options.slice(0, -CERTIFICATE_TAIL_ROWS)}
        {/* The end of the certificate stays together, so a page it runs onto never holds only
            a line or two of it: its last option rows (or, with few options, the consent too)
            and the totals. */}
        <View wrap={false}>
          {short ? consent : null}
          {short ? optionsTitle : null}
          {short ? options : options.slice(-CERTIFICATE_TAIL_ROWS)}
          <Text style={s.certSection}>Totals</Text>
          <View style={[s.totals, { marginLeft: 0, width: 260 }]}>
            <TotalsList
              totals={certificate.totals}
              kinds={kinds.length > 0 ? kinds : ['one_off']}
              currency={certificate.currency}
              model={model}
              nameKinds={kinds.some((kind) => kind !== 'one_off')}
            />
          </View>
        </View>
      </View>
      <Footer model={model} />
    </Page>
  );
}

// ---------------------------------------------------------------- document

/** The whole PDF: the proposal's pages, then the certificate page when it was accepted. */
export function proposalPdf(model: TPdfModel, totals: TPricingTotals): ReactElement<DocumentProps> {
  const { snapshot } = model;
  const blocks = snapshot.document.blocks;
  const tables = blocks.filter((b) => b.type === 'pricing_table');
  const lastTable = tables.length > 1 ? tables[tables.length - 1] : undefined;
  const author = [snapshot.sender.name, snapshot.sender.company]
    .map((v) => v.trim())
    .filter(Boolean)
    .join(', ');
  return (
    <Document
      title={model.clean(snapshot.title)}
      author={model.clean(author)}
      subject={model.clean(`Proposal ${snapshot.number}, revision ${model.revision.number}`)}
      creator="Draftwell"
      producer="Draftwell"
      language="en"
    >
      <Page size="A4" style={[s.page, { fontFamily: model.fonts.body }]} wrap>
        <View style={[s.bar, { backgroundColor: model.brand }]} fixed />
        <Header model={model} />
        {blocks.length === 0 ? <Text style={{ color: MUTED }}>This proposal has no content.</Text> : null}
        {blocks.map((block, i) => (
          <Fragment key={block.id}>
            {/* A block's first element (a heading, a table's header) cannot push the block itself
                to the next page: an empty view before it, asking for the block's start, can. */}
            {blockKeep(block) > 0 ? <View minPresenceAhead={keep(blockKeep(block))} /> : null}
            <BlockPdf block={block} model={model} next={blocks[i + 1]} />
            {block === lastTable ? <DocumentTotals model={model} totals={totals} /> : null}
          </Fragment>
        ))}
        <Footer model={model} />
      </Page>
      {model.certificate ? <CertificatePage certificate={model.certificate} model={model} /> : null}
    </Document>
  );
}
