import { lazy, type ComponentType } from 'react';

/** One page of the sidebar. */
export interface PageDef {
  id: string;
  /** i18n key of the sidebar label and page title. */
  labelKey: string;
  component: ComponentType;
  /** Fetches the page's chunk (once; later calls share the first promise). main.tsx starts it early. */
  load: () => Promise<{ default: ComponentType }>;
}

/** A page whose chunk `load` fetches; React.lazy and main.tsx share the one download. */
function page(id: string, labelKey: string, fetchChunk: () => Promise<ComponentType>): PageDef {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const load = () => (loading ??= fetchChunk().then((component) => ({ default: component })));
  return { id, labelKey, component: lazy(load), load };
}

/**
 * The sidebar, in order; the first page is the default. Add a page here to plug it in. Each page
 * loads as its own chunk when first opened (App.tsx wraps it in Suspense); the page a window opens
 * on starts loading before the first render (main.tsx).
 */
export const PAGES: readonly PageDef[] = [
  page('estimate', 'nav.estimate', () => import('./pages/estimate/EstimatePage').then((m) => m.EstimatePage)),
  page('compare', 'nav.compare', () => import('./pages/compare/ComparePage').then((m) => m.ComparePage)),
  page('serve', 'nav.serve', () => import('./pages/serve/ServePage').then((m) => m.ServePage)),
  page('plan', 'nav.plan', () => import('./pages/plan/PlanPage').then((m) => m.PlanPage)),
  page('runs', 'nav.runs', () => import('./pages/runs/RunsPage').then((m) => m.RunsPage)),
  page('catalog', 'nav.catalog', () => import('./pages/catalog/CatalogPage').then((m) => m.CatalogPage)),
  page('settings', 'nav.settings', () => import('./pages/settings/SettingsPage').then((m) => m.SettingsPage)),
  page('guide', 'nav.guide', () => import('./pages/guide/GuidePage').then((m) => m.GuidePage)),
];

/** The page a route names, else the first (the default). */
export function pageOf(route: string): PageDef {
  return PAGES.find((p) => p.id === route) ?? PAGES[0]!;
}
