import en from './en.json';
import zhCN from './zh-CN.json';
import type { Catalog } from './render';

/** The domain's sentences in every language the app ships; zh-CN has exactly the keys of en. */
export const catalogs = { en, 'zh-CN': zhCN } satisfies Record<'en' | 'zh-CN', Catalog>;
export type CatalogLanguage = keyof typeof catalogs;
