import { describe, expect, it } from 'vitest';
import { ZDocument, documentTotals, type TBlock } from '../document';
import { messages as de } from '../i18n/catalogs/content/de';
import { messages as es } from '../i18n/catalogs/content/es';
import { messages as fr } from '../i18n/catalogs/content/fr';
import { messages as ja } from '../i18n/catalogs/content/ja';
import { messages as ptBR } from '../i18n/catalogs/content/pt-BR';
import { createI18n } from '../i18n/keyed-i18n';
import type { TLanguage } from '../i18n/languages';
import {
  STARTER_TEMPLATES,
  STARTER_TEMPLATE_IDS,
  findStarterTemplate,
  starterTemplate,
  starterTemplates,
  type TStarterTemplate,
} from './starter-templates';

const text = (value: unknown): string => JSON.stringify(value);

describe('starter templates', () => {
  it('are the six required, with stable, unique ids', () => {
    expect(STARTER_TEMPLATES.map((t) => t.id)).toEqual([
      'starter-web-design',
      'starter-software-development',
      'starter-marketing-retainer',
      'starter-consulting',
      'starter-photography',
      'starter-event-services',
    ]);
    expect(findStarterTemplate('starter-consulting')?.name).toBe('Consulting engagement');
    expect(findStarterTemplate('starter-nope')).toBeUndefined();
  });

  describe.each(STARTER_TEMPLATES.map((t) => [t.id, t] as const))('%s', (_id, template) => {
    const types = (blocks: readonly TBlock[]) => blocks.map((b) => b.type);

    it('is a valid document, unchanged by parsing', () => {
      const parsed = ZDocument.safeParse(template.document);
      expect(parsed.error?.issues).toBeUndefined();
      expect(parsed.data).toEqual(template.document);
    });

    it('has a name, description and category within the API limits', () => {
      expect(template.name.length).toBeGreaterThan(0);
      expect(template.name.length).toBeLessThanOrEqual(120);
      expect(template.description.length).toBeGreaterThan(0);
      expect(template.description.length).toBeLessThanOrEqual(500);
      expect(template.category.length).toBeGreaterThan(0);
      expect(template.category.length).toBeLessThanOrEqual(60);
    });

    it('has the sections of a real proposal', () => {
      const blocks = template.document.blocks;
      const kinds = types(blocks);
      expect(kinds.filter((k) => k === 'rich_text').length).toBeGreaterThanOrEqual(5);
      expect(kinds).toContain('pricing_table');
      expect(kinds.at(-1)).toBe('signature');
      const timeline = blocks.find((b) => b.type === 'timeline');
      expect(timeline?.type === 'timeline' && timeline.milestones.length).toBeGreaterThanOrEqual(3);
      expect(timeline?.type === 'timeline' && timeline.milestones.length).toBeLessThanOrEqual(5);
      expect(text(blocks)).toContain('"name":"client.name"');
      expect(text(blocks)).toContain('"name":"client.company"');
      expect(text(blocks)).not.toMatch(/lorem|ipsum|\{\{/i);
    });

    it('prices to a positive one-off total', () => {
      const totals = documentTotals(template.document);
      expect(totals.one_off.total).toBeGreaterThan(0);
      expect(template.document.blocks.some((b) => b.type === 'pricing_table' && b.lines.some((l) => l.optional))).toBe(
        true,
      );
    });
  });

  it('include a retainer with a monthly line and a choice group of three packages', () => {
    const retainer = findStarterTemplate('starter-marketing-retainer')!;
    expect(documentTotals(retainer.document).monthly.total).toBe(450_000);
    const choices = STARTER_TEMPLATES.flatMap((t) =>
      t.document.blocks.filter((b) => b.type === 'pricing_table' && b.kind === 'choice'),
    );
    expect(choices).toHaveLength(1);
    expect(choices[0]?.type === 'pricing_table' && choices[0].lines).toHaveLength(3);
  });

  it('price the photography packages by the chosen one', () => {
    const totals = documentTotals(findStarterTemplate('starter-photography')!.document);
    expect(totals.one_off.total).toBe(220_000);
  });
});

/** Every text a reader sees in a starter: its name and gallery words, and its document's. */
function starterTexts(value: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object' && (node as { type?: unknown }).type !== 'variable') {
      for (const [key, child] of Object.entries(node)) {
        if (
          typeof child === 'string' &&
          ['text', 'title', 'description', 'unit', 'role', 'name', 'category'].includes(key)
        )
          out.push(child);
        else walk(child);
      }
    }
  };
  walk(value);
  return out;
}

/** Words no sentence of these five languages has. */
const ENGLISH_WORDS = /(?<![\p{L}\p{N}])(the|and|you|your|we|our|with|will|of|to|is|are|this)(?![\p{L}\p{N}])/iu;

/** What a starter is apart from its words: blocks, lines and amounts, milestones and durations. */
function shape(template: TStarterTemplate) {
  return {
    id: template.id,
    blocks: template.document.blocks.map((block) => {
      if (block.type === 'pricing_table')
        return { ...block, title: '', lines: block.lines.map((line) => ({ ...line, description: '', unit: '' })) };
      if (block.type === 'timeline')
        return { ...block, milestones: block.milestones.map((m) => ({ ...m, title: '', description: '' })) };
      if (block.type === 'signature') return { id: block.id, type: block.type };
      if (block.type === 'rich_text')
        return { id: block.id, type: block.type, nodes: block.content.content.map((node) => node.type) };
      return block;
    }),
  };
}

describe.each([
  ['de', de],
  ['fr', fr],
  ['es', es],
  ['pt-BR', ptBR],
  ['ja', ja],
] as const)('starter templates in %s', (language, messages) => {
  const i18n = createI18n(language as TLanguage, messages);
  const templates = starterTemplates(i18n);

  it('are the same starters, in the same order, amounts and structure as the English', () => {
    expect(templates.map((t) => t.id)).toEqual(STARTER_TEMPLATE_IDS);
    expect(templates.map(shape)).toEqual(STARTER_TEMPLATES.map(shape));
    for (const [i, template] of templates.entries()) {
      expect(documentTotals(template.document)).toEqual(documentTotals(STARTER_TEMPLATES[i]!.document));
    }
    expect(starterTemplate(i18n, 'starter-consulting')).toBe(templates[3]);
    expect(starterTemplates(i18n)).toBe(templates);
  });

  it.each(STARTER_TEMPLATE_IDS.map((id) => [id]))('%s is a valid document with its variables', (id) => {
    const template = starterTemplate(i18n, id)!;
    const parsed = ZDocument.safeParse(template.document);
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toEqual(template.document);
    const english = text(findStarterTemplate(id)!.document);
    for (const name of english.match(/"name":"[a-z_.]+"/g) ?? []) expect(text(template.document)).toContain(name);
    expect(template.name.length).toBeLessThanOrEqual(120);
    expect(template.description.length).toBeLessThanOrEqual(500);
    expect(template.category.length).toBeLessThanOrEqual(60);
  });

  it('leave no English sentence behind', () => {
    const words = starterTexts(templates);
    const english = new Set(starterTexts(STARTER_TEMPLATES).filter((t) => t.trim().length > 12));
    expect(words.filter((t) => ENGLISH_WORDS.test(t) || english.has(t))).toEqual([]);
  });
});
