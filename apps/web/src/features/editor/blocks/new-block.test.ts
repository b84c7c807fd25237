import { ZBlock, ZPricingTable } from '@draftwell/shared/document';
import { describe, expect, it } from 'vitest';
import { newBlockId, newPageBreak, newPricingLine, newPricingTable, newSignature, newTimeline } from './new-block';

describe('new blocks', () => {
  it('makes unique ids the schema accepts', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newBlockId('line')));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(id.length).toBeLessThanOrEqual(64);
    }
    expect(newBlockId('a very long prefix with spaces and / slashes!')).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('makes blocks that pass the document schema', () => {
    const table = newPricingTable({ defaultTaxRate: 1250 });
    expect(table).toMatchObject({ type: 'pricing_table', kind: 'lines', title: 'Investment' });
    expect(table.lines).toHaveLength(1);
    expect(table.lines[0]?.taxPercent).toBe(1250);
    expect(ZPricingTable.safeParse(table).success).toBe(true);
    const timeline = newTimeline();
    expect(timeline.milestones).toHaveLength(2);
    for (const block of [table, timeline, newSignature(), newPageBreak()]) {
      expect(ZBlock.safeParse(block).success).toBe(true);
    }
    expect(newPricingLine({ description: 'x' }).description).toBe('x');
  });
});
