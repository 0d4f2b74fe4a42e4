import { createElement, lazy, useState, type ComponentType } from 'react';
import { whenIdle } from './lib/scheduling';

/** One page of the sidebar. */
export interface PageDef {
  id: string;
  /** i18n key of the sidebar label and page title. */
  labelKey: string;
  component: ComponentType;
  /** Fetches the page's chunk (once; later calls share the first promise). main.tsx starts it early. */
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * A page whose chunk `load` fetches; React.lazy, main.tsx and preloadPages share the one download. A download
 * that failed is forgotten, so the next ask (opening the page) tries again and shows its own failure.
 */
export function lazyPage(id: string, labelKey: string, fetchChunk: () => Promise<ComponentType>): PageDef {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const load = () =>
    (loading ??= fetchChunk().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(load);
  // A page whose chunk is in renders at once. Through React.lazy its first render suspends even then,
  // and React 19 reveals a boundary no sooner than 300 ms after its fallback showed (react-dom's
  // FALLBACK_THROTTLE_MS): "Plan this" painted the plan ≈ 300 ms late with nothing left to wait for.
  function Page() {
    // Chosen once per mount: a switch from the lazy element to the loaded one would remount the page.
    const [component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(component);
  }
  return { id, labelKey, component: Page, load };
}

/**
 * The sidebar, in order; the first page is the default. Add a page here to plug it in. Each page
 * loads as its own chunk (App.tsx wraps it in Suspense): the page a window opens on starts loading
 * before the first render (main.tsx), the others once it is ready (preloadPages).
 */
export const PAGES: readonly PageDef[] = [
  lazyPage('estimate', 'nav.estimate', () => import('./pages/estimate/EstimatePage').then((m) => m.EstimatePage)),
  lazyPage('compare', 'nav.compare', () => import('./pages/compare/ComparePage').then((m) => m.ComparePage)),
  lazyPage('serve', 'nav.serve', () => import('./pages/serve/ServePage').then((m) => m.ServePage)),
  lazyPage('plan', 'nav.plan', () => import('./pages/plan/PlanPage').then((m) => m.PlanPage)),
  lazyPage('runs', 'nav.runs', () => import('./pages/runs/RunsPage').then((m) => m.RunsPage)),
  lazyPage('catalog', 'nav.catalog', () => import('./pages/catalog/CatalogPage').then((m) => m.CatalogPage)),
  lazyPage('settings', 'nav.settings', () => import('./pages/settings/SettingsPage').then((m) => m.SettingsPage)),
  lazyPage('guide', 'nav.guide', () => import('./pages/guide/GuidePage').then((m) => m.GuidePage)),
];

/** The page a route names, else the first (the default). */
export function pageOf(route: string): PageDef {
  return PAGES.find((p) => p.id === route) ?? PAGES[0]!;
}

let preloading = false;

/**
 * Every page's chunk, fetched once, when the window is next idle: called when a page is ready, so the
 * first paint never waits on them and a page opened later renders without suspending.
 */
export function preloadPages(): void {
  if (preloading) return;
  preloading = true;
  const fetchAll = () => {
    // A chunk that fails here is asked again when its page opens (lazyPage), which shows the failure.
    for (const p of PAGES) p.load().catch(() => undefined);
  };
  whenIdle(fetchAll, 2000);
}
