import type { ComponentType } from 'react';
import { CatalogPage } from './pages/catalog/CatalogPage';
import { ComparePage } from './pages/compare/ComparePage';
import { EstimatePage } from './pages/estimate/EstimatePage';
import { GuidePage } from './pages/guide/GuidePage';
import { PlanPage } from './pages/plan/PlanPage';
import { RunsPage } from './pages/runs/RunsPage';
import { ServePage } from './pages/serve/ServePage';
import { SettingsPage } from './pages/settings/SettingsPage';

/** One page of the sidebar. */
export interface PageDef {
  id: string;
  /** i18n key of the sidebar label and page title. */
  labelKey: string;
  component: ComponentType;
}

/** The sidebar, in order; the first page is the default. Add a page here to plug it in. */
export const PAGES: readonly PageDef[] = [
  { id: 'estimate', labelKey: 'nav.estimate', component: EstimatePage },
  { id: 'compare', labelKey: 'nav.compare', component: ComparePage },
  { id: 'serve', labelKey: 'nav.serve', component: ServePage },
  { id: 'plan', labelKey: 'nav.plan', component: PlanPage },
  { id: 'runs', labelKey: 'nav.runs', component: RunsPage },
  { id: 'catalog', labelKey: 'nav.catalog', component: CatalogPage },
  { id: 'settings', labelKey: 'nav.settings', component: SettingsPage },
  { id: 'guide', labelKey: 'nav.guide', component: GuidePage },
];
