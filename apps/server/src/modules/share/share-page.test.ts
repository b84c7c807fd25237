import type { TSharedProposal, TSharePageSeed } from '@draftwell/shared';
import { describe, expect, it } from 'vitest';
import { composeSharePage, inertJson, seedScript } from './share-page';

const TEMPLATE =
  '<!doctype html><html><head><title>Proposal</title><script>theme()</script>' +
  '<script type="module" crossorigin src="/assets/share-1.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

const HOSTILE = '</script><script>alert(1)</script><!-- <script>alert(2)</script>\u2028alert(3)\u2029';

/** A seed whose every string a sender or a client typed is hostile. */
function hostileSeed(): TSharePageSeed {
  const proposal = {
    status: 'sent',
    snapshot: { title: HOSTILE, sender: { name: `</SCRIPT >${HOSTILE}`, company: '' } },
    comments: [{ id: 'c', author: 'client', authorName: '<!--', body: '</script\t>&amp;<b>', createdAt: '' }],
  } as unknown as TSharedProposal;
  return { token: 'tok', renderedAt: '2027-03-04T23:30:00.000Z', proposal };
}

/** What an HTML parser takes as a data block's text: up to the first `</script` (any case). */
function dataBlock(page: string): { text: string; rest: string } {
  const open = '<script type="application/json" id="share-seed">';
  const start = page.indexOf(open);
  expect(start).toBeGreaterThan(-1);
  const from = start + open.length;
  const end = page.toLowerCase().indexOf('</script', from);
  return { text: page.slice(from, end), rest: page.slice(end) };
}

describe('the client page’s seed in its HTML', () => {
  it('is inert whatever the proposal says: no `<` to end the element or open a comment, no raw U+2028/U+2029', () => {
    const seed = hostileSeed();
    const { text, rest } = dataBlock(seedScript(seed));
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(text).toContain('\\u003c/script>');
    expect(text).toContain('\\u2028alert(3)\\u2029');
    expect(rest).toBe('</script>');
    // And reads back as it was.
    expect(JSON.parse(text)).toEqual(seed);
  });

  it('escapes only those: the rest is JSON.stringify’s', () => {
    const value = { a: 'x > y & "z"', b: [1, null, true], c: '\u2028<' };
    expect(inertJson(value)).toBe(JSON.stringify(value).replace('\u2028<', '\\u2028\\u003c'));
    expect(JSON.parse(inertJson(value))).toEqual(value);
  });

  it('goes right after the rendered page in #root, with the page’s title escaped; nothing else of the template changes', () => {
    const seed = hostileSeed();
    const page = composeSharePage(TEMPLATE, { html: '<main><h1>Rendered</h1></main>', title: HOSTILE }, seed)!;
    expect(page).toContain(`<div id="root"><main><h1>Rendered</h1></main></div>${seedScript(seed)}</body>`);
    expect(page).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &lt;script&gt;alert(2)&lt;/script&gt;\u2028alert(3)\u2029</title>',
    );
    // The seed has no language: English, left to right.
    expect(page.startsWith('<!doctype html><html lang="en" dir="ltr"><head><title>')).toBe(true);
    expect(page).toContain('<script>theme()</script><script type="module" crossorigin src="/assets/share-1.js">');
    // The scripts a parser finds: the template's two, and the seed, which is not run.
    expect(page.match(/<script\b[^>]*>/gi)).toEqual([
      '<script>',
      '<script type="module" crossorigin src="/assets/share-1.js">',
      '<script type="application/json" id="share-seed">',
    ]);
    expect(JSON.parse(dataBlock(page).text)).toEqual(seed);
  });

  it('opens the document in the page’s language and its direction', () => {
    const markup = { html: '<p>x</p>', title: 'x' };
    const page = (language: 'ar' | 'he' | 'ja') =>
      composeSharePage(TEMPLATE, markup, { ...hostileSeed(), language })!.slice(0, 50);
    expect(page('ar')).toMatch(/^<!doctype html><html lang="ar" dir="rtl"><head>/);
    expect(page('he')).toMatch(/^<!doctype html><html lang="he" dir="rtl"><head>/);
    expect(page('ja')).toMatch(/^<!doctype html><html lang="ja" dir="ltr"><head>/);
  });

  it('is not composed into a template without an empty #root', () => {
    const markup = { html: '<p>x</p>', title: 'x' };
    expect(composeSharePage('<html><body><div id="app"></div></body></html>', markup, hostileSeed())).toBeNull();
  });

  it('writes markup and title as they are, `$` patterns included', () => {
    const page = composeSharePage(TEMPLATE, { html: "<p>$& $' $1</p>", title: "$& $'" }, hostileSeed())!;
    expect(page).toContain('<div id="root"><p>$& $\' $1</p></div>');
    expect(page).toContain("<title>$&amp; $'</title>");
  });
});
