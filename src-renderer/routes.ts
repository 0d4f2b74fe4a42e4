import { lazy, type ComponentType } from 'react';

/** One page of the sidebar. */
export interface PageDef {
  id: string;
  /** i18n key of the sidebar label and page title. */
  labelKey: string;
  component: ComponentType;
}

/**
 * The sidebar, in order; the first page is the default. Add a page here to plug it in. Each page
 * loads as its own chunk when first opened (App.tsx wraps it in Suspense).
 */
export const PAGES: readonly PageDef[] = [
  {
    id: 'estimate',
    labelKey: 'nav.estimate',
    component: lazy(() => import('./pages/estimate/EstimatePage').then((m) => ({ default: m.EstimatePage }))),
  },
  {
    id: 'compare',
    labelKey: 'nav.compare',
    component: lazy(() => import('./pages/compare/ComparePage').then((m) => ({ default: m.ComparePage }))),
  },
  {
    id: 'serve',
    labelKey: 'nav.serve',
    component: lazy(() => import('./pages/serve/ServePage').then((m) => ({ default: m.ServePage }))),
  },
  {
    id: 'plan',
    labelKey: 'nav.plan',
    component: lazy(() => import('./pages/plan/PlanPage').then((m) => ({ default: m.PlanPage }))),
  },
  {
    id: 'runs',
    labelKey: 'nav.runs',
    component: lazy(() => import('./pages/runs/RunsPage').then((m) => ({ default: m.RunsPage }))),
  },
  {
    id: 'catalog',
    labelKey: 'nav.catalog',
    component: lazy(() => import('./pages/catalog/CatalogPage').then((m) => ({ default: m.CatalogPage }))),
  },
  {
    id: 'settings',
    labelKey: 'nav.settings',
    component: lazy(() => import('./pages/settings/SettingsPage').then((m) => ({ default: m.SettingsPage }))),
  },
  {
    id: 'guide',
    labelKey: 'nav.guide',
    component: lazy(() => import('./pages/guide/GuidePage').then((m) => ({ default: m.GuidePage }))),
  },
];
