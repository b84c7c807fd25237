import {
  BILLING_KINDS,
  MAX_QUANTITY,
  MAX_UNIT_PRICE,
  VARIABLES,
  ZBlock,
  type TBlock,
  type TInlineNode,
  type TVariableName,
  type TMilestone,
  type TPricingLine,
  type TRichTextNode,
} from '@draftwell/shared/document';
import { PROPOSAL_TITLE_MAX } from '@draftwell/shared/workspace/proposals';
import { z } from 'zod';
import { fit } from './builtin-drafter';
import type { TDraftInput, TDraftSavedItem } from './drafter';

/**
 * The shape a model is asked to write, and how it becomes Draftwell blocks. Models write this
 * small schema far more reliably than ProseMirror JSON; every block made from it is checked
 * against the document schema (`ZBlock`) before anyone sees it. Every field is required and
 * nullable rather than optional, as OpenAI's strict structured outputs demand; lengths are not
 * in the schema (strict mode ignores most bounds) but cut to fit when the blocks are made.
 */

const ZAiText = z.object({
  kind: z.enum(['paragraph', 'bullets']).describe('a paragraph, or a bulleted list'),
  text: z.string().describe('the paragraph; empty for bullets'),
  items: z.array(z.string()).describe('the list items; empty for a paragraph'),
});

export const ZAiSection = z.object({
  heading: z.string().describe('a short heading for the section'),
  content: z.array(ZAiText),
});
export type TAiSection = z.infer<typeof ZAiSection>;

const ZAiMilestone = z.object({
  title: z.string(),
  description: z.string(),
  weeks: z.number().describe('how many weeks this step takes'),
});

const ZAiPricingLine = z.object({
  savedItemId: z.string().nullable().describe('the id of the saved item this line is, or null for a new line'),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unitPrice: z.number().describe('price of one unit in minor units of the currency (cents)'),
  billing: z.enum(BILLING_KINDS),
});

export const ZAiDraft = z.object({
  title: z.string().describe('the proposal title'),
  sections: z.array(ZAiSection).describe('the proposal text, one entry per section, in order'),
  milestones: z.array(ZAiMilestone).describe('the delivery plan, in order'),
  pricing: z.array(ZAiPricingLine).describe('the priced lines'),
});
export type TAiDraft = z.infer<typeof ZAiDraft>;

const PARAGRAPH_MAX = 4000;
const ITEM_MAX = 1000;
const HEADING_MAX = 200;

const clean = (text: string, max: number) => fit(text.replace(/\0/g, '').trim(), max);

const VARIABLE_PATTERN = /\{\{\s*([a-z_.]+)\s*\}\}/g;

/** Text with each known `{{variable}}` as a variable node, so the client sees their own name. */
function textNodes(text: string): TInlineNode[] | undefined {
  const nodes: TInlineNode[] = [];
  let last = 0;
  for (const match of text.matchAll(VARIABLE_PATTERN)) {
    const name = match[1] as TVariableName;
    if (!VARIABLES.includes(name)) continue;
    if (match.index > last) nodes.push({ type: 'text', text: text.slice(last, match.index) });
    nodes.push({ type: 'variable', attrs: { name } });
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push({ type: 'text', text: text.slice(last) });
  return nodes.length === 0 ? undefined : nodes;
}

/**
 * A rich-text block from one section, repaired: text trimmed and cut to fit, empty paragraphs
 * and bullets dropped. Null when nothing is left, or when the result still fails `ZBlock`.
 */
export function sectionBlock(id: string, section: TAiSection, level: 1 | 2 = 2): TBlock | null {
  const nodes: TRichTextNode[] = [];
  const heading = clean(section.heading, HEADING_MAX);
  if (heading) nodes.push({ type: 'heading', attrs: { level }, content: textNodes(heading) });
  for (const part of section.content) {
    if (part.kind === 'bullets') {
      const items = part.items.map((item) => clean(item, ITEM_MAX)).filter((item) => item !== '');
      if (items.length > 0) {
        nodes.push({
          type: 'bulletList',
          content: items.map((item) => ({
            type: 'listItem',
            content: [{ type: 'paragraph', content: textNodes(item) }],
          })),
        });
      }
    } else {
      const text = clean(part.text, PARAGRAPH_MAX);
      if (text) nodes.push({ type: 'paragraph', content: textNodes(text) });
    }
  }
  if (nodes.length === 0) return null;
  const parsed = ZBlock.safeParse({ id, type: 'rich_text', content: { type: 'doc', content: nodes } });
  return parsed.success ? parsed.data : null;
}

/** The section a rich-text block holds, for a model to rewrite: marks and variables become plain text. */
export function blockSection(block: Extract<TBlock, { type: 'rich_text' }>): TAiSection {
  const text = (nodes: readonly unknown[] | undefined): string =>
    (nodes ?? [])
      .map((node) => {
        const n = node as { type: string; text?: string; attrs?: { name?: string }; content?: unknown[] };
        if (n.type === 'text') return n.text ?? '';
        if (n.type === 'hardBreak') return '\n';
        if (n.type === 'variable') return `{{${n.attrs?.name ?? ''}}}`;
        return text(n.content);
      })
      .join('');
  const section: TAiSection = { heading: '', content: [] };
  for (const node of block.content.content) {
    if (node.type === 'heading' && section.heading === '' && section.content.length === 0) {
      section.heading = text(node.content);
    } else if (node.type === 'bulletList' || node.type === 'orderedList') {
      section.content.push({ kind: 'bullets', text: '', items: node.content.map((item) => text(item.content)) });
    } else if (node.type !== 'image') {
      section.content.push({ kind: 'paragraph', text: text('content' in node ? node.content : []), items: [] });
    }
  }
  return section;
}

export function milestoneBlock(id: string, milestones: TAiDraft['milestones']): TBlock | null {
  const list: TMilestone[] = milestones
    .map((m, i) => ({
      id: `${id}-m${i + 1}`,
      title: clean(m.title, 200),
      description: clean(m.description, 2000),
      when: {
        kind: 'duration' as const,
        value: Math.min(999, Math.max(1, Math.round(Number.isFinite(m.weeks) ? m.weeks : 1))),
        unit: 'weeks' as const,
      },
    }))
    .filter((m) => m.title !== '');
  if (list.length === 0) return null;
  const parsed = ZBlock.safeParse({ id, type: 'timeline', milestones: list.slice(0, 100) });
  return parsed.success ? parsed.data : null;
}

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/**
 * The pricing table. A line naming one of the user's saved items (in the proposal's currency)
 * takes that item's own price, unit, tax and billing, whatever the model wrote: the user prices,
 * not the model. Any other line keeps the model's figures, repaired into range, and is marked
 * `needsReview` so the editor asks the user to check it.
 */
export function pricingBlock(
  id: string,
  title: string,
  lines: TAiDraft['pricing'],
  input: Pick<TDraftInput, 'profile' | 'savedItems'>,
  currency: string,
): TBlock | null {
  const items = new Map<string, TDraftSavedItem>(
    input.savedItems.filter((item) => item.currency === currency).map((item) => [item.id, item]),
  );
  const out: TPricingLine[] = [];
  for (const [i, line] of lines.slice(0, 200).entries()) {
    const quantity = clamp(Math.round((Number.isFinite(line.quantity) ? line.quantity : 1) * 1000), 0, MAX_QUANTITY);
    const item = line.savedItemId ? items.get(line.savedItemId) : undefined;
    const base = {
      id: `${id}-l${i + 1}`,
      quantity: quantity || 1000,
      discountPercent: 0,
      optional: false,
      selected: true,
    };
    if (item) {
      out.push({
        ...base,
        description: clean(line.description, 500) || item.description,
        unit: item.unit,
        unitPrice: item.unitPrice,
        taxPercent: item.taxRate,
        billing: item.billing,
        savedItemId: item.id,
      });
      continue;
    }
    const description = clean(line.description, 500);
    if (!description) continue;
    out.push({
      ...base,
      description,
      unit: clean(line.unit, 20),
      unitPrice: clamp(Math.round(Number.isFinite(line.unitPrice) ? line.unitPrice : 0), 0, MAX_UNIT_PRICE),
      taxPercent: input.profile.defaultTaxRate,
      billing: line.billing,
      needsReview: true,
    });
  }
  if (out.length === 0) return null;
  const parsed = ZBlock.safeParse({ id, type: 'pricing_table', title, kind: 'lines', lines: out });
  return parsed.success ? parsed.data : null;
}

export function draftTitle(title: string, fallback: string): string {
  return clean(title, PROPOSAL_TITLE_MAX) || fallback;
}
