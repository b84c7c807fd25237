import { describe, expect, it } from 'vitest';
import { tidyInlines } from './inline-text';

const variable = { type: 'variable', attrs: { name: 'sender.company' } };
const text = (t: string, marks?: { type: string }[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const read = (nodes: { type?: unknown; text?: unknown }[]) =>
  nodes.map((n) => (n.type === 'variable' ? 'Studio Lind' : String(n.text))).join('');

describe('tidyInlines', () => {
  it.each(['.', ',', ';', ':', '!', '?', '…', ')', ']', '’', '”'])(
    'drops the space between a variable and a following "%s"',
    (mark) => {
      expect(read(tidyInlines([text('by '), variable, text(` ${mark} Next`)]))).toBe(`by Studio Lind${mark} Next`);
    },
  );

  it('drops several spaces, also when they are a text node of their own with other marks', () => {
    const nodes = tidyInlines([text('by '), variable, text('  ', [{ type: 'bold' }]), text(' .')]);
    expect(read(nodes)).toBe('by Studio Lind.');
    expect(nodes).toHaveLength(3);
  });

  it('keeps the space before words, another variable, and at the end', () => {
    expect(read(tidyInlines([variable, text(' and co.')]))).toBe('Studio Lind and co.');
    expect(read(tidyInlines([variable, text(' '), variable, text('.')]))).toBe('Studio Lind Studio Lind.');
    expect(read(tidyInlines([text('by '), variable, text(' ')]))).toBe('by Studio Lind ');
  });

  it('keeps a no-break space typed on purpose, and spaces before punctuation away from variables', () => {
    expect(read(tidyInlines([variable, text('\u00a0!')]))).toBe('Studio Lind\u00a0!');
    expect(read(tidyInlines([text('Hello .'), variable]))).toBe('Hello .Studio Lind');
  });

  it('leaves its input alone', () => {
    const input = [variable, text(' .')];
    tidyInlines(input);
    expect(input[1]).toEqual(text(' .'));
  });
});
