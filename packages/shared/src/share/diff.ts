import type { I18n } from '../i18n/i18n';
import { languageInfo, languageOf } from '../i18n/languages';
import { BASIS_POINTS_SCALE, BILLING_KINDS, formatQuantity, lineTotal, type TBillingKind } from '../document/pricing';
import type {
  TBlock,
  TBlockType,
  TInlineNode,
  TMilestone,
  TPricingLine,
  TPricingTable,
  TRichTextBlock,
  TRichTextDoc,
  TRichTextNode,
  TSignatureBlock,
  TTimelineBlock,
} from '../document/schema';
import { billingKindName, formatDuration, snapshotContext, totalName } from '../document/display';
import { formatCalendarDate, resolveVariable, variableLabel, type TDocumentContext } from '../document/variables';
import { currencyLabel, formatMoney } from '../money';
import type { TRevisionSnapshot } from './revision';
import { formatRatioPercent } from '../i18n/format';

/**
 * What changed between two sent revisions of a proposal, as a list a page can render as it is:
 * every value is already formatted for a person. Types and pure functions only, without zod: the
 * client's page imports this module and must stay small (QUALITY P8).
 */

export type TDiffSegment = { kind: 'same' | 'added' | 'removed'; text: string };

/** One attribute's old and new value, both formatted; '—' stands for an empty value. */
export type TValueChange = { label: string; before: string; after: string };

export type TRevisionChange =
  /** Title, client details, currency, valid until, the sender's message. */
  | { kind: 'field'; label: string; before: string; after: string }
  /** `text`: the block's plain text, or a summary of its lines, milestones or signers. */
  | { kind: 'block_added' | 'block_removed'; blockType: TBlockType; blockLabel: string; text: string }
  /** The block stands elsewhere among the blocks both revisions share. */
  | { kind: 'block_moved'; blockType: TBlockType; blockLabel: string }
  /** A pricing table's title or type, a signature's labels and roles. */
  | { kind: 'block_changed'; blockType: TBlockType; blockLabel: string; changes: TValueChange[] }
  /** A word-level diff of a text block's plain text. */
  | { kind: 'text_changed'; blockLabel: string; segments: TDiffSegment[] }
  /** `amount`: the line's total with its billing ("$1,200", "$50 per month"). */
  | { kind: 'line_added' | 'line_removed'; table: string; description: string; amount: string }
  | { kind: 'line_changed'; table: string; description: string; changes: TValueChange[] }
  | { kind: 'milestone_added' | 'milestone_removed'; timeline: string; title: string; when: string }
  | { kind: 'milestone_changed'; timeline: string; title: string; changes: TValueChange[] }
  | { kind: 'totals_changed'; billing: TBillingKind; label: string; before: string; after: string };

const EMPTY = '—';
const LABEL_MAX = 60;

/**
 * The work one comparison may spend on diffing text, counted in steps of the diff's inner loops
 * (about 10 ns each): enough for hundreds of scattered edits in a 30-page text, and a bound two
 * long texts with nothing in common reach within tens of milliseconds. Past it, what is left to
 * diff is shown as replaced whole (common beginnings and ends are still found).
 */
const DIFF_BUDGET_STEPS = 5_000_000;

// ---------------------------------------------------------------- sequence diff (Myers)

/*
 * Hand-written rather than jsdiff's diffArrays (tried in issue 14): jsdiff picks other, equally
 * short edit scripts (a third of random word edits gave different segments), bounds only each
 * call on its own and all or nothing (`maxEditLength`), not one budget shared by a comparison
 * with common ends still found; it was about 3 times slower on 20,000-word texts, and it made
 * the client page's lazy diff chunk 2.4 kB (gzip) larger.
 */

const SAME = 0;
const REMOVE = 1;
const ADD = 2;
type TOp = typeof SAME | typeof REMOVE | typeof ADD;

/** Steps left to spend; shared by every diff of one call so their total stays bounded. */
type TBudget = { steps: number };

function pushOps(ops: TOp[], op: TOp, count: number): void {
  for (let i = 0; i < count; i++) ops.push(op);
}

/**
 * Myers' middle snake, in linear space: a point on a shortest edit script of a[aLo..aHi) and
 * b[bLo..bHi), found by searching from both ends until the paths overlap. Null when the budget runs
 * out (or the ranges share nothing). The caller has trimmed the common head and tail.
 */
function bisect(
  a: Int32Array,
  aLo: number,
  aHi: number,
  b: Int32Array,
  bLo: number,
  bHi: number,
  budget: TBudget,
): [number, number] | null {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const maxD = Math.ceil((n + m) / 2);
  const offset = maxD + 1;
  const size = 2 * maxD + 3;
  // forward[offset + k]: furthest x on diagonal k from the start; backward: the same from the end.
  const forward = new Int32Array(size).fill(-1);
  const backward = new Int32Array(size).fill(-1);
  forward[offset + 1] = 0;
  backward[offset + 1] = 0;
  const delta = n - m;
  const odd = (delta & 1) !== 0;
  // Diagonals that ran off the grid are skipped from then on.
  let forwardStart = 0;
  let forwardEnd = 0;
  let backwardStart = 0;
  let backwardEnd = 0;
  for (let d = 0; d < maxD; d++) {
    if (budget.steps <= 0) return null;
    for (let k = -d + forwardStart; k <= d - forwardEnd; k += 2) {
      const i = offset + k;
      let x = k === -d || (k !== d && forward[i - 1]! < forward[i + 1]!) ? forward[i + 1]! : forward[i - 1]! + 1;
      let y = x - k;
      const from = x;
      while (x < n && y < m && a[aLo + x] === b[bLo + y]) {
        x++;
        y++;
      }
      budget.steps -= x - from + 1;
      forward[i] = x;
      if (x > n) forwardEnd += 2;
      else if (y > m) forwardStart += 2;
      else if (odd) {
        const j = offset + delta - k;
        if (j >= 0 && j < size && backward[j] !== -1 && x >= n - backward[j]!) return [aLo + x, bLo + y];
      }
    }
    for (let k = -d + backwardStart; k <= d - backwardEnd; k += 2) {
      const i = offset + k;
      let x = k === -d || (k !== d && backward[i - 1]! < backward[i + 1]!) ? backward[i + 1]! : backward[i - 1]! + 1;
      let y = x - k;
      const from = x;
      while (x < n && y < m && a[aHi - 1 - x] === b[bHi - 1 - y]) {
        x++;
        y++;
      }
      budget.steps -= x - from + 1;
      backward[i] = x;
      if (x > n) backwardEnd += 2;
      else if (y > m) backwardStart += 2;
      else if (!odd) {
        const j = offset + delta - k;
        if (j >= 0 && j < size && forward[j] !== -1 && forward[j]! >= n - x) {
          return [aLo + forward[j]!, bLo + forward[j]! - (j - offset)];
        }
      }
    }
  }
  return null;
}

/** Appends the edit script of a[aLo..aHi) against b[bLo..bHi) to `ops`, splitting at middle snakes. */
function diffRange(
  a: Int32Array,
  aLo: number,
  aHi: number,
  b: Int32Array,
  bLo: number,
  bHi: number,
  budget: TBudget,
  ops: TOp[],
): void {
  let head = 0;
  while (aLo + head < aHi && bLo + head < bHi && a[aLo + head] === b[bLo + head]) head++;
  let tail = 0;
  while (aHi - tail > aLo + head && bHi - tail > bLo + head && a[aHi - 1 - tail] === b[bHi - 1 - tail]) tail++;
  pushOps(ops, SAME, head);
  const [a0, a1, b0, b1] = [aLo + head, aHi - tail, bLo + head, bHi - tail];
  const split = a0 < a1 && b0 < b1 ? bisect(a, a0, a1, b, b0, b1, budget) : null;
  // A split at a corner would not make the problem smaller; it is read as "replace" too.
  if (split && !(split[0] === a0 && split[1] === b0) && !(split[0] === a1 && split[1] === b1)) {
    diffRange(a, a0, split[0], b, b0, split[1], budget, ops);
    diffRange(a, split[0], a1, b, split[1], b1, budget, ops);
  } else {
    pushOps(ops, REMOVE, a1 - a0);
    pushOps(ops, ADD, b1 - b0);
  }
  pushOps(ops, SAME, tail);
}

/** The shortest edit script turning `a` into `b`, within the budget; tokens compare as strings. */
function editScript(a: readonly string[], b: readonly string[], budget: TBudget): TOp[] {
  const ids = new Map<string, number>();
  const intern = (tokens: readonly string[]) =>
    Int32Array.from(tokens, (token) => {
      let id = ids.get(token);
      if (id === undefined) {
        id = ids.size;
        ids.set(token, id);
      }
      return id;
    });
  const ops: TOp[] = [];
  diffRange(intern(a), 0, a.length, intern(b), 0, b.length, budget, ops);
  return ops;
}

// ---------------------------------------------------------------- text diff

const CJK = '[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}]';
const WORD_CHAR = `(?:(?!${CJK})[\\p{L}\\p{M}\\p{N}_])`;
/**
 * Whitespace runs, words (kept whole across inner apostrophes, hyphens, and the separators of
 * numbers such as 1,200.50), one CJK character (those scripts put no spaces between words), or one
 * other character (punctuation, symbols).
 */
const TOKEN = new RegExp(`\\s+|${CJK}|${WORD_CHAR}+(?:['’.,\\-]${WORD_CHAR}+)*|.`, 'gsu');

function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** Lines with their line break, so joining them gives the text back. */
function splitLines(text: string): string[] {
  return text === '' ? [] : (text.match(/[^\n]*\n|[^\n]+$/g) ?? []);
}

type TSegmentKind = TDiffSegment['kind'];

function pushSegment(segments: TDiffSegment[], kind: TSegmentKind, text: string): void {
  if (text === '') return;
  const last = segments[segments.length - 1];
  if (last?.kind === kind) last.text += text;
  else segments.push({ kind, text });
}

function pushScript(segments: TDiffSegment[], a: readonly string[], b: readonly string[], ops: readonly TOp[]): void {
  let i = 0;
  let j = 0;
  for (const op of ops) {
    if (op === SAME) {
      pushSegment(segments, 'same', b[j++]!);
      i++;
    } else if (op === REMOVE) pushSegment(segments, 'removed', a[i++]!);
    else pushSegment(segments, 'added', b[j++]!);
  }
}

const isChange = (segment: TDiffSegment | undefined) => segment !== undefined && segment.kind !== 'same';
const isInlineSpace = (segment: TDiffSegment) => segment.kind === 'same' && /^[^\S\n]+$/.test(segment.text);

/**
 * Reads a run of changes as one replacement: "-old +new same(' ') -words +text" becomes
 * "-old words +new text", and every run shows what went before what came. A space kept between
 * two changes goes to both sides, so `same + removed` is still the old text and `same + added` the new.
 */
function tidySegments(raw: readonly TDiffSegment[]): TDiffSegment[] {
  const out: TDiffSegment[] = [];
  let i = 0;
  while (i < raw.length) {
    const segment = raw[i]!;
    if (!isChange(segment)) {
      pushSegment(out, segment.kind, segment.text);
      i++;
      continue;
    }
    let end = i + 1;
    while (end < raw.length && (isChange(raw[end]) || (isInlineSpace(raw[end]!) && isChange(raw[end + 1])))) end++;
    const run = raw.slice(i, end);
    const mixed = run.some((s) => s.kind === 'removed') && run.some((s) => s.kind === 'added');
    if (mixed) {
      const removed = run.filter((s) => s.kind !== 'added').map((s) => s.text);
      const added = run.filter((s) => s.kind !== 'removed').map((s) => s.text);
      pushSegment(out, 'removed', removed.join(''));
      pushSegment(out, 'added', added.join(''));
    } else {
      for (const s of run) pushSegment(out, s.kind, s.text);
    }
    i = end;
  }
  return out;
}

/**
 * A word-level diff of two texts: lines are matched first, then the words of each stretch of
 * changed lines, so a long text with a few edits costs little and a rewrite stays bounded.
 * Joining the `same` and `removed` segments gives `before`; `same` and `added` give `after`.
 */
export function diffText(before: string, after: string): TDiffSegment[] {
  return diffTextWithin(before, after, { steps: DIFF_BUDGET_STEPS });
}

function diffTextWithin(before: string, after: string, budget: TBudget): TDiffSegment[] {
  if (before === after) return before === '' ? [] : [{ kind: 'same', text: before }];
  const linesA = splitLines(before);
  const linesB = splitLines(after);
  const raw: TDiffSegment[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    const wordsA = tokenize(removed);
    const wordsB = tokenize(added);
    pushScript(raw, wordsA, wordsB, editScript(wordsA, wordsB, budget));
    removed = '';
    added = '';
  };
  let i = 0;
  let j = 0;
  for (const op of editScript(linesA, linesB, budget)) {
    if (op === SAME) {
      flush();
      pushSegment(raw, 'same', linesB[j++]!);
      i++;
    } else if (op === REMOVE) removed += linesA[i++]!;
    else added += linesB[j++]!;
  }
  flush();
  return tidySegments(raw);
}

// ---------------------------------------------------------------- plain text of rich text

/**
 * What a version's variables read as in the diff: filled from its context as its reader saw them
 * (an unfilled one as its label in brackets, as the page shows it), or `{{name}}` without one.
 */
type TVariableValues = TDocumentContext | null;

function variableText(i18n: I18n, name: TInlineNode & { type: 'variable' }, values: TVariableValues): string {
  if (!values) return `{{${name.attrs.name}}}`;
  return resolveVariable(name.attrs.name, values) ?? `[${variableLabel(i18n, name.attrs.name)}]`;
}

function inlineText(i18n: I18n, nodes: readonly TInlineNode[] | undefined, values: TVariableValues): string {
  let text = '';
  for (const node of nodes ?? []) {
    if (node.type === 'text') text += node.text;
    else if (node.type === 'hardBreak') text += '\n';
    else text += variableText(i18n, node, values);
  }
  return text;
}

/** One line per paragraph, heading, list item, table row or image; empty paragraphs are left out. */
function textLines(i18n: I18n, nodes: readonly TRichTextNode[], out: string[], values: TVariableValues): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'paragraph':
      case 'heading': {
        const text = inlineText(i18n, node.content, values);
        if (text.trim() !== '') out.push(text);
        break;
      }
      case 'bulletList':
      case 'orderedList':
        for (const item of node.content) {
          const lines: string[] = [];
          textLines(i18n, item.content, lines, values);
          // Numbers would shift on every insertion and clutter the diff, so every item gets a bullet.
          lines
            .join('\n')
            .split('\n')
            .forEach((line, index) => out.push(`${index === 0 ? '• ' : '  '}${line}`));
        }
        break;
      case 'blockquote':
        textLines(i18n, node.content, out, values);
        break;
      case 'image':
        out.push(node.attrs.alt.trim() ? i18n._('[Image: {alt}]', { alt: node.attrs.alt.trim() }) : i18n._('[Image]'));
        break;
      case 'table':
        for (const row of node.content) {
          const cells = row.content.map((cell) => {
            const lines: string[] = [];
            textLines(i18n, cell.content, lines, values);
            return lines.join(' ').replaceAll('\n', ' ');
          });
          out.push(cells.join(' | '));
        }
        break;
    }
  }
}

/**
 * The text a person reads in a rich-text block: paragraphs, headings, list items ("• "), table rows
 * (cells between " | ") and images ("[Image: alt]") on lines of their own; variables filled from
 * `values`, or as {{name}} without them.
 */
export function richTextPlainText(i18n: I18n, doc: TRichTextDoc, values: TVariableValues = null): string {
  const lines: string[] = [];
  textLines(i18n, doc.content, lines, values);
  return lines.join('\n');
}

// ---------------------------------------------------------------- formatting

/**
 * The reader's locale, each revision's currency and variable values, and the diff budget the whole
 * comparison shares.
 */
type TContext = {
  i18n: I18n;
  locale: string;
  before: string;
  after: string;
  values: { before: TVariableValues; after: TVariableValues };
  budget: TBudget;
};

function shorten(text: string): string {
  if (text.length <= LABEL_MAX) return text;
  const cut = text.slice(0, LABEL_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > LABEL_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const orEmpty = (text: string) => (text.trim() === '' ? EMPTY : text.trim());
const yesNo = (i18n: I18n, value: boolean) => (value ? i18n._('Yes') : i18n._('No'));

function formatPercent(basisPoints: number, locale: string): string {
  return formatRatioPercent(basisPoints / BASIS_POINTS_SCALE, locale);
}

/** A line's total with its billing: "$1,200", "$50 per month". */
function withBilling(i18n: I18n, amount: string, kind: TBillingKind): string {
  switch (kind) {
    case 'one_off':
      return amount;
    case 'monthly':
      return i18n._('{amount} per month', { amount });
    case 'yearly':
      return i18n._('{amount} per year', { amount });
  }
}

function blockName(i18n: I18n, type: TBlockType): string {
  switch (type) {
    case 'rich_text':
      return i18n._('Text');
    case 'pricing_table':
      return i18n._('Pricing table');
    case 'timeline':
      return i18n._('Timeline');
    case 'signature':
      return i18n._('Signature');
    case 'page_break':
      return i18n._('Page break');
  }
}

/** What a person calls the block: its first line of text, a table's title, else its kind. */
function blockLabel(i18n: I18n, block: TBlock, values: TVariableValues): string {
  if (block.type === 'rich_text') {
    const first = richTextPlainText(i18n, block.content, values).split('\n', 1)[0]!.replace(/^• /, '').trim();
    return first ? shorten(first) : blockName(i18n, 'rich_text');
  }
  if (block.type === 'pricing_table') return tableLabel(i18n, block);
  return blockName(i18n, block.type);
}

const tableLabel = (i18n: I18n, table: TPricingTable) =>
  shorten(table.title.trim()) || blockName(i18n, 'pricing_table');
const lineDescription = (i18n: I18n, line: TPricingLine) => line.description.trim() || i18n._('Untitled line');
const milestoneTitle = (i18n: I18n, milestone: TMilestone) => milestone.title.trim() || i18n._('Untitled milestone');

function lineAmount(i18n: I18n, line: TPricingLine, currency: string, locale: string): string {
  return withBilling(i18n, formatMoney(lineTotal(line).total, currency, locale), line.billing);
}

function formatWhen(i18n: I18n, when: TMilestone['when'], locale: string): string {
  if (when.kind === 'date') return formatCalendarDate(when.date, locale);
  return formatDuration(i18n, when.value, when.unit);
}

type TSide = 'sender' | 'client';
const SIDES: readonly TSide[] = ['sender', 'client'];
const sideName = (i18n: I18n, side: TSide) => (side === 'sender' ? i18n._('Sender') : i18n._('Client'));

/** The renderer shows "Sender" and "Client" where a label is left out. */
const signerLabel = (i18n: I18n, block: TSignatureBlock, side: TSide) =>
  block[side]?.label?.trim() || sideName(i18n, side);
const signerRole = (block: TSignatureBlock, side: TSide) => block[side]?.role?.trim() ?? '';

function signerLines(i18n: I18n, block: TSignatureBlock): string {
  return SIDES.map((side) => {
    const role = signerRole(block, side);
    return role ? `${signerLabel(i18n, block, side)} — ${role}` : signerLabel(i18n, block, side);
  }).join('\n');
}

/** The text shown for an added or removed block. */
function blockSummary(i18n: I18n, block: TBlock, currency: string, locale: string, values: TVariableValues): string {
  switch (block.type) {
    case 'rich_text':
      return richTextPlainText(i18n, block.content, values);
    case 'pricing_table':
      return block.lines
        .map((line) => {
          const description = lineDescription(i18n, line);
          const amount = lineAmount(i18n, line, currency, locale);
          return block.kind === 'lines' && line.optional
            ? i18n._('{description} — {amount} (optional)', { description, amount })
            : `${description} — ${amount}`;
        })
        .join('\n');
    case 'timeline':
      return block.milestones.map((m) => `${milestoneTitle(i18n, m)} — ${formatWhen(i18n, m.when, locale)}`).join('\n');
    case 'signature':
      return signerLines(i18n, block);
    case 'page_break':
      return '';
  }
}

/** The value changes among candidates whose formatted values differ, in the candidates' order. */
function valueChanges(candidates: readonly (TValueChange | null)[]): TValueChange[] {
  return candidates.filter((c): c is TValueChange => c !== null && c.before !== c.after);
}

/**
 * Two amounts, each in its revision's currency; null when both are zero, so a change of currency
 * is reported once, as a field, and not again for every zero amount.
 */
function moneyChange(label: string, before: number, after: number, ctx: TContext): TValueChange | null {
  if (before === 0 && after === 0) return null;
  return {
    label,
    before: formatMoney(before, ctx.before, ctx.locale),
    after: formatMoney(after, ctx.after, ctx.locale),
  };
}

// ---------------------------------------------------------------- matching by id

type TPair<T> = { before?: T; after?: T };

/**
 * Items of both lists matched by id, in the newer list's order; an item only in the older list
 * follows the nearest item before it that is still there (or leads when there is none).
 */
function pairById<T extends { id: string }>(before: readonly T[], after: readonly T[]): TPair<T>[] {
  const afterIds = new Set(after.map((item) => item.id));
  const beforeById = new Map(before.map((item) => [item.id, item]));
  const removedAfter = new Map<string | null, T[]>();
  let anchor: string | null = null;
  for (const item of before) {
    if (afterIds.has(item.id)) anchor = item.id;
    else if (removedAfter.has(anchor)) removedAfter.get(anchor)!.push(item);
    else removedAfter.set(anchor, [item]);
  }
  const removed = (key: string | null) => (removedAfter.get(key) ?? []).map((item) => ({ before: item }));
  const pairs: TPair<T>[] = removed(null);
  for (const item of after) pairs.push({ before: beforeById.get(item.id), after: item }, ...removed(item.id));
  return pairs;
}

/** Ids of the shared items whose order relative to the others changed (outside a longest common order). */
function movedIds(before: readonly { id: string }[], after: readonly { id: string }[], budget: TBudget): Set<string> {
  const afterIds = new Set(after.map((item) => item.id));
  const beforeIds = new Set(before.map((item) => item.id));
  const a = before.map((item) => item.id).filter((id) => afterIds.has(id));
  const b = after.map((item) => item.id).filter((id) => beforeIds.has(id));
  const moved = new Set<string>();
  let j = 0;
  for (const op of editScript(a, b, budget)) {
    if (op === ADD) moved.add(b[j]!);
    if (op !== REMOVE) j++;
  }
  return moved;
}

// ---------------------------------------------------------------- blocks

const LINE_FIELDS = [
  'description',
  'quantity',
  'unit',
  'unitPrice',
  'discountPercent',
  'taxPercent',
  'billing',
  'optional',
  'selected',
] as const;

/** Equal in everything a line change reports (a saved item's id is not shown). */
function sameLine(a: TPricingLine, b: TPricingLine): boolean {
  return (
    LINE_FIELDS.every((field) => a[field] === b[field]) &&
    a.quantityRange?.min === b.quantityRange?.min &&
    a.quantityRange?.max === b.quantityRange?.max
  );
}

function diffLines(before: TPricingTable, after: TPricingTable, ctx: TContext): TRevisionChange[] {
  const { i18n, locale } = ctx;
  const table = tableLabel(i18n, after);
  const changes: TRevisionChange[] = [];
  for (const pair of pairById(before.lines, after.lines)) {
    if (!pair.after) {
      const line = pair.before!;
      changes.push({
        kind: 'line_removed',
        table,
        description: lineDescription(i18n, line),
        amount: lineAmount(i18n, line, ctx.before, locale),
      });
      continue;
    }
    if (!pair.before) {
      changes.push({
        kind: 'line_added',
        table,
        description: lineDescription(i18n, pair.after),
        amount: lineAmount(i18n, pair.after, ctx.after, locale),
      });
      continue;
    }
    const [a, b] = [pair.before, pair.after];
    // Most lines are untouched: skip formatting them (a document may hold thousands).
    if (before.kind === after.kind && ctx.before === ctx.after && sameLine(a, b)) continue;
    const included = (line: TPricingLine, kind: TPricingTable['kind']) =>
      yesNo(i18n, kind === 'choice' ? line.selected : !line.optional || line.selected);
    const range = (line: TPricingLine) =>
      line.quantityRange
        ? `${formatQuantity(line.quantityRange.min)}–${formatQuantity(line.quantityRange.max)}`
        : EMPTY;
    const lineChanges = valueChanges([
      { label: i18n._('Description'), before: orEmpty(a.description), after: orEmpty(b.description) },
      { label: i18n._('Quantity'), before: formatQuantity(a.quantity), after: formatQuantity(b.quantity) },
      { label: i18n._('Unit'), before: orEmpty(a.unit), after: orEmpty(b.unit) },
      moneyChange(i18n._('Unit price'), a.unitPrice, b.unitPrice, ctx),
      {
        label: i18n._('Discount'),
        before: formatPercent(a.discountPercent, locale),
        after: formatPercent(b.discountPercent, locale),
      },
      {
        label: i18n._('Tax'),
        before: formatPercent(a.taxPercent, locale),
        after: formatPercent(b.taxPercent, locale),
      },
      {
        label: i18n._('Billing'),
        before: billingKindName(i18n, a.billing),
        after: billingKindName(i18n, b.billing),
      },
      // In a choice group the client takes one package and "optional" plays no part.
      ...(before.kind === 'lines' && after.kind === 'lines'
        ? [{ label: i18n._('Optional'), before: yesNo(i18n, a.optional), after: yesNo(i18n, b.optional) }]
        : []),
      { label: i18n._('Included by default'), before: included(a, before.kind), after: included(b, after.kind) },
      { label: i18n._('Quantity range'), before: range(a), after: range(b) },
      moneyChange(i18n._('Line total'), lineTotal(a).total, lineTotal(b).total, ctx),
    ]);
    if (lineChanges.length > 0) {
      changes.push({ kind: 'line_changed', table, description: lineDescription(i18n, b), changes: lineChanges });
    }
  }
  return changes;
}

function diffMilestones(i18n: I18n, before: TTimelineBlock, after: TTimelineBlock, locale: string): TRevisionChange[] {
  const timeline = blockName(i18n, 'timeline');
  const changes: TRevisionChange[] = [];
  for (const { before: a, after: b } of pairById(before.milestones, after.milestones)) {
    if (!a || !b) {
      const milestone = (a ?? b)!;
      changes.push({
        kind: a ? 'milestone_removed' : 'milestone_added',
        timeline,
        title: milestoneTitle(i18n, milestone),
        when: formatWhen(i18n, milestone.when, locale),
      });
      continue;
    }
    const milestoneChanges = valueChanges([
      { label: i18n._('Title'), before: orEmpty(a.title), after: orEmpty(b.title) },
      {
        label: i18n._('Description'),
        before: orEmpty(a.description ?? ''),
        after: orEmpty(b.description ?? ''),
      },
      { label: i18n._('When'), before: formatWhen(i18n, a.when, locale), after: formatWhen(i18n, b.when, locale) },
    ]);
    if (milestoneChanges.length > 0) {
      changes.push({
        kind: 'milestone_changed',
        timeline,
        title: milestoneTitle(i18n, b),
        changes: milestoneChanges,
      });
    }
  }
  return changes;
}

function diffSignature(i18n: I18n, before: TSignatureBlock, after: TSignatureBlock): TValueChange[] {
  return valueChanges(
    SIDES.flatMap((side) => [
      {
        label: side === 'sender' ? i18n._('Sender label') : i18n._('Client label'),
        before: signerLabel(i18n, before, side),
        after: signerLabel(i18n, after, side),
      },
      {
        label: side === 'sender' ? i18n._('Sender role') : i18n._('Client role'),
        before: orEmpty(signerRole(before, side)),
        after: orEmpty(signerRole(after, side)),
      },
    ]),
  );
}

const tableKind = (i18n: I18n, kind: TPricingTable['kind']) =>
  kind === 'lines' ? i18n._('Line items') : i18n._('Choice of packages');

/** Changes inside one block kept under the same id and type. */
function diffSameBlock(before: TBlock, after: TBlock, ctx: TContext): TRevisionChange[] {
  const { i18n } = ctx;
  if (before.type === 'rich_text' && after.type === 'rich_text') return diffRichText(before, after, ctx);
  if (before.type === 'pricing_table' && after.type === 'pricing_table') {
    const tableChanges = valueChanges([
      { label: i18n._('Title'), before: orEmpty(before.title), after: orEmpty(after.title) },
      { label: i18n._('Kind of table'), before: tableKind(i18n, before.kind), after: tableKind(i18n, after.kind) },
    ]);
    return [
      ...(tableChanges.length > 0
        ? [
            {
              kind: 'block_changed' as const,
              blockType: after.type,
              blockLabel: tableLabel(i18n, after),
              changes: tableChanges,
            },
          ]
        : []),
      ...diffLines(before, after, ctx),
    ];
  }
  if (before.type === 'timeline' && after.type === 'timeline') return diffMilestones(i18n, before, after, ctx.locale);
  if (before.type === 'signature' && after.type === 'signature') {
    const signatureChanges = diffSignature(i18n, before, after);
    return signatureChanges.length > 0
      ? [
          {
            kind: 'block_changed',
            blockType: after.type,
            blockLabel: blockName(i18n, 'signature'),
            changes: signatureChanges,
          },
        ]
      : [];
  }
  return [];
}

function diffRichText(before: TRichTextBlock, after: TRichTextBlock, ctx: TContext): TRevisionChange[] {
  const a = richTextPlainText(ctx.i18n, before.content, ctx.values.before);
  const b = richTextPlainText(ctx.i18n, after.content, ctx.values.after);
  // Formatting alone (bold, a link's address) leaves the words as they were and is not reported.
  if (a === b) return [];
  return [
    {
      kind: 'text_changed',
      blockLabel: blockLabel(ctx.i18n, after, ctx.values.after),
      segments: diffTextWithin(a, b, ctx.budget),
    },
  ];
}

function addedOrRemoved(kind: 'block_added' | 'block_removed', block: TBlock, ctx: TContext) {
  const side = kind === 'block_added' ? 'after' : 'before';
  return {
    kind,
    blockType: block.type,
    blockLabel: blockLabel(ctx.i18n, block, ctx.values[side]),
    text: blockSummary(ctx.i18n, block, ctx[side], ctx.locale, ctx.values[side]),
  } satisfies TRevisionChange;
}

function diffBlocks(before: readonly TBlock[], after: readonly TBlock[], ctx: TContext): TRevisionChange[] {
  const moved = movedIds(before, after, ctx.budget);
  const changes: TRevisionChange[] = [];
  for (const { before: a, after: b } of pairById(before, after)) {
    if (a && b && a.type === b.type) {
      if (moved.has(b.id)) {
        changes.push({
          kind: 'block_moved',
          blockType: b.type,
          blockLabel: blockLabel(ctx.i18n, b, ctx.values.after),
        });
      }
      changes.push(...diffSameBlock(a, b, ctx));
      continue;
    }
    if (a) changes.push(addedOrRemoved('block_removed', a, ctx));
    if (b) changes.push(addedOrRemoved('block_added', b, ctx));
  }
  return changes;
}

// ---------------------------------------------------------------- revisions

/**
 * What a comparison reads of a version: a sent revision, or a proposal as saved or as edited
 * (the editor's conflict view compares two of those).
 */
export type TComparableVersion = Pick<
  TRevisionSnapshot,
  'title' | 'client' | 'currency' | 'language' | 'validUntil' | 'message' | 'document' | 'totals'
>;

/**
 * A revision's language by its name: the English one for an English reader, else the language's
 * own name ("Deutsch"); one sent before languages is English.
 */
function languageName(i18n: I18n, tag: string | undefined): string {
  const info = languageInfo(languageOf(tag));
  return i18n.locale === 'en' ? info.english : info.native;
}

function diffFields(
  i18n: I18n,
  before: TComparableVersion,
  after: TComparableVersion,
  locale: string,
): TRevisionChange[] {
  const date = (value: string | null) => (value ? formatCalendarDate(value, locale) : EMPTY);
  return valueChanges([
    { label: i18n._('Title'), before: orEmpty(before.title), after: orEmpty(after.title) },
    { label: i18n._('Client name'), before: orEmpty(before.client.name), after: orEmpty(after.client.name) },
    {
      label: i18n._('Client company'),
      before: orEmpty(before.client.company),
      after: orEmpty(after.client.company),
    },
    { label: i18n._('Client email'), before: orEmpty(before.client.email), after: orEmpty(after.client.email) },
    { label: i18n._('Client phone'), before: orEmpty(before.client.phone), after: orEmpty(after.client.phone) },
    {
      label: i18n._('Client address'),
      before: orEmpty(before.client.address),
      after: orEmpty(after.client.address),
    },
    {
      label: i18n._('Currency'),
      before: currencyLabel(before.currency, locale),
      after: currencyLabel(after.currency, locale),
    },
    {
      label: i18n._('Language'),
      before: languageName(i18n, before.language),
      after: languageName(i18n, after.language),
    },
    { label: i18n._('Valid until'), before: date(before.validUntil), after: date(after.validUntil) },
    { label: i18n._('Message'), before: orEmpty(before.message), after: orEmpty(after.message) },
  ]).map((change) => ({ kind: 'field', ...change }));
}

function diffTotals(before: TComparableVersion, after: TComparableVersion, ctx: TContext): TRevisionChange[] {
  return BILLING_KINDS.flatMap((billing): TRevisionChange[] => {
    const change = moneyChange(
      totalName(ctx.i18n, billing),
      before.totals[billing].total,
      after.totals[billing].total,
      ctx,
    );
    return change && change.before !== change.after ? [{ kind: 'totals_changed', billing, ...change }] : [];
  });
}

/**
 * What changed from one version to a later one: the proposal's fields, then the blocks in the
 * newer document's order (a removed block where it stood), then the totals. Blocks, pricing lines
 * and milestones are matched by id, so an edited block is a change, not a removal and an addition.
 * Money is formatted in each version's own currency. Variables read as `{{name}}` unless `values`
 * gives each version's (as `diffSentRevisions` does). Identical versions give [].
 */
export function diffRevisions(
  i18n: I18n,
  before: TComparableVersion,
  after: TComparableVersion,
  locale = 'en-US',
  values: { before: TVariableValues; after: TVariableValues } = { before: null, after: null },
): TRevisionChange[] {
  const ctx: TContext = {
    i18n,
    locale,
    before: before.currency,
    after: after.currency,
    values,
    budget: { steps: DIFF_BUDGET_STEPS },
  };
  return [
    ...diffFields(i18n, before, after, locale),
    ...diffBlocks(before.document.blocks, after.document.blocks, ctx),
    ...diffTotals(before, after, ctx),
  ];
}

/**
 * What changed between two sent revisions as their reader saw them: each revision's variables
 * filled with that revision's own values (the client's name as it was sent then), so a new value
 * shows as changed words and no `{{name}}` is left for a person to decode.
 */
export function diffSentRevisions(
  i18n: I18n,
  before: TRevisionSnapshot,
  after: TRevisionSnapshot,
  locale?: string,
): TRevisionChange[] {
  return diffRevisions(i18n, before, after, locale, {
    before: snapshotContext(before),
    after: snapshotContext(after),
  });
}
