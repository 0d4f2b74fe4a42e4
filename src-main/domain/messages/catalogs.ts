import en from './en.json';
import zhCN from './zh-CN.json';
import inputsEn from './inputs.en.json';
import inputsZhCN from './inputs.zh-CN.json';
import hubEn from './hub.en.json';
import hubZhCN from './hub.zh-CN.json';
import runsServingEn from './runs-serving.en.json';
import runsServingZhCN from './runs-serving.zh-CN.json';
import serveEn from './serve.en.json';
import serveZhCN from './serve.zh-CN.json';
import type { Catalog } from './render';

/**
 * The domain's sentences in every language the app ships; zh-CN has exactly the keys of en.
 * inputs.*.json holds what the model, recipe and card files say (issue 12); hub.*.json what a
 * model read from Hugging Face by its id says; serve.*.json what the serving estimate (issue 17)
 * says, runs-serving.*.json what a serving run in the run log says.
 */
export const catalogs = {
  en: { ...en, ...inputsEn, ...hubEn, ...serveEn, ...runsServingEn },
  'zh-CN': { ...zhCN, ...inputsZhCN, ...hubZhCN, ...serveZhCN, ...runsServingZhCN },
} satisfies Record<'en' | 'zh-CN', Catalog>;
export type CatalogLanguage = keyof typeof catalogs;
