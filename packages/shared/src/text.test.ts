import { describe, expect, it } from 'vitest';
import { cutText, hasLoneSurrogate } from './text';

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'; // one character on screen, 8 UTF-16 units
const FLAG = '\u{1F1EB}\u{1F1F7}'; // 🇫🇷: two regional indicators, 4 units
const E_ACUTE = 'e\u0301'; // é as a letter and a combining accent

describe('cutText', () => {
  it('leaves text within the limit as it is', () => {
    expect(cutText('hello', 5)).toBe('hello');
    expect(cutText('', 0)).toBe('');
    expect(cutText(`a${FAMILY}`, 9)).toBe(`a${FAMILY}`);
  });

  it('never ends in half of a surrogate pair (139 letters and an emoji cut to 140)', () => {
    const cut = cutText(`${'x'.repeat(139)}\u{1F600} and more`, 140);
    expect(cut).toBe('x'.repeat(139));
    expect(hasLoneSurrogate(cut)).toBe(false);
  });

  it('never splits a character made of several code points', () => {
    for (const char of [FAMILY, FLAG, E_ACUTE, '\u{1F44D}\u{1F3FD}', '\u{20BB7}']) {
      for (let prefix = 0; prefix < 12; prefix++) {
        const text = `${'a'.repeat(prefix)}${char}${char}b`;
        // Below one character's length with nothing before it, see the test of long clusters.
        for (let max = prefix === 0 ? char.length : 0; max <= text.length; max++) {
          const cut = cutText(text, max);
          expect(cut.length, `${JSON.stringify(text)} at ${max}`).toBeLessThanOrEqual(max);
          expect(text.startsWith(cut)).toBe(true);
          const rest = text.slice(cut.length);
          // Whatever is kept and whatever is dropped are both whole characters.
          expect(rest === '' || rest.startsWith(char) || rest.startsWith('a') || rest.startsWith('b')).toBe(true);
          expect(hasLoneSurrogate(cut)).toBe(false);
        }
      }
    }
  });

  it('keeps as much as fits: only the character that does not fit is dropped', () => {
    expect(cutText(`ab${FLAG}cd`, 5)).toBe('ab');
    expect(cutText(`ab${FLAG}cd`, 6)).toBe(`ab${FLAG}`);
    expect(cutText(`ab${FLAG}cd`, 7)).toBe(`ab${FLAG}c`);
  });

  it('cuts a single cluster longer than the limit between code points', () => {
    const zalgo = `a${'\u0301'.repeat(50)}`;
    expect(cutText(zalgo, 10)).toBe(zalgo.slice(0, 10));
    const emojis = `\u{1F600}${'\u{1F3FB}'.repeat(5)}`; // one long cluster of surrogate pairs
    const cut = cutText(emojis, 5);
    expect(cut).toBe('\u{1F600}\u{1F3FB}');
    expect(hasLoneSurrogate(cut)).toBe(false);
  });
});

describe('hasLoneSurrogate', () => {
  it('finds a high or low surrogate with no partner, anywhere', () => {
    for (const bad of [
      '\uD800',
      '\uDFFF',
      'a\uD83D',
      '\uDE00b',
      'x\uDE00\uD83Dy',
      '\uD83D\uD83D\uDE00',
      '\uD83D\uDE00\uDE00',
    ]) {
      expect(hasLoneSurrogate(bad), JSON.stringify(bad)).toBe(true);
    }
  });

  it('accepts any well-formed text', () => {
    for (const good of [
      '',
      'plain',
      '\u{1F600}',
      FAMILY,
      FLAG,
      E_ACUTE,
      '\u200B\u200F\u202E',
      '\uFFFD',
      '\u{10FFFF}',
    ]) {
      expect(hasLoneSurrogate(good), JSON.stringify(good)).toBe(false);
    }
  });
});
