import { catalogEn } from './catalog-en';
import { catalogZhCN } from './catalog-zh-CN';
import type { Catalog } from './render';

/**
 * The domain's sentences in every language the app ships; zh-CN has exactly the keys of en.
 * inputs.*.json holds what the model, recipe and card files say (issue 12); hub.*.json what a
 * model read from Hugging Face by its id says; serve.*.json what the serving estimate (issue 17)
 * says, runs-serving.*.json what a serving run in the run log says.
 */
export const catalogs = {
  en: catalogEn,
  'zh-CN': catalogZhCN,
} satisfies Record<'en' | 'zh-CN', Catalog>;
export type CatalogLanguage = keyof typeof catalogs;
