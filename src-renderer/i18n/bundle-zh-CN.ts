/// <reference types="vite/client" />
import { catalogZhCN } from '../../src-main/domain/messages/catalog-zh-CN';
import zhCN from './zh-CN.json';

// Each page may keep its strings in i18n/pages/<page>.zh-CN.json, as bundle-en.ts reads the English.
const pages = import.meta.glob('./pages/*.zh-CN.json', { eager: true, import: 'default' }) as Record<string, object>;

/** Everything the app says in Simplified Chinese: the renderer's strings and the domain's messages. */
export const bundle = { translation: Object.assign({}, zhCN, ...Object.values(pages)) as object, domain: catalogZhCN };
