import type { TDocument } from '@draftwell/shared/document/schema';
import { sectionStarts } from '@draftwell/shared/document/sections';

/**
 * Seconds on each section of the client's page (issue 16, analytics per section), loaded after
 * the page is up (it is not part of the page's first JavaScript, QUALITY P8). Every second the
 * page is visible, the section under the reading line gets one more second. Every block is in a
 * section (`sectionStarts`), so time on a pricing table or a timeline counts too (issue 24).
 */

/** How often the section being read is looked at. */
export const SECTION_SAMPLE_MS = 1000;
/** The reading line: a section is being read once its start has passed this share of the window. */
const READING_LINE = 0.35;

type TOutline = NonNullable<ReturnType<typeof sectionStarts>>;

/** Where section `start` begins on the page: its block, or that block's heading; null when not drawn. */
function startElement(blocks: NodeListOf<Element>, level: TOutline['level'], start: TOutline['starts'][number]) {
  const block = blocks[start.block];
  if (!block || start.heading === null) return block ?? null;
  return block.querySelectorAll(`[data-section-heading="${level}"]`)[start.heading] ?? null;
}

/**
 * The section under the reading line (by index), or null above the first one, below the document
 * (at the sign form or the comments) or when its blocks are not on the page.
 */
export function sectionBeingRead(outline: TOutline): number | null {
  const root = document.querySelector('[data-share-document]');
  if (!root) return null;
  const line = window.innerHeight * READING_LINE;
  if (root.getBoundingClientRect().bottom < line) return null;
  // The document view draws one element per block, in order (`data-block-id`).
  const blocks = root.querySelectorAll('[data-block-id]');
  let current: number | null = null;
  for (const [index, start] of outline.starts.entries()) {
    const element = startElement(blocks, outline.level, start);
    if (!element) continue;
    if (element.getBoundingClientRect().top > line) break;
    current = index;
  }
  return current;
}

export type TSectionTimer = {
  /** The seconds on each section so far (trailing unread ones left out), or null when unchanged since the last take. */
  take(): number[] | null;
  stop(): void;
};

/** Starts timing the sections of `document` as shown on the page; null when it has nothing to time. */
export function startSectionTimer(document_: TDocument): TSectionTimer | null {
  const outline = sectionStarts(document_);
  if (!outline) return null;
  const seconds = Array.from({ length: outline.starts.length }, () => 0);
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
