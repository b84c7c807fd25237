import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  SHARE_SEED_ELEMENT_ID,
  type TRenderSharePage,
  type TSharePageMarkup,
  type TSharePageSeed,
} from '@draftwell/shared';
import {
  closestLanguage,
  CLIENT_LANGUAGE_COOKIE,
  languageOf,
  supportedLanguage,
  textDirection,
  type TLanguage,
} from '@draftwell/shared/i18n/languages';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import { acceptedLanguages } from '../../lib/accept-language';
import { AppError, errorBody } from '../../lib/app-error';
import { shareRequest } from './share.routes';
import { getSharedProposal } from './share.service';
import type { TAppEnv } from '../../deps';

/*
 * The client's page (/p/:token) rendered on the server (decision 0020): the web build's own
 * render of the page (dist/ssr/share-render.mjs) with what GET /api/share/:token answers, put
 * into share.html's #root, and that answer beside it as inert JSON (the seed), from which the
 * browser hydrates the page. The page is then readable with its HTML, before its JavaScript has
 * loaded and without a request for its data.
 */

/** Where the web build puts the page's render, under its dist (scripts/build.mjs); never served. */
export const SHARE_RENDER_FILE = 'ssr/share-render.mjs';

/**
 * The failures the page shows as it shows the API's: no such link (404, a revoked one too),
 * withdrawn or expired (410, with the sender's name), too many requests (429, with Retry). Any
 * other (the database down) is left to the browser, which asks the API and offers Retry.
 */
const SHOWN_FAILURES = new Set(['not_found', 'gone', 'rate_limited']);

/** What share.html holds where the page goes. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The language the client's page is rendered in (issue 25): the one this client chose on their
 * device (a cookie the page's switcher sets), else the proposal's, else the browser's closest
 * (Accept-Language, for a link that does not open), else English.
 */
export function sharePageLanguage(c: Context<TAppEnv>, proposalLanguage: string | undefined | null): TLanguage {
  const chosen = supportedLanguage(getCookie(c, CLIENT_LANGUAGE_COOKIE));
  if (chosen) return chosen;
  if (proposalLanguage !== null) return languageOf(proposalLanguage);
  return closestLanguage(acceptedLanguages(c.req.header('accept-language'))) ?? 'en';
}

/** The page's seed for `token`: the proposal the link opens, or the failure the API would answer. */
export async function readSharePageSeed(c: Context<TAppEnv>, token: string): Promise<TSharePageSeed> {
  const renderedAt = new Date().toISOString();
  try {
    const proposal = await getSharedProposal(shareRequest(c, token));
    return { token, renderedAt, language: sharePageLanguage(c, proposal.snapshot.language), proposal };
  } catch (err) {
    if (!(err instanceof AppError) || !SHOWN_FAILURES.has(err.code)) throw err;
    const { error } = errorBody(err.code, err.message, c.var.requestId, { details: err.options.details });
    const { retryAfter } = err.options;
    const failure = { status: err.status, error, ...(retryAfter ? { retryAfter } : {}) };
    return { token, renderedAt, language: sharePageLanguage(c, null), failure };
  }
}

/**
 * JSON that an HTML parser reads as text to the end of its `<script>` element, whatever the
 * proposal says: every `<` is written `\u003c` (so no `</script>` or `<!--` in a title or a
 * comment can end the element or change how it is parsed), and U+2028 and U+2029 `\u2028` and
 * `\u2029` (line terminators to a JavaScript parser). JSON.parse reads them back as they were.
 */
export function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The seed as a data block: not a script the browser runs (nor one the CSP has to allow). */
export function seedScript(seed: TSharePageSeed): string {
  return `<script type="application/json" id="${SHARE_SEED_ELEMENT_ID}">${inertJson(seed)}</script>`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * share.html with the rendered page in #root, the seed right after it, and the page's title;
 * null when the template has no empty #root to fill.
 */
export function composeSharePage(template: string, markup: TSharePageMarkup, seed: TSharePageSeed): string | null {
  const language = seed.language ?? 'en';
  // The document is in the page's language, and reads in its direction (Arabic and Hebrew right to left).
  const opened = template.replace(
    /<html[^>]*>/,
    () => `<html lang="${language}" dir="${textDirection(language) ?? 'ltr'}">`,
  );
  // A function, so that `$&` and the like in a title are written as they are.
  const titled = opened.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(markup.title)}</title>`);
  const at = titled.indexOf(EMPTY_ROOT);
  if (at < 0) return null;
  return (
    titled.slice(0, at) +
    `<div id="root">${markup.html}</div>${seedScript(seed)}` +
    titled.slice(at + EMPTY_ROOT.length)
  );
}

/**
 * The page's render, imported on first use and kept; null when the build has none (the dev
 * server, a test's miniature build) or it does not load: the page is then drawn in the browser.
 */
export function sharePageRenderer(file: string | null, logger: Logger): () => Promise<TRenderSharePage | null> {
  let loading: Promise<TRenderSharePage | null> | null = null;
  const load = async (): Promise<TRenderSharePage | null> => {
    if (!file || !existsSync(file)) return null;
    try {
      const mod = (await import(pathToFileURL(file).href)) as { renderSharePage?: unknown };
      if (typeof mod.renderSharePage !== 'function') throw new Error(`${file} exports no renderSharePage`);
      return mod.renderSharePage as TRenderSharePage;
    } catch (err) {
      logger.error({ err }, 'the client page’s server render did not load: the page is drawn in the browser');
      return null;
    }
  };
  return () => (loading ??= load());
}

/**
 * The HTML of the client's link `token`, rendered, and its language; null when the browser is to draw the page
 * instead (no render or template, a failure the page does not show rendered, a render error).
 */
export async function renderSharePageHtml(
  c: Context<TAppEnv>,
  {
    token,
    template,
    renderer,
    catalogScripts = {},
  }: {
    token: string;
    template: string;
    renderer: () => Promise<TRenderSharePage | null>;
    /** Each language's page catalog script (the build's page-catalog-scripts.json). */
    catalogScripts?: Partial<Record<TLanguage, string>>;
  },
): Promise<{ html: string; language: TLanguage } | null> {
  const render = await renderer();
  if (!render) return null;
  let seed: TSharePageSeed;
  try {
    seed = await readSharePageSeed(c, token);
    const catalogScript = catalogScripts[seed.language ?? 'en'];
    if (catalogScript) seed = { ...seed, catalogScript };
  } catch (err) {
    c.var.log.warn({ err }, 'the client’s page could not be read on the server: it is drawn in the browser');
    return null;
  }
  try {
    const html = composeSharePage(template, await render(seed), seed);
    return html === null ? null : { html, language: seed.language ?? 'en' };
  } catch (err) {
    c.var.log.error({ err }, 'the client’s page did not render on the server: it is drawn in the browser');
    return null;
  }
}
