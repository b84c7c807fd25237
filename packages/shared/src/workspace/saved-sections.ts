import { z } from 'zod';
import { variableLabel } from '../document/variables';
import { ZDocument, type TBlock, type TBlockType, type TDocument, type TRichTextNode } from '../document/schema';
import { cutText } from '../text';
import { ZListQuery, ZVersion, type TListQuery } from './common';
import { formatList, formatNumber } from '../i18n/format';
import type { I18n } from '../i18n/i18n';
import { declared as i18n } from '../i18n/declare';

/**
 * Saved sections: blocks of a proposal (text with its variables, pricing tables, timelines…)
 * kept under a name and a category in the user's library, to insert into other proposals and
 * templates. Their content is a document of its own, checked by the same schema as a proposal's,
 * with tighter bounds: a section is a part of a proposal, not a whole one.
 */
export const SAVED_SECTION_LIMITS = {
  name: 120,
  category: 60,
  /** Blocks in one section. */
  blocks: 50,
  /** Characters of rich text in one section: about twenty pages. */
  textChars: 50_000,
  /** The content as JSON, in characters: what one section may cost to store and to send. */
  contentChars: 200_000,
  /** The characters of text a list shows of each section. */
  preview: 160,
} as const;

// The messages are English, so their numbers are written the English way.
const count = (n: number) => formatNumber(n, 'en-US');

const ZSectionName = z
  .string(i18n._('Enter a name.'))
  .trim()
  .min(1, i18n._('Enter a name for the section.'))
  .max(SAVED_SECTION_LIMITS.name, `Use at most ${SAVED_SECTION_LIMITS.name} characters for the name.`);

const ZSectionCategory = z
  .string(i18n._('Enter a category.'))
  .trim()
  .min(1, i18n._('Enter a category, like “About us” or “Terms”.'))
  .max(SAVED_SECTION_LIMITS.category, `Use at most ${SAVED_SECTION_LIMITS.category} characters for the category.`);

function richTextChars(nodes: readonly unknown[]): number {
  let chars = 0;
  const stack = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop() as { text?: unknown; content?: unknown } | null;
    if (!node || typeof node !== 'object') continue;
    if (typeof node.text === 'string') chars += node.text.length;
    if (Array.isArray(node.content)) stack.push(...(node.content as unknown[]));
  }
  return chars;
}

/** A section's content: a valid document of one to fifty blocks, within the size bounds above. */
export const ZSavedSectionContent = ZDocument.superRefine((doc, ctx) => {
  if (doc.blocks.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['blocks'],
      message: i18n._('A section needs some content: add text or a block to it.'),
    });
    return;
  }
  if (doc.blocks.length > SAVED_SECTION_LIMITS.blocks) {
    ctx.addIssue({
      code: 'custom',
      path: ['blocks'],
      message: `A section holds at most ${SAVED_SECTION_LIMITS.blocks} blocks (this one has ${count(doc.blocks.length)}). Select fewer blocks, or save them as two sections.`,
    });
    return;
  }
  const text = doc.blocks.reduce(
    (sum, block) => sum + (block.type === 'rich_text' ? richTextChars(block.content.content) : 0),
    0,
  );
  if (text > SAVED_SECTION_LIMITS.textChars) {
    ctx.addIssue({
      code: 'custom',
      path: ['blocks'],
      message: `A section holds at most ${count(SAVED_SECTION_LIMITS.textChars)} characters of text (this one has ${count(text)}). Select less text, or save it as two sections.`,
    });
    return;
  }
  const size = JSON.stringify(doc).length;
  if (size > SAVED_SECTION_LIMITS.contentChars) {
    ctx.addIssue({
      code: 'custom',
      path: ['blocks'],
      message: `This section is too large to save (${count(size)} characters of content, at most ${count(SAVED_SECTION_LIMITS.contentChars)}). Select fewer blocks, or save them as two sections.`,
    });
  }
});

/** A new saved section: its name, its category and its blocks. */
export const ZSavedSectionInput = z.strictObject({
  name: ZSectionName,
  category: ZSectionCategory,
  content: ZSavedSectionContent,
});
export type TSavedSectionInput = z.input<typeof ZSavedSectionInput>;
export type TSavedSectionValues = z.output<typeof ZSavedSectionInput>;

/** Rename, recategorise or change the content, with the version the change was made against. */
export const ZSavedSectionPatch = z
  .strictObject({ name: ZSectionName, category: ZSectionCategory, content: ZSavedSectionContent })
  .partial()
  .extend({ version: ZVersion });
export type TSavedSectionPatch = z.infer<typeof ZSavedSectionPatch>;

/** Name and category alone: what the library's rename dialog and the save dialog ask for. */
export const ZSavedSectionDetails = z.strictObject({ name: ZSectionName, category: ZSectionCategory });
export type TSavedSectionDetails = z.infer<typeof ZSavedSectionDetails>;

export const ZSavedSectionListQuery = ZListQuery;
export type TSavedSectionListQuery = TListQuery;

/** A section in a list: everything but its content, with a short text to recognise it by. */
export type TSavedSectionSummary = {
  id: string;
  name: string;
  category: string;
  /** The start of its text, a · between lines, variables written as their labels in brackets. */
  preview: string;
  /** The type of each of its blocks, in order. */
  blockTypes: TBlockType[];
  version: number;
  createdAt: string;
  updatedAt: string;
};

export type TSavedSection = TSavedSectionSummary & { content: TDocument };

/** GET /api/saved-sections/categories: the user's categories, alphabetical, with their sizes. */
export type TSavedSectionCategories = { categories: Array<{ name: string; sections: number }> };

/** POST /api/saved-sections/examples: how many of the example sections were missing and added. */
export type TSavedSectionExamples = { added: number; examples: number };

// ---------------------------------------------------------------- describing content

function inlineText(i18n: I18n, nodes: readonly TRichTextNode[] | undefined, out: string[]): void {
  for (const node of nodes ?? []) {
    if (!('content' in node) || !node.content) continue;
    if (node.type === 'paragraph' || node.type === 'heading') {
      const line = node.content
        .map((inline) => {
          if (inline.type === 'text') return inline.text;
          if (inline.type === 'variable') return `[${variableLabel(i18n, inline.attrs.name)}]`;
          return ' ';
        })
        .join('');
      if (line.trim() !== '') out.push(line.trim());
    } else {
      inlineText(i18n, node.content as TRichTextNode[], out);
    }
  }
}

/** A block with no text of its own, named. */
function blockWord(i18n: I18n, type: Exclude<TBlockType, 'rich_text'>): string {
  switch (type) {
    case 'pricing_table':
      return i18n._('Pricing table');
    case 'timeline':
      return i18n._('Timeline');
    case 'signature':
      return i18n._('Signatures');
    case 'page_break':
      return i18n._('Page break');
  }
}

function blockText(i18n: I18n, block: TBlock): string {
  if (block.type === 'rich_text') {
    const lines: string[] = [];
    inlineText(i18n, block.content.content, lines);
    return lines.join(' · ');
  }
  if (block.type === 'pricing_table')
    return block.title ? i18n._('Pricing table: {title}', { title: block.title }) : '';
  return '';
}

/**
 * What a list shows of a section's content: the start of its text (then the names of its other
 * blocks when it has no text), cut between words, and the types of its blocks.
 */
export function describeSectionContent(i18n: I18n, content: TDocument): { preview: string; blockTypes: TBlockType[] } {
  const blockTypes = content.blocks.map((block) => block.type);
  let text = content.blocks
    .map((block) => blockText(i18n, block))
    .filter((part) => part !== '')
    .join(' · ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') {
    text = formatList(
      content.blocks.flatMap((b) => (b.type === 'rich_text' ? [] : [blockWord(i18n, b.type)])),
      i18n.locale,
      'unit',
    );
  }
  const max = SAVED_SECTION_LIMITS.preview;
  if (text.length > max) {
    const cut = cutText(text, max - 1);
    const space = cut.lastIndexOf(' ');
    text = `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
  }
  return { preview: text, blockTypes };
}
