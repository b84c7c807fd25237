import type { Page } from '@playwright/test';

/**
 * What a reader sees and hears: the page's text, and the labels only assistive technology reads.
 * Code (`<code>`, `<kbd>`, `<samp>`: a header's name, an API path, a key's prefix) is left out: it
 * is the same in every language, like a name or an address, and a header such as
 * `webhook-signature` would otherwise read as an English word.
 */
export async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')].flatMap((el) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? ''),
    );
    const options = [...document.querySelectorAll('option')].map((o) => o.textContent ?? '');
    let body = document.body.innerText;
    for (const code of document.querySelectorAll<HTMLElement>('code, kbd, samp')) {
      if (code.innerText.trim()) body = body.replace(code.innerText, ' ');
    }
    return [document.title, body, ...labels, ...options].join('\n');
  });
}
