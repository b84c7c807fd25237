import { describe, expect, it } from 'vitest';
import { unstorableTextFields } from './validate';

describe('unstorableTextFields (A23)', () => {
  const nul = 'a\u0000b';
  const loneHigh = 'cut \ud83d';
  const loneLow = '\ude00 cut';

  it('finds nothing in ordinary text, emoji (whole surrogate pairs) included, at any depth', () => {
    const deep: Record<string, unknown> = { text: 'bottom 😀' };
    let node = deep;
    for (let i = 0; i < 5000; i++) node = { child: node, list: ['ok', 1, null, true, { 'clé 🎉': 'x' }] };
    expect(unstorableTextFields(node)).toEqual({});
    expect(unstorableTextFields('plain')).toEqual({});
    expect(unstorableTextFields(null)).toEqual({});
    expect(unstorableTextFields(42)).toEqual({});
  });

  it('names each field holding a NUL or half a character, by its dotted path', () => {
    expect(
      unstorableTextFields({
        title: nul,
        document: { blocks: [{ text: 'fine' }, { text: loneHigh }, { text: `${loneLow}` }] },
        fine: 'ok 😀',
      }),
    ).toEqual({
      title: 'Remove the invisible NUL character.',
      'document.blocks.1.text':
        'This text has half of a character in it (a cut emoji or symbol). Delete it and type it again.',
      'document.blocks.2.text':
        'This text has half of a character in it (a cut emoji or symbol). Delete it and type it again.',
    });
    expect(unstorableTextFields(nul)).toEqual({ _: 'Remove the invisible NUL character.' });
  });

  it('names the object that holds a broken key', () => {
    expect(unstorableTextFields({ client: { [`na${'\u0000'}me`]: 'x' } })).toEqual({
      client: 'Remove the invisible NUL character.',
    });
    expect(unstorableTextFields({ [loneHigh]: 'x' })).toEqual({
      _: 'This text has half of a character in it (a cut emoji or symbol). Delete it and type it again.',
    });
  });
});
