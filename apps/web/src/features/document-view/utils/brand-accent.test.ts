import { describe, expect, it } from 'vitest';
import { brandAccents, contrastRatio, parseHexColor } from './brand-accent';

const WHITE: [number, number, number] = [255, 255, 255];
const DARK_CARD: [number, number, number] = [23, 27, 36];

describe('brandAccents', () => {
  it('keeps a brand colour that is already readable on white', () => {
    expect(brandAccents('#1d4ed8')?.light).toBe('#1d4ed8');
  });

  it.each(['#ffe600', '#7dd3fc', '#4338ca', '#000000', '#fff'])('reaches 4.5:1 in both themes for %s', (color) => {
    const accents = brandAccents(color);
    expect(accents).not.toBeNull();
    expect(contrastRatio(parseHexColor(accents!.light)!, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(parseHexColor(accents!.dark)!, DARK_CARD)).toBeGreaterThanOrEqual(4.5);
  });

  it('ignores anything that is not a hex colour', () => {
    expect(brandAccents('red; background: url(x)')).toBeNull();
    expect(brandAccents(undefined)).toBeNull();
    expect(brandAccents('')).toBeNull();
  });
});
