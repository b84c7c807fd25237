import { hc } from 'hono/client';
import type { AppType } from '@draftwell/server/app-type';
import { API_BASE } from './http';

export * from './http';

/** The typed client of our own API (same origin; the session cookie rides along). */
export const api = hc<AppType>(API_BASE, {
  init: { credentials: 'same-origin' },
  headers: { 'content-type': 'application/json' },
});
