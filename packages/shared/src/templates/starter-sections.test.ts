import { describe, expect, it } from 'vitest';
import { ZSavedSectionInput } from '../workspace/saved-sections';
import { STARTER_SECTIONS } from './starter-sections';

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
