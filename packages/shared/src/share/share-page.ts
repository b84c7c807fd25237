import type { TApiError } from '../errors';
import type { TLanguage } from '../i18n/languages';
import type { TSharedProposal } from './share-api';

/*
 * The client's page as the server renders it (decision 0020). Types and one constant: the page's
 * first script reads the seed with them before any of the page's own code has loaded (QUALITY P8).
 */

/** A link that does not open (404), no longer opens (410) or is refused for now (429): the API's answer. */
export type TSharePageFailure = { status: number; error: TApiError['error']; retryAfter?: number };

/**
 * What the page starts from: what GET /api/share/:token answered when the server read the link
 * (the proposal, or the failure), for the server's render and, embedded in the HTML as inert
 * JSON, for the browser's first render (hydration), which must match it.
 */
export type TSharePageSeed = {
  token: string;
  /** When the server rendered the page: until hydrated, days left are counted from it, in UTC. */
  renderedAt: string;
  /**
   * The language the page was rendered in: the one the client chose on this device (a cookie),
   * else the proposal's, else their browser's closest. The browser hydrates in the same one.
   */
  language?: TLanguage;
  /** The script of that language's words (its page catalog's chunk), which the first script preloads. */
  catalogScript?: string;
} & ({ proposal: TSharedProposal } | { failure: TSharePageFailure });

/** The id of the `<script type="application/json">` holding the page's seed. */
export const SHARE_SEED_ELEMENT_ID = 'share-seed';

/** What the page's server render gives: the markup of `#root` and the document's title. */
export type TSharePageMarkup = { html: string; title: string };

/** The server render's entry (apps/web/src/share-render.tsx, built into apps/web/dist/ssr/). */
export type TRenderSharePage = (seed: TSharePageSeed) => Promise<TSharePageMarkup>;
