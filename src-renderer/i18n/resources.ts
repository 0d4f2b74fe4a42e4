/// <reference types="vite/client" />
import en from './en.json';
import zhCN from './zh-CN.json';

// Each page may keep its strings in i18n/pages/<page>.<lang>.json, under a top-level key
// named after the page; they are merged over the shared files here.
const pageFiles = import.meta.glob('./pages/*.json', { eager: true, import: 'default' }) as Record<string, object>;

function withPages(base: object, language: string): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [path, strings] of Object.entries(pageFiles)) {
    if (path.endsWith(`.${language}.json`)) Object.assign(merged, strings);
  }
  return merged;
}

export const resources = {
  en: withPages(en, 'en'),
  'zh-CN': withPages(zhCN, 'zh-CN'),
};
