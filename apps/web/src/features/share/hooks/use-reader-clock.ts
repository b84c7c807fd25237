import { createContext, useContext } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * When the server rendered the client's page (its seed's `renderedAt`); null where the page is
 * drawn in the browser only (development, a link followed inside the app, a failure the server
 * left to the browser).
 */
export const RenderedAtContext = createContext<string | null>(null);

export type TReaderClock = {
  /** The zone local dates are written in: UTC, or the reader's own (undefined). */
  timeZone: 'UTC' | undefined;
  /** Now, for the days left. */
  now: Date;
};

/**
 * The clock the client's page writes local dates and days left with. The server knows neither
 * the reader's time zone nor when the browser will run the page: it writes dates in UTC and
 * counts days from the moment it rendered. The browser's first render (hydration) does the same,
 * so that it matches the HTML, and the render right after it uses the reader's own zone and clock
 * (decision 0020). A page drawn in the browser only uses the reader's from the start.
 */
export function useReaderClock(): TReaderClock {
  const hydrated = useHydrated();
  const renderedAt = useContext(RenderedAtContext);
  if (hydrated || renderedAt === null) return { timeZone: undefined, now: new Date() };
  return { timeZone: 'UTC', now: new Date(renderedAt) };
}
