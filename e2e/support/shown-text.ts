import type { Page } from '@playwright/test';

/** What a reader sees and hears: the page's text, and the labels only assistive technology reads. */
export async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? ''),
    );
    const options = [...document.querySelectorAll('option')].map((o) => o.textContent ?? '');
    return [document.title, document.body.innerText, ...labels, ...options].join('\n');
  });
}
