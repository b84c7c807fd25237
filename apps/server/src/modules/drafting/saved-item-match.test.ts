import { describe, expect, it } from 'vitest';
import { MATCH_THRESHOLD, bestMatch, matchScore, matchWords, stem } from './saved-item-match';

describe('stem', () => {
  it.each([
    ['designs', 'design'],
    ['designed', 'design'],
    ['designing', 'design'],
    ['services', 'servic'],
    ['service', 'servic'],
    ['websites', 'websit'],
    ['copywriting', 'copywrit'],
    ['management', 'manag'],
    ['manage', 'manag'],
    ['strategies', 'strategy'],
    ['business', 'business'],
    ['logo', 'logo'],
  ])('%s -> %s', (word, stemmed) => {
    expect(stem(word)).toBe(stemmed);
  });

  it('leaves words of other scripts as they are', () => {
    expect(stem('дизайн')).toBe('дизайн');
  });
});

describe('matchWords', () => {
  it('lowers case, drops accents, common words, numbers and punctuation', () => {
    expect([...matchWords('The Café Logo & 3 brand guidelines, for our team')]).toEqual([
      'cafe',
      'logo',
      'brand',
      'guidelin',
      'team',
    ]);
  });

  it('is empty for text of only common words', () => {
    expect(matchWords('for the and of 42').size).toBe(0);
  });
});

describe('matchScore', () => {
  it('is the Dice coefficient of the two word sets', () => {
    expect(matchScore(matchWords('Logo design'), matchWords('Logo design (3 concepts, 2 revisions)'))).toEqual({
      score: 4 / 6,
      shared: 2,
    });
    expect(matchScore(new Set(), new Set(['a'])).score).toBe(0);
  });
});

describe('bestMatch', () => {
  const items = [
    { id: 'web', description: 'Website design and build' },
    { id: 'logo', description: 'Logo design' },
    { id: 'copy', description: 'Copywriting per page' },
    { id: 'seo', description: 'Search engine optimisation audit' },
  ];

  it('picks the item sharing the most words, above the threshold', () => {
    expect(bestMatch('Logo designs', items)?.id).toBe('logo');
    expect(bestMatch('A new website, designed and built', items)?.id).toBe('web');
    expect(bestMatch('Homepage copywriting', items)?.id).toBe('copy');
    expect(bestMatch('SEO audit', items)).toBeUndefined();
  });

  it('finds nothing below the threshold', () => {
    expect(MATCH_THRESHOLD).toBe(0.5);
    // "design" alone is shared: 2 x 1 / (3 + 2) = 0.4.
    expect(bestMatch('Brand identity design', items)).toBeUndefined();
    expect(bestMatch('Quarterly board report', items)).toBeUndefined();
    expect(bestMatch('Logo design', [])).toBeUndefined();
  });

  it('breaks ties by shared words, then by order', () => {
    const tied = [
      { id: 'first', description: 'Logo' },
      { id: 'second', description: 'Logo' },
    ];
    expect(bestMatch('logo', tied)?.id).toBe('first');
    // Both score 2/3: one shared word of three, two of six; more shared words win.
    const byShared = [
      { id: 'short', description: 'Logo' },
      { id: 'long', description: 'Logo design, print files' },
    ];
    expect(bestMatch('logo design', byShared)?.id).toBe('long');
  });
});
