import { useSyncExternalStore } from 'react';
import { splitTokenFragment } from './token-fragment';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/**
 * The page id in the address bar's hash (`#/catalog` -> "catalog"), so a reload keeps the page.
 * The printed link with a route (`#token=…#/runs`) opened in a tab already running the app
 * routes too (the token was taken when the app started).
 */
export function useHashRoute(fallback: string): string {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return routeOf(hash, fallback);
}

/** The page id a hash names (`#/runs?…`, `#token=…#/runs`), else `fallback`. */
export function routeOf(hash: string, fallback: string): string {
  const route = splitTokenFragment(hash)?.rest ?? hash;
  return route.replace(/^#\/?/, '').split(/[/?]/)[0] || fallback;
}

/** The href for a page id. */
export const pageHref = (id: string): string => `#/${id}`;
