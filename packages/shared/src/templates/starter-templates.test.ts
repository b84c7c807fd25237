import { describe, expect, it } from 'vitest';
import { ZDocument, documentTotals, type TBlock } from '../document';
import { STARTER_TEMPLATES, findStarterTemplate } from './starter-templates';

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
