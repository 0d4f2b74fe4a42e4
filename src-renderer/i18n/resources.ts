import { bundle as en } from './bundle-en';
import { bundle as zhCN } from './bundle-zh-CN';

/** Both languages' renderer strings at once, for the tests; the app loads one at a time (index.ts). */
export const resources = {
  en: en.translation as Record<string, unknown>,
  'zh-CN': zhCN.translation as Record<string, unknown>,
};
