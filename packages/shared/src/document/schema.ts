import { z } from 'zod';
import {
  BASIS_POINTS_SCALE,
  BILLING_KINDS,
  MAX_QUANTITY,
  MAX_UNIT_PRICE,
  formatQuantity,
  lineTotal,
  maxDocumentTotals,
} from './pricing-core';

/**
 * The proposal document: what the editor writes, the server validates on every write, and the
 * preview, share page and PDF render. Everything is a strict object so a key we do not know is
 * refused rather than stored and rendered later.
 */

import { VARIABLES, type TVariableName } from './variable-names';
import { DOCUMENT_MESSAGES } from './schema-messages';
import { declared as i18n, fillMessage } from '../i18n/declare';
import { ZIsoDate } from '../workspace/common';

export { VARIABLES, type TVariableName };

/** Bounds that keep a hostile document from costing the server or a browser much to handle. */
export const DOCUMENT_LIMITS = {
  blocks: 500,
  /** Nesting of rich-text nodes, the `doc` node being level 1. */
  richTextDepth: 20,
  richTextNodes: 20_000,
  /** Characters of rich text in the whole document: about eighty pages. */
  textChars: 200_000,
  pricingLines: 200,
  milestones: 100,
} as const;

const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
const ZItemId = z
  .string(i18n._('Give every block, line and milestone an id.'))
  .min(1, i18n._('An id cannot be empty.'))
  .max(64, i18n._('Use at most 64 characters for an id.'))
  .regex(ID_PATTERN, i18n._('Use only letters, digits, - and _ in an id.'))
  // Selections are objects keyed by line id, and "__proto__" cannot be an own key of one.
  .regex(/^(?!__proto__$)/, i18n._('This id is reserved.'));

/**
 * Cross-field checks run only on data that passed every other rule: zod runs refinements after
 * non-fatal issues too, and these would then report noise or walk a tree the guard refused.
 */
const whenValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

function unknownType(what: string, allowed: readonly string[]) {
  return (issue: z.core.$ZodRawIssue) => {
    if (issue.code !== 'invalid_union') return undefined;
    const type = (issue.input as { type?: unknown } | undefined)?.type;
    const list = allowed.join(', ');
    return typeof type === 'string'
      ? `"${type.slice(0, 40)}" is not allowed here; a ${what} may be one of: ${list}.`
      : `Every ${what} needs a "type", one of: ${list}.`;
  };
}

// ---------------------------------------------------------------- rich text

/**
 * http(s) with a host, or mailto: never javascript:, data:, vbscript: or a protocol-relative
 * //host. Browsers drop spaces and control characters inside a scheme ("java\tscript:"), so none
 * is allowed anywhere. A pattern (without flags, as JSON Schema has none) so that the OpenAPI
 * document states it.
 */
const SAFE_HREF =
  // eslint-disable-next-line no-control-regex -- refusing control characters is what it is for
  /^(?:[Hh][Tt][Tt][Pp][Ss]?:\/\/[^/?#\x00-\x20\x7f-\x9f]|[Mm][Aa][Ii][Ll][Tt][Oo]:[^\x00-\x20\x7f-\x9f])[^\x00-\x20\x7f-\x9f]*$/;

const IMAGE_SRC_PATTERN = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ZLinkAttrs = z.strictObject({
  href: z
    .string()
    .max(2048, i18n._('Use a link of at most 2048 characters.'))
    .regex(SAFE_HREF, i18n._('Links must start with http://, https:// or mailto: (and contain no spaces).')),
  // TipTap's Link extension writes these on every link; accepted only with harmless values.
  target: z.literal('_blank').nullable().optional(),
  rel: z
    .string()
    .max(100)
    .regex(/^[a-z ]*$/, i18n._('Use only lowercase words in rel.'))
    .nullable()
    .optional(),
  class: z.null(i18n._('Links cannot carry a class.')).optional(),
  title: z.string().max(200).nullable().optional(),
});

const MARK_TYPES = ['bold', 'italic', 'underline', 'strike', 'code', 'link'] as const;
const ZMark = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('bold') }),
    z.strictObject({ type: z.literal('italic') }),
    z.strictObject({ type: z.literal('underline') }),
    z.strictObject({ type: z.literal('strike') }),
    z.strictObject({ type: z.literal('code') }),
    z.strictObject({ type: z.literal('link'), attrs: ZLinkAttrs }),
  ],
  { error: unknownType('mark', MARK_TYPES) },
);
export type TMark = z.infer<typeof ZMark>;

const ZMarks = z
  .array(ZMark)
  .max(MARK_TYPES.length)
  .refine(
    (marks) => new Set(marks.map((m) => m.type)).size === marks.length,
    i18n._('A text may carry each mark once.'),
  )
  // The same rule in JSON Schema: for each type, at most one mark of it.
  .meta({
    allOf: MARK_TYPES.map((type) => ({
      contains: { type: 'object', properties: { type: { const: type } }, required: ['type'] },
      minContains: 0,
      maxContains: 1,
    })),
  });

const INLINE_TYPES = ['text', 'hardBreak', 'variable'] as const;
const ZInlineNode = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('text'),
      text: z.string().min(1, i18n._('A text node cannot be empty.')).max(DOCUMENT_LIMITS.textChars),
      marks: ZMarks.optional(),
    }),
    z.strictObject({ type: z.literal('hardBreak'), marks: ZMarks.optional() }),
    z.strictObject({
      type: z.literal('variable'),
      attrs: z.strictObject({
        name: z.enum(VARIABLES, {
          error: fillMessage(DOCUMENT_MESSAGES.variableOneOf, { list: VARIABLES.join(', ') }),
        }),
      }),
      marks: ZMarks.optional(),
    }),
  ],
  { error: unknownType('piece of inline text', INLINE_TYPES) },
);
export type TInlineNode = z.infer<typeof ZInlineNode>;

const ZParagraph = z.strictObject({ type: z.literal('paragraph'), content: z.array(ZInlineNode).optional() });
export type TParagraphNode = z.infer<typeof ZParagraph>;

const ZHeading = z.strictObject({
  type: z.literal('heading'),
  attrs: z.strictObject({ level: z.literal([1, 2, 3], i18n._('Headings go from level 1 to 3.')) }),
  content: z.array(ZInlineNode).optional(),
});
export type THeadingNode = z.infer<typeof ZHeading>;

const ZImage = z.strictObject({
  type: z.literal('image'),
  attrs: z.strictObject({
    src: z.string().regex(IMAGE_SRC_PATTERN, i18n._('Images must be files uploaded to Draftwell (/api/files/<id>).')),
    alt: z
      .string(i18n._('Describe the image in a few words (alt text).'))
      .max(500, i18n._('Use at most 500 characters of alt text.')),
    title: z.string().max(200).nullable().optional(),
    width: z.int().min(1).max(10_000).nullable().optional(),
    height: z.int().min(1).max(10_000).nullable().optional(),
  }),
});
export type TImageNode = z.infer<typeof ZImage>;

const ZOrderedListAttrs = z.strictObject({
  start: z.int().min(0).max(1_000_000).optional(),
  type: z.enum(['1', 'a', 'A', 'i', 'I']).nullable().optional(),
});
const ZTableCellAttrs = z.strictObject({
  colspan: z.int().min(1).max(100).optional(),
  rowspan: z.int().min(1).max(100).optional(),
  colwidth: z.array(z.int().min(1).max(10_000)).max(100).nullable().optional(),
});

// The recursive nodes are typed by hand: TypeScript cannot infer a type that refers to itself.
export type TListItemNode = { type: 'listItem'; content: TRichTextNode[] };
export type TBulletListNode = { type: 'bulletList'; content: TListItemNode[] };
export type TOrderedListNode = {
  type: 'orderedList';
  attrs?: z.infer<typeof ZOrderedListAttrs>;
  content: TListItemNode[];
};
export type TBlockquoteNode = { type: 'blockquote'; content: TRichTextNode[] };
export type TTableCellNode = {
  type: 'tableCell' | 'tableHeader';
  attrs?: z.infer<typeof ZTableCellAttrs>;
  content: TRichTextNode[];
};
export type TTableRowNode = { type: 'tableRow'; content: TTableCellNode[] };
export type TTableNode = { type: 'table'; content: TTableRowNode[] };
/** A block-level rich-text node (ProseMirror's "block" group). */
export type TRichTextNode =
  TParagraphNode | THeadingNode | TBulletListNode | TOrderedListNode | TBlockquoteNode | TImageNode | TTableNode;
export type TRichTextDoc = { type: 'doc'; content: TRichTextNode[] };

const ZRichTextNodes = z.array(z.lazy(() => ZRichTextNode)).min(1, i18n._('This part needs at least one paragraph.'));

const ZListItem = z
  .strictObject({
    type: z.literal('listItem'),
    // The refinement below, in JSON Schema: the first node is a paragraph.
    content: ZRichTextNodes.meta({
      prefixItems: [{ type: 'object', properties: { type: { const: 'paragraph' } }, required: ['type'] }],
    }),
  })
  .refine((item) => item.content[0]?.type === 'paragraph', {
    message: i18n._('A list item starts with a paragraph.'),
    path: ['content', 0],
  });
const ZListItems = z.array(ZListItem).min(1, i18n._('A list needs at least one item.'));

const tableCell = <T extends 'tableCell' | 'tableHeader'>(type: T) =>
  z.strictObject({ type: z.literal(type), attrs: ZTableCellAttrs.optional(), content: ZRichTextNodes });
const CELL_TYPES = ['tableCell', 'tableHeader'] as const;
const ZTableRow = z.strictObject({
  type: z.literal('tableRow'),
  content: z
    .array(
      z.discriminatedUnion('type', [tableCell('tableCell'), tableCell('tableHeader')], {
        error: unknownType('table cell', CELL_TYPES),
      }),
    )
    .min(1, i18n._('A table row needs at least one cell.')),
});

const RICH_TEXT_NODE_TYPES = [
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'blockquote',
  'image',
  'table',
] as const;
const ZRichTextNode: z.ZodType<TRichTextNode> = z.discriminatedUnion(
  'type',
  [
    ZParagraph,
    ZHeading,
    z.strictObject({ type: z.literal('bulletList'), content: ZListItems }),
    z.strictObject({ type: z.literal('orderedList'), attrs: ZOrderedListAttrs.optional(), content: ZListItems }),
    z.strictObject({ type: z.literal('blockquote'), content: ZRichTextNodes }),
    ZImage,
    z.strictObject({
      type: z.literal('table'),
      content: z.array(ZTableRow).min(1, i18n._('A table needs at least one row.')),
    }),
  ],
  { error: unknownType('text block', RICH_TEXT_NODE_TYPES) },
);

type TPath = (string | number)[];

/**
 * Walks the raw input without recursion before zod parses it, so a hostile tree thousands of
 * levels deep is refused with a message instead of overflowing the stack.
 */
function guardRichText(value: unknown, ctx: z.RefinementCtx): void {
  const stack: { node: unknown; depth: number; path: TPath }[] = [{ node: value, depth: 1, path: [] }];
  let nodes = 0;
  let chars = 0;
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, depth, path } = item;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > DOCUMENT_LIMITS.richTextDepth) {
      ctx.addIssue({
        code: 'custom',
        continue: false,
        path,
        message: fillMessage(DOCUMENT_MESSAGES.textNestedTooDeeply, { max: DOCUMENT_LIMITS.richTextDepth }),
      });
      return;
    }
    if (++nodes > DOCUMENT_LIMITS.richTextNodes) {
      ctx.addIssue({
        code: 'custom',
        continue: false,
        path,
        message: fillMessage(DOCUMENT_MESSAGES.textTooManyParts, { max: DOCUMENT_LIMITS.richTextNodes }),
      });
      return;
    }
    const { text, content } = node as { text?: unknown; content?: unknown };
    if (typeof text === 'string') chars += text.length;
    if (chars > DOCUMENT_LIMITS.textChars) {
      ctx.addIssue({
        code: 'custom',
        continue: false,
        path,
        message: fillMessage(DOCUMENT_MESSAGES.textTooLong, { max: DOCUMENT_LIMITS.textChars }),
      });
      return;
    }
    if (Array.isArray(content)) {
      content.forEach((child, i) => stack.push({ node: child, depth: depth + 1, path: [...path, 'content', i] }));
    }
  }
}

/**
 * A TipTap/ProseMirror JSON document restricted to the nodes and marks we render. The guard runs
 * first, as a preprocess (which the OpenAPI document sees through to the node schemas).
 */
export const ZRichTextDoc: z.ZodType<TRichTextDoc> = z.preprocess(
  (value, ctx) => {
    guardRichText(value, ctx);
    return value;
  },
  z.strictObject({ type: z.literal('doc'), content: ZRichTextNodes }),
);

function textLength(
  nodes: readonly (TRichTextNode | TInlineNode | TListItemNode | TTableRowNode | TTableCellNode)[],
): number {
  let length = 0;
  for (const node of nodes) {
    if (node.type === 'text') length += node.text.length;
    else if ('content' in node && node.content) length += textLength(node.content);
  }
  return length;
}

// ---------------------------------------------------------------- blocks

const ZRichTextBlock = z.strictObject({ id: ZItemId, type: z.literal('rich_text'), content: ZRichTextDoc });
export type TRichTextBlock = z.infer<typeof ZRichTextBlock>;

/** Thousandths of a unit: 1500 is 1.5. */
const ZQuantity = z
  .int(i18n._('Enter the quantity as a whole number of thousandths.'))
  .min(0, i18n._("A quantity can't be negative."))
  .max(MAX_QUANTITY, fillMessage(DOCUMENT_MESSAGES.quantityAtMost, { max: formatQuantity(MAX_QUANTITY) }));
/** Basis points: 1250 is 12.5 %. */
const ZBasisPoints = z
  .int(i18n._('Enter the percentage in basis points (1250 is 12.5 %).'))
  .min(0, i18n._("A percentage can't be negative."))
  .max(BASIS_POINTS_SCALE, i18n._("A percentage can't be more than 100 %."));

export const ZPricingLine = z
  .strictObject({
    id: ZItemId,
    description: z.string().max(500, i18n._('Use at most 500 characters for a description.')),
    quantity: ZQuantity,
    unit: z.string().max(20, i18n._('Use at most 20 characters for a unit.')),
    /** Minor units of the proposal's currency. */
    unitPrice: z
      .int(i18n._('Enter the price in whole minor units (cents).'))
      .min(0, i18n._("A price can't be negative."))
      .max(MAX_UNIT_PRICE, i18n._('That price is too large.')),
    discountPercent: ZBasisPoints,
    taxPercent: ZBasisPoints,
    billing: z.enum(BILLING_KINDS, {
      error: fillMessage(DOCUMENT_MESSAGES.billingOneOf, { list: BILLING_KINDS.join(', ') }),
    }),
    /** In a `lines` table the client may tick an optional line in or out. */
    optional: z.boolean(),
    /** Whether an optional line starts ticked in, or which package of a choice group is chosen. */
    selected: z.boolean(),
    /** The quantities the client may choose from, in thousandths. */
    quantityRange: z.strictObject({ min: ZQuantity, max: ZQuantity }).optional(),
    savedItemId: z.uuid(i18n._('A saved item id is a UUID.')).optional(),
    /**
     * A price an AI model proposed rather than the user's own (no saved item): the editor flags it
     * until the user edits or confirms it. Only `true` is stored; confirming removes the key.
     */
    needsReview: z.literal(true).optional(),
  })
  .superRefine((line, ctx) => {
    const range = line.quantityRange;
    if (range && range.min > range.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['quantityRange', 'max'],
        message: i18n._('The largest quantity must not be below the smallest.'),
      });
    } else if (range && (line.quantity < range.min || line.quantity > range.max)) {
      ctx.addIssue({
        code: 'custom',
        path: ['quantity'],
        message: fillMessage(DOCUMENT_MESSAGES.quantityInRange, {
          min: formatQuantity(range.min),
          max: formatQuantity(range.max),
        }),
      });
    }
    try {
      lineTotal({ ...line, quantity: Math.max(line.quantity, range?.max ?? 0) });
    } catch {
      ctx.addIssue({
        code: 'custom',
        path: ['unitPrice'],
        message: i18n._("This line's total is too large to compute exactly."),
      });
    }
  }, whenValid);
export type TPricingLine = z.infer<typeof ZPricingLine>;

export const ZPricingTable = z
  .strictObject({
    id: ZItemId,
    type: z.literal('pricing_table'),
    title: z.string().max(200, i18n._('Use at most 200 characters for a title.')),
    /** `choice`: a choice group, the client takes exactly one line (package); `optional` plays no part. */
    kind: z.enum(['lines', 'choice'], { error: i18n._('A pricing table is either "lines" or "choice".') }),
    lines: z
      .array(ZPricingLine)
      .max(
        DOCUMENT_LIMITS.pricingLines,
        fillMessage(DOCUMENT_MESSAGES.linesAtMost, { max: DOCUMENT_LIMITS.pricingLines }),
      ),
  })
  .superRefine((table, ctx) => {
    const selected = table.lines.filter((line) => line.selected).length;
    if (table.kind === 'choice' && table.lines.length > 0 && selected !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['lines'],
        message: fillMessage(DOCUMENT_MESSAGES.chooseOnePackage, { count: selected }),
      });
    }
  }, whenValid);
export type TPricingTable = z.infer<typeof ZPricingTable>;

/** What the client picked on the share page, keyed by pricing line id. */
export const ZPricingSelection = z
  .record(
    ZItemId,
    z.strictObject({
      selected: z.boolean().optional(),
      quantity: z
        .int(i18n._('Enter the quantity as a whole number of thousandths.'))
        .min(0, i18n._("A quantity can't be negative."))
        .optional(),
    }),
  )
  .refine(
    (selection) => Object.keys(selection).length <= DOCUMENT_LIMITS.blocks * DOCUMENT_LIMITS.pricingLines,
    i18n._('Too many choices.'),
  );
export type TPricingSelection = z.infer<typeof ZPricingSelection>;

const ZMilestone = z.strictObject({
  id: ZItemId,
  title: z.string().max(200, i18n._('Use at most 200 characters for a milestone title.')),
  description: z.string().max(2000, i18n._('Use at most 2000 characters for a milestone description.')).optional(),
  when: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('date'), date: ZIsoDate }),
      z.strictObject({
        kind: z.literal('duration'),
        value: z
          .int(i18n._('Enter a whole number.'))
          .min(1, i18n._('A duration is at least 1.'))
          .max(999, i18n._('Use a duration of at most 999.')),
        unit: z.enum(['days', 'weeks', 'months'], { error: i18n._('A duration is in days, weeks or months.') }),
      }),
    ],
    { error: i18n._('A milestone has either a date or a duration.') },
  ),
});
export type TMilestone = z.infer<typeof ZMilestone>;

const ZTimeline = z.strictObject({
  id: ZItemId,
  type: z.literal('timeline'),
  milestones: z
    .array(ZMilestone)
    .max(
      DOCUMENT_LIMITS.milestones,
      fillMessage(DOCUMENT_MESSAGES.milestonesAtMost, { max: DOCUMENT_LIMITS.milestones }),
    ),
});
export type TTimelineBlock = z.infer<typeof ZTimeline>;

/** One signature line; the renderer supplies defaults ("Client", "Sender") when a label is left out. */
const ZSigner = z.strictObject({
  label: z.string().max(100, i18n._('Use at most 100 characters for a label.')).optional(),
  role: z.string().max(100, i18n._('Use at most 100 characters for a role.')).optional(),
});

const ZSignatureBlock = z.strictObject({
  id: ZItemId,
  type: z.literal('signature'),
  sender: ZSigner.optional(),
  client: ZSigner.optional(),
});
export type TSignatureBlock = z.infer<typeof ZSignatureBlock>;

const ZPageBreak = z.strictObject({ id: ZItemId, type: z.literal('page_break') });
export type TPageBreakBlock = z.infer<typeof ZPageBreak>;

export const BLOCK_TYPES = ['rich_text', 'pricing_table', 'timeline', 'signature', 'page_break'] as const;
export type TBlockType = (typeof BLOCK_TYPES)[number];

export const ZBlock = z.discriminatedUnion(
  'type',
  [ZRichTextBlock, ZPricingTable, ZTimeline, ZSignatureBlock, ZPageBreak],
  {
    error: unknownType('block', BLOCK_TYPES),
  },
);
export type TBlock = z.infer<typeof ZBlock>;

function addDuplicateIdIssues(ids: { id: string; path: TPath }[], what: string, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const { id, path } of ids) {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path, message: `Two ${what} share the id "${id}".` });
    seen.add(id);
  }
}

export const ZDocument = z
  .strictObject({
    version: z.literal(1, i18n._('This document was written by a newer version of Draftwell.')),
    blocks: z
      .array(ZBlock)
      .max(DOCUMENT_LIMITS.blocks, fillMessage(DOCUMENT_MESSAGES.blocksAtMost, { max: DOCUMENT_LIMITS.blocks })),
  })
  .superRefine((doc, ctx) => {
    addDuplicateIdIssues(
      doc.blocks.map((block, i) => ({ id: block.id, path: ['blocks', i, 'id'] })),
      'blocks',
      ctx,
    );
    // Unique across tables because the client's selection is keyed by line id alone.
    addDuplicateIdIssues(
      doc.blocks.flatMap((block, i) =>
        block.type === 'pricing_table'
          ? block.lines.map((line, j) => ({ id: line.id, path: ['blocks', i, 'lines', j, 'id'] }))
          : [],
      ),
      'pricing lines',
      ctx,
    );
    doc.blocks.forEach((block, i) => {
      if (block.type === 'timeline') {
        addDuplicateIdIssues(
          block.milestones.map((m, j) => ({ id: m.id, path: ['blocks', i, 'milestones', j, 'id'] })),
          'milestones',
          ctx,
        );
      }
    });
    const chars = doc.blocks.reduce(
      (sum, block) => sum + (block.type === 'rich_text' ? textLength(block.content.content) : 0),
      0,
    );
    if (chars > DOCUMENT_LIMITS.textChars) {
      ctx.addIssue({
        code: 'custom',
        path: ['blocks'],
        message: fillMessage(DOCUMENT_MESSAGES.documentTooLong, { max: DOCUMENT_LIMITS.textChars }),
      });
    }
    try {
      maxDocumentTotals(doc);
    } catch {
      ctx.addIssue({
        code: 'custom',
        path: ['blocks'],
        message: i18n._('The prices add up to more than can be computed exactly; lower some prices or quantities.'),
      });
    }
  }, whenValid);
export type TDocument = z.infer<typeof ZDocument>;

export function emptyDocument(): TDocument {
  return { version: 1, blocks: [] };
}

/**
 * The document as a client receives it: without the editor's review marks. A sent revision (and
 * its hash, the client's page and the PDF) never says a price was suggested by an AI model.
 */
export function withoutReviewMarks(doc: TDocument): TDocument {
  if (!doc.blocks.some((b) => b.type === 'pricing_table' && b.lines.some((line) => line.needsReview))) return doc;
  return {
    ...doc,
    blocks: doc.blocks.map((block) =>
      block.type === 'pricing_table'
        ? { ...block, lines: block.lines.map(({ needsReview: _needsReview, ...line }) => line) }
        : block,
    ),
  };
}
