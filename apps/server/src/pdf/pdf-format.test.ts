import { describe, expect, it } from 'vitest';
import { orderedMarker, shortHash } from './pdf-format';

// How the document reads (totals, colours, links, files, dates) is tested with
// @draftwell/shared/document/display, which the PDF shares with the web.
describe('formatting', () => {
  it('shortens hashes for the page footer', () => {
    expect(shortHash('0123456789abcdef0123')).toBe('0123456789ab');
  });

  it('numbers ordered lists like HTML types do', () => {
    expect(orderedMarker(3, '1')).toBe('3.');
    expect(orderedMarker(28, 'a')).toBe('ab.');
    expect(orderedMarker(4, 'A')).toBe('D.');
    expect(orderedMarker(14, 'i')).toBe('xiv.');
    expect(orderedMarker(1999, 'I')).toBe('MCMXCIX.');
    expect(orderedMarker(0, 'i')).toBe('0.');
    expect(orderedMarker(5000, 'I')).toBe('5000.');
  });
});
