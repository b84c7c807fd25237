import {
  createContext,
  useContext,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * Links that work in both of the web app's entries. The public pages (public-main.tsx) have no
 * router library: they are a handful of prerendered pages, and React Router alone would be a
 * third of their JavaScript budget (P8). The app (main.tsx) has React Router. A component shared
 * by both (the logo, the plan cards) renders `Link`, and each entry provides the link it uses:
 * the app its router's, the public pages `PublicLink` below. Without a provider a link is a plain
 * anchor: a document load, which is always right, only slower.
 */
export type TLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

const plainLink = ({ to, children, ...props }: TLinkProps) => (
  <a href={to} {...props}>
    {children}
  </a>
);

const LinkContext = createContext<(props: TLinkProps) => ReactNode>(plainLink);

/** Gives the components below the entry's own link (a function drawing it from its props). */
export const LinkProvider = LinkContext.Provider;

export function Link(props: TLinkProps) {
  return useContext(LinkContext)(props);
}

// ----- The public pages' navigation: the History API, and the pages it knows -----

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('popstate', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

/** The address as the public pages see it; `fallback` while prerendering (there is no window). */
export function useLocationOf(fallback: { pathname: string; search: string }): { pathname: string; search: string } {
  const key = useSyncExternalStore(
    subscribe,
    () => `${window.location.pathname}${window.location.search}`,
    () => `${fallback.pathname}${fallback.search}`,
  );
  const q = key.indexOf('?');
  return q < 0 ? { pathname: key, search: '' } : { pathname: key.slice(0, q), search: key.slice(q) };
}

/**
 * Which paths the public pages draw themselves (set by the public entry). A link or a navigation
 * to any other path (the dashboard, the client's page) loads that document instead.
 */
let ownsPath: (pathname: string) => boolean = () => false;
export function setPublicPaths(test: (pathname: string) => boolean) {
  ownsPath = test;
}

/** True when the public pages draw `url` themselves, in this document. */
const drawnHere = (url: URL) => url.origin === window.location.origin && ownsPath(url.pathname);

/** Goes to `to`: in place when the public pages draw it, as a new document otherwise. */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}) {
  const url = new URL(to, window.location.href);
  if (!drawnHere(url)) {
    if (replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  const next = `${url.pathname}${url.search}${url.hash}`;
  const samePage = url.pathname === window.location.pathname;
  if (replace) window.history.replaceState(null, '', next);
  else window.history.pushState(null, '', next);
  // A new page starts at its top, as after a document load; a fragment goes to its target.
  if (!samePage && !url.hash) window.scrollTo(0, 0);
  notify();
}

const plainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 &&
  !event.defaultPrevented &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey &&
  (!event.currentTarget.target || event.currentTarget.target === '_self');

/** A link of the public pages: a page they draw opens in place (S5), anything else loads. */
export function PublicLink({ to, onClick, children, ...props }: TLinkProps) {
  return (
    <a
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!plainClick(event) || !drawnHere(new URL(to, window.location.href))) return;
        event.preventDefault();
        navigate(to);
      }}
      {...props}
    >
      {children}
    </a>
  );
}

const noWindow = { pathname: '', search: '' };

/**
 * The address's query on a public page drawn in the browser (not prerendered: /auth), and a way
 * to change it in place. `replace`: the change takes the current history entry.
 */
export function usePublicSearch(): [URLSearchParams, (next: Record<string, string>) => void] {
  const { pathname, search } = useLocationOf(noWindow);
  const set = (next: Record<string, string>) =>
    navigate(`${pathname}?${new URLSearchParams(next).toString()}`, { replace: true });
  return [new URLSearchParams(search), set];
}
