import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * "Nothing wider than the screen": the page does not scroll sideways, no element reaches past the
 * viewport's edges (or is cut off by a box that clips it), and no box holding `text` scrolls
 * sideways (text that pushes out a scrolling dialog is as unreadable as a page that scrolls; a
 * strip of tabs that scrolls on purpose holds none of it). The elements at fault are named in
 * the failure, innermost first. Checked softly: every place and screen is reported in one run.
 */
export async function expectNothingWiderThanTheScreen(
  page: Page,
  label: string,
  { within, text = '' }: { within?: Locator; text?: string } = {},
) {
  const root = within ?? page.locator('body');
  const found = await root.evaluate((scope, text) => {
    const viewport = document.documentElement.clientWidth;
    const describe = (el: Element, width: number) => {
      const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 6).join('.') : '';
      const words = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> ${Math.round(width)} px "${words}"`;
    };
    /**
     * What an element passes to what it holds, in one walk down (parents come before children):
     * whether it is text for screen readers only (sr-only: clipped to a pixel on purpose, with all
     * it holds), and the nearest box that clips or scrolls what overflows it.
     */
    type TContext = { hidden: boolean; clip: Element | null };
    const passed = new Map<Element, TContext>();
    const contextOf = (el: Element | null): TContext => {
      if (!el) return { hidden: false, clip: null };
      const known = passed.get(el);
      if (known) return known;
      const above = contextOf(el.parentElement);
      const style = getComputedStyle(el);
      const clipped = style.clipPath !== 'none' || (style.clip !== 'auto' && style.clip !== '');
      const context = {
        hidden: above.hidden || (style.position === 'absolute' && style.overflow === 'hidden' && clipped),
        // An icon's <svg> clips its own drawing, which is checked with the svg's box: what holds
        // the svg (a toolbar that scrolls on purpose) is the box that counts for its lines too.
        clip:
          style.overflowX !== 'visible' && el !== document.documentElement && !(el instanceof SVGElement)
            ? el
            : above.clip,
      };
      passed.set(el, context);
      return context;
    };
    const poking: Element[] = [];
    const scrolling: Element[] = [];
    for (const el of [scope, ...scope.querySelectorAll('*')]) {
      const style = getComputedStyle(el);
      if (contextOf(el).hidden || style.visibility === 'hidden' || style.display === 'none') continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0) continue;
      // Inside a box that clips (a card's rounded corners), past that box's edge is cut off, unread;
      // inside one that scrolls, the box itself is checked below.
      const clip = contextOf(el.parentElement).clip;
      const clipX = clip ? getComputedStyle(clip).overflowX : 'visible';
      if (clipX !== 'auto' && clipX !== 'scroll') {
        const box = clip?.getBoundingClientRect();
        const left = Math.max(0, box?.left ?? 0);
        const right = Math.min(viewport, box?.right ?? viewport);
        if (rect.right > right + 0.5 || rect.left < left - 0.5) poking.push(el);
      }
      if (
        (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        el.scrollWidth > el.clientWidth + 1 &&
        (el.textContent ?? '').includes(text)
      ) {
        scrolling.push(el);
      }
    }
    // Name the innermost culprits: the text itself rather than every box around it.
    const innermost = poking.filter((el) => !poking.some((other) => other !== el && el.contains(other)));
    return {
      sideways: document.documentElement.scrollWidth - viewport,
      viewport,
      poking: innermost.slice(0, 8).map((el) => describe(el, el.getBoundingClientRect().width)),
      scrolling: scrolling.slice(0, 8).map((el) => describe(el, el.scrollWidth)),
    };
  }, text);
  const where = `${label}, ${found.viewport} px wide`;
  expect.soft(found.poking, `elements reaching past the screen's edge or cut off by a box: ${where}`).toEqual([]);
  expect.soft(found.scrolling, `boxes that scroll sideways: ${where}`).toEqual([]);
  expect.soft(found.sideways, `how far the page scrolls sideways, in px: ${where}`).toBeLessThanOrEqual(0);
}

export const PHONE_WIDTHS = [320, 390] as const;
export const THEMES = ['light', 'dark'] as const;

/**
 * Runs `check` at each phone width in each theme, resizing and switching in place: the theme as
 * lib/theme.ts applies it (the `dark` class and colour scheme on `<html>`), with no reload.
 */
export async function onEveryPhone(page: Page, label: string, check: (label: string) => Promise<void>) {
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 780 });
    for (const theme of THEMES) {
      await page.evaluate((dark) => {
        const root = document.documentElement;
        root.classList.toggle('dark', dark);
        root.style.colorScheme = dark ? 'dark' : 'light';
      }, theme === 'dark');
      await check(`${label}, ${theme}`);
    }
  }
}
