/**
 * A brand colour is whatever the user picked, often too light for text on white or too dark on
 * the dark theme. These helpers derive one accent per theme that keeps WCAG AA contrast (4.5:1)
 * against the document's background, staying as close to the brand hue as possible.
 */

type TRgb = [number, number, number];

const LIGHT_BACKGROUND: TRgb = [255, 255, 255];
/** The dark theme's card colour, oklch(0.21 0.018 265), in sRGB. */
const DARK_BACKGROUND: TRgb = [23, 27, 36];
const MIN_CONTRAST = 4.6;

export function parseHexColor(value: string | undefined | null): TRgb | null {
  if (!value) return null;
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match?.[1]) return null;
  const hex =
    match[1].length === 3
      ? match[1]
          .split('')
          .map((c) => c + c)
          .join('')
      : match[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as TRgb;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance([r, g, b]: TRgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: TRgb, b: TRgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(color: TRgb, toward: TRgb, amount: number): TRgb {
  return color.map((c, i) => Math.round(c + (toward[i]! - c) * amount)) as TRgb;
}

function toHex(color: TRgb): string {
  return `#${color.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The brand colour moved toward black (light) or white (dark) just enough to be readable. */
function readableOn(color: TRgb, background: TRgb, toward: TRgb): TRgb {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(color, toward, step / 20);
    if (contrastRatio(candidate, background) >= MIN_CONTRAST) return candidate;
  }
  return toward;
}

/** Accent colours for the light and the dark theme, or null to keep the app's own accent. */
export function brandAccents(brandColor: string | undefined | null): { light: string; dark: string } | null {
  const rgb = parseHexColor(brandColor);
  if (!rgb) return null;
  return {
    light: toHex(readableOn(rgb, LIGHT_BACKGROUND, [0, 0, 0])),
    dark: toHex(readableOn(rgb, DARK_BACKGROUND, [255, 255, 255])),
  };
}
