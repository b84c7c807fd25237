import { describe, expect, it } from 'vitest';
import { messages as de } from '../i18n/catalogs/content/de';
import { messages as ja } from '../i18n/catalogs/content/ja';
import { messages as ptBR } from '../i18n/catalogs/content/pt-BR';
import { createI18n } from '../i18n/keyed-i18n';
import { ZSavedSectionInput } from '../workspace/saved-sections';
import { STARTER_SECTIONS, starterSections } from './starter-sections';

describe('starter sections', () => {
  it('are about us, process, terms and a case study, under stable, unique keys', () => {
    expect(STARTER_SECTIONS.map((s) => s.key)).toEqual(['about-us', 'process', 'terms', 'case-study']);
    expect(new Set(STARTER_SECTIONS.map((s) => s.name)).size).toBe(STARTER_SECTIONS.length);
  });

  describe.each(STARTER_SECTIONS.map((s) => [s.key, s] as const))('%s', (_key, starter) => {
    it('is what the API would accept, unchanged by parsing', () => {
      const input = { name: starter.name, category: starter.category, content: starter.content };
      const parsed = ZSavedSectionInput.safeParse(input);
      expect(parsed.error?.issues).toBeUndefined();
      expect(parsed.data).toEqual(input);
    });

    it('holds variables, not typed placeholders', () => {
      const json = JSON.stringify(starter.content);
      expect(json).toMatch(/"type":"variable","attrs":\{"name":"(client|sender|proposal)\.[a-z_]+"\}/);
      expect(json).not.toMatch(/lorem|ipsum|\{\{/i);
    });
  });
});

/** Every text a reader sees in an example: its name, category and words (variables left out). */
function starterTexts(value: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object' && (node as { type?: unknown }).type !== 'variable') {
      for (const [key, child] of Object.entries(node)) {
        if (typeof child === 'string' && ['text', 'title', 'description', 'name', 'category'].includes(key))
          out.push(child);
        else walk(child);
      }
    }
  };
  walk(value);
  return out;
}

/** Words no sentence of these languages has. */
const ENGLISH_WORDS = /(?<![\p{L}\p{N}])(the|and|you|your|we|our|with|will|of|to|is|are|this)(?![\p{L}\p{N}])/iu;

describe.each([
  ['de', de],
  ['pt-BR', ptBR],
  ['ja', ja],
] as const)('starter sections in %s', (language, messages) => {
  const sections = starterSections(createI18n(language, messages));

  it('are the same examples under the same keys, names unique, with their variables', () => {
    expect(sections.map((s) => s.key)).toEqual(STARTER_SECTIONS.map((s) => s.key));
    expect(new Set(sections.map((s) => s.name)).size).toBe(sections.length);
    for (const [i, section] of sections.entries()) {
      const input = { name: section.name, category: section.category, content: section.content };
      expect(ZSavedSectionInput.safeParse(input).data).toEqual(input);
      const variables = (value: unknown) =>
        JSON.stringify(value)
          .match(/"name":"[a-z_.]+"/g)
          ?.sort();
      expect(variables(section.content)).toEqual(variables(STARTER_SECTIONS[i]!.content));
    }
  });

  it('leave no English sentence behind', () => {
    const english = new Set(starterTexts(STARTER_SECTIONS).filter((t) => t.trim().length > 12));
    expect(starterTexts(sections).filter((t) => ENGLISH_WORDS.test(t) || english.has(t))).toEqual([]);
  });
});
