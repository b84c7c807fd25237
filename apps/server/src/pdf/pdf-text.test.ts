import { describe, expect, it } from 'vitest';
import { breakLongWord, createTextCleaner, unshownCharacters } from './pdf-text';

/** Stands in for the fonts: Latin-1 and a few WinAnsi extras (Helvetica), Cyrillic and U+FFFD (the fallback). */
const covered = (cp: number) =>
  (cp >= 0x20 && cp <= 0x7e) ||
  (cp >= 0xa0 && cp <= 0xff) ||
  [0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x20ac].includes(cp) ||
  (cp >= 0x400 && cp <= 0x4ff) ||
  cp === 0xfffd;

describe('createTextCleaner', () => {
  const clean = createTextCleaner(covered);

  it('leaves text the fonts can draw as it is', () => {
    expect(clean('Plain ASCII, 100 % sure.')).toBe('Plain ASCII, 100 % sure.');
    expect(clean('Zürich – “quoted” … €5')).toBe('Zürich – “quoted” … €5');
    expect(clean('Иван Петров')).toBe('Иван Петров');
    expect(clean('two\nlines')).toBe('two\nlines');
  });

  it('drops emoji with their joiners, modifiers and flags', () => {
    expect(clean('Launch 🚀 day')).toBe('Launch  day');
    expect(clean('Team 👩🏽‍💻 and 👨‍👩‍👧 ok')).toBe('Team  and  ok');
    expect(clean('Flag 🇬🇧 ❤️ end')).toBe('Flag   end');
  });

  it('decomposes compatibility forms and replaces what no font has', () => {
    expect(clean('ﬁne Ａ')).toBe('fine A');
    expect(clean('Łódź')).toBe('\ufffdódz');
    expect(clean('山田 様')).toBe('\ufffd\ufffd \ufffd');
  });

  it('removes control characters and turns odd spaces into spaces', () => {
    expect(clean('a\u0000b\u0007c\td')).toBe('abc d');
    expect(clean('x\u2003y\u200bz')).toBe('x yz');
    expect(clean('lone \ud800 surrogate')).toBe('lone \ufffd surrogate');
  });

  it('uses "?" when even the replacement character cannot be drawn', () => {
    const ascii = createTextCleaner((cp) => cp >= 0x20 && cp <= 0x7e);
    expect(ascii('山 and é')).toBe('? and e');
  });
});

describe('breakLongWord', () => {
  it('breaks Chinese and Japanese between characters at any length, without hyphens, keeping closing marks and small kana with what they follow', () => {
    const pieces = breakLongWord('承諾を記録するものです。「提案書」');
    // Breaks of no width ('') between the pieces, never two pieces side by side (a drawn hyphen).
    expect(pieces.filter((_, i) => i % 2 === 1).every((p) => p === '')).toBe(true);
    const shown = pieces.filter(Boolean);
    expect(shown.join('')).toBe('承諾を記録するものです。「提案書」');
    expect(shown).toContain('す。');
    expect(shown).toContain('「提');
    expect(shown).toContain('書」');
    expect(breakLongWord('ショッピング').filter(Boolean)).toEqual(['ショッ', 'ピ', 'ン', 'グ']);
    expect(breakLongWord('签名').filter(Boolean)).toEqual(['签', '名']);
    expect(breakLongWord('Signed')).toEqual(['Signed']);
  });

  it('breaks Thai (Lao, Khmer) only between its words, which have no spaces between them', () => {
    const pieces = breakLongWord('ทีมงานของเราจะพัฒนาเว็บไซต์ของท่าน');
    expect(pieces.filter((_, i) => i % 2 === 1).every((p) => p === '')).toBe(true);
    expect(pieces.filter(Boolean)).toEqual(['ทีม', 'งาน', 'ของ', 'เรา', 'จะ', 'พัฒนา', 'เว็บไซต์', 'ของ', 'ท่าน']);
    expect(breakLongWord('ໂຄງການນີ້').filter(Boolean)).toEqual(['ໂຄງການ', 'ນີ້']);
    // Thai beside Chinese: the Thai words whole, the Chinese by character.
    expect(breakLongWord('报价ของท่าน').filter(Boolean)).toEqual(['报', '价', 'ของ', 'ท่าน']);
  });

  it('leaves words of up to 28 characters whole', () => {
    expect(breakLongWord('proposal')).toEqual(['proposal']);
    expect(breakLongWord('x'.repeat(28))).toEqual(['x'.repeat(28)]);
  });

  it('lets a longer word break after any character, with nothing drawn at the break', () => {
    const word = `https://example.com/${'a'.repeat(20)}`;
    const pieces = breakLongWord(word);
    expect(pieces.join('')).toBe(word);
    // Characters, each two with an empty piece (a break of no width, no hyphen) between them.
    expect(pieces.filter((_, i) => i % 2 === 1)).toEqual(Array(word.length - 1).fill(''));
    expect(pieces.filter((_, i) => i % 2 === 0)).toEqual([...word]);
  });

  it('never splits a character a reader sees as one', () => {
    const word = `${'é'.normalize('NFD')}${'ab'.repeat(15)}👩🏽‍💻`;
    const pieces = breakLongWord(word).filter(Boolean);
    expect(pieces[0]).toBe('é'.normalize('NFD'));
    expect(pieces.at(-1)).toBe('👩🏽‍💻');
  });

  it('breaks a run longer than any link every 14 characters, as before: hostile text costs no more to lay out', () => {
    const run = 'x'.repeat(3000);
    const pieces = breakLongWord(run);
    expect(pieces.join('')).toBe(run);
    expect(pieces).toHaveLength(Math.ceil(3000 / 14));
  });

  it('breaks from a shorter length where a column is narrow', () => {
    expect(breakLongWord('subscriptions', 10)).toHaveLength(2 * 'subscriptions'.length - 1);
    expect(breakLongWord('hours', 10)).toEqual(['hours']);
  });
});

describe('unshownCharacters', () => {
  // A font of Latin-1 and the Greek block, for the example.
  const covered = (cp: number) => cp < 0x100 || (cp >= 0x370 && cp < 0x400);

  it('names each character no font has, once, in the order met across the texts', () => {
    expect(unshownCharacters(['Καλή தமிழ்', 'அம்மா த'], covered)).toEqual(['த', 'ம', 'ி', 'ழ', '்', 'அ', 'ா']);
  });

  it('leaves out what is not seen (spaces, controls, joiners, variation selectors, tags) and compatibility forms drawn as their parts', () => {
    expect(unshownCharacters(['a\u2003b\u200bc\u200d\ufe0f\u0007\u{e0067}', 'ﬁ Ａ'], covered)).toEqual([]);
  });

  it('names an emoji or an accent mark the cleaner would drop', () => {
    expect(unshownCharacters(['🫠 e\u0301'], covered)).toEqual(['🫠', '\u0301']);
  });
});
