import type { ComponentType } from 'react';
import { CatalogPage } from './pages/catalog/CatalogPage';
import { EstimatePage } from './pages/estimate/EstimatePage';

/** One page of the sidebar. A page without a component shows "coming in a later version". */
export interface PageDef {
  id: string;
  /** i18n key of the sidebar label and page title. */
  labelKey: string;
  component?: ComponentType;
}

/** The sidebar, in order; the first page is the default. Add a page here to plug it in. */
export const PAGES: readonly PageDef[] = [
  { id: 'estimate', labelKey: 'nav.estimate', component: EstimatePage },
  { id: 'compare', labelKey: 'nav.compare' },
  { id: 'plan', labelKey: 'nav.plan' },
  { id: 'runs', labelKey: 'nav.runs' },
  { id: 'catalog', labelKey: 'nav.catalog', component: CatalogPage },
];
