import type { TDocument } from '@draftwell/shared/document/schema';
import { sectionOutline } from '@draftwell/shared/document/sections';

/**
 * Seconds on each section of the client's page (issue 16, analytics per section), loaded after
 * the page is up (it is not part of the page's first JavaScript, QUALITY P8). Every second the
 * page is visible, the section under the reading line gets one more second.
 */

/** How often the section being read is looked at. */
export const SECTION_SAMPLE_MS = 1000;
/** The reading line: a section is being read once its heading has passed this share of the window. */
const READING_LINE = 0.35;

type TOutline = NonNullable<ReturnType<typeof sectionOutline>>;

/**
 * The section under the reading line (by index), or null above the first heading, below the
 * document (at the sign form or the comments) or when its headings are not on the page.
 */
export function sectionBeingRead(outline: TOutline): number | null {
  const root = document.querySelector('[data-share-document]');
  if (!root) return null;
  const line = window.innerHeight * READING_LINE;
  if (root.getBoundingClientRect().bottom < line) return null;
  const headings = root.querySelectorAll(`[data-section-heading="${outline.level}"]`);
  let current: number | null = null;
  for (let i = 0; i < headings.length; i++) {
    if (headings[i]!.getBoundingClientRect().top > line) break;
    current = i;
  }
  return current === null ? null : Math.min(current, outline.count - 1);
}

export type TSectionTimer = {
  /** The seconds on each section so far (trailing unread ones left out), or null when unchanged since the last take. */
  take(): number[] | null;
  stop(): void;
};

/** Starts timing the sections of `document` as shown on the page; null when it has no headings. */
export function startSectionTimer(document_: TDocument): TSectionTimer | null {
  const outline = sectionOutline(document_);
  if (!outline || outline.count === 0) return null;
  const seconds = Array.from({ length: outline.count }, () => 0);
  let changed = false;
  const timer = window.setInterval(() => {
    if (document.visibilityState !== 'visible') return;
    const index = sectionBeingRead(outline);
    if (index === null) return;
    seconds[index]! += SECTION_SAMPLE_MS / 1000;
    changed = true;
  }, SECTION_SAMPLE_MS);
  return {
    take() {
      if (!changed) return null;
      changed = false;
      return seconds.slice(0, seconds.findLastIndex((s) => s > 0) + 1);
    },
    stop: () => window.clearInterval(timer),
  };
}
