import { describe, expect, it } from 'vitest';
import { sectionBounds, type TTopLevelKind } from './section-range';

const doc: TTopLevelKind[] = ['heading', 'text', 'text', 'heading', 'text', 'block', 'text', 'text', 'heading'];

describe('the section around the cursor', () => {
  it('runs from its heading to the next heading', () => {
    expect(sectionBounds(doc, 0)).toEqual({ start: 0, end: 3 });
    expect(sectionBounds(doc, 2)).toEqual({ start: 0, end: 3 });
    expect(sectionBounds(doc, 4)).toEqual({ start: 3, end: 5 });
  });

  it('starts after a structured block when no heading opens it, and ends at the next one', () => {
    expect(sectionBounds(doc, 7)).toEqual({ start: 6, end: 8 });
    expect(sectionBounds(['text', 'text', 'block'], 1)).toEqual({ start: 0, end: 2 });
  });

  it('is a heading alone when nothing follows it, and nothing on a structured block', () => {
    expect(sectionBounds(doc, 8)).toEqual({ start: 8, end: 9 });
    expect(sectionBounds(doc, 5)).toBeNull();
    expect(sectionBounds(doc, 9)).toBeNull();
  });
});
