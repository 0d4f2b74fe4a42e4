import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The page id in the address bar's hash (`#/catalog` -> "catalog"), so a reload keeps the page. */
export function useHashRoute(fallback: string): string {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return hash.replace(/^#\/?/, '').split(/[/?]/)[0] || fallback;
}

/** The href for a page id. */
export const pageHref = (id: string): string => `#/${id}`;
