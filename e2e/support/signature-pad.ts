import type { BrowserContext, Locator, Page } from '@playwright/test';

/**
 * A stroke on the signature pad through points given as fractions of its box, by `draw` (the
 * mouse, or a finger through Chromium's touch input).
 */
export async function strokeOn(
  pad: Locator,
  points: [number, number][],
  draw: (path: { x: number; y: number }[]) => Promise<void>,
) {
  const box = (await pad.boundingBox())!;
  await draw(points.map(([fx, fy]) => ({ x: box.x + fx * box.width, y: box.y + fy * box.height })));
}

export const SIGNATURE_PATH: [number, number][] = [
  [0.1, 0.7],
  [0.2, 0.3],
  [0.3, 0.75],
  [0.45, 0.35],
  [0.6, 0.7],
  [0.75, 0.4],
  [0.9, 0.6],
];

export async function drawWithMouse(page: Page, path: { x: number; y: number }[]) {
  const [first, ...rest] = path;
  await page.mouse.move(first!.x, first!.y);
  await page.mouse.down();
  for (const point of rest) await page.mouse.move(point.x, point.y, { steps: 4 });
  await page.mouse.up();
}

/** A finger on the screen: real touch input, which Chromium turns into pointer events of type "touch". */
export async function drawWithFinger(context: BrowserContext, page: Page, path: { x: number; y: number }[]) {
  const cdp = await context.newCDPSession(page);
  const [first, ...rest] = path;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first!] });
  for (const point of rest) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}
