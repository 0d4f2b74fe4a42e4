/// <reference types="vite/client" />
import { catalogEn } from '../../src-main/domain/messages/catalog-en';
import en from './en.json';

// Each page may keep its strings in i18n/pages/<page>.en.json, under a top-level key named after
// the page; they are merged over the shared file.
const pages = import.meta.glob('./pages/*.en.json', { eager: true, import: 'default' }) as Record<string, object>;

/** Everything the app says in English: the renderer's strings and the domain's messages. */
export const bundle = { translation: Object.assign({}, en, ...Object.values(pages)) as object, domain: catalogEn };
