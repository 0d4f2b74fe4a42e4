/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import en from '../i18n/pages/glossary.en.json';
import zhCN from '../i18n/pages/glossary.zh-CN.json';
import { resources } from '../i18n/resources';
import { FIELD_TERMS, GLOSSARY_KEYS } from './glossary';

type Entries = Record<string, { term?: string; definition?: string }>;
const catalogs = { en: en.glossary.entries as Entries, 'zh-CN': zhCN.glossary.entries as Entries };

/** Sentences in a definition ("torch.cuda" is not two): a renter reads one or two, not a paragraph. */
function sentences(text: string): number {
  return text.split(/[.?!](?=\s|$)|[。？！]/).filter((s) => s.trim() !== '').length;
}

describe('the glossary', () => {
  it.each(Object.entries(catalogs))('has a term and a definition for every key in %s', (_language, entries) => {
    const missing = GLOSSARY_KEYS.filter((key) => !entries[key]?.term?.trim() || !entries[key]?.definition?.trim());
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(catalogs))('lists no entry the Guide does not show in %s', (_language, entries) => {
    expect(Object.keys(entries).filter((key) => !(GLOSSARY_KEYS as readonly string[]).includes(key))).toEqual([]);
  });

  it('keeps each definition to one to three sentences', () => {
    expect(sentences('See torch.cuda.max_memory_allocated. It is lower.')).toBe(2);
    const long = Object.entries(catalogs).flatMap(([language, entries]) =>
      Object.entries(entries)
        .filter(([, entry]) => sentences(entry.definition ?? '') > 3)
        .map(([key]) => `${language}: ${key}`),
    );
    expect(long).toEqual([]);
  });

  it('writes the Chinese definitions in Chinese', () => {
    const english = GLOSSARY_KEYS.filter((key) => !/[\u4e00-\u9fff]/.test(catalogs['zh-CN'][key]?.definition ?? ''));
    expect(english).toEqual([]);
  });

  it('is merged into both languages the app loads', () => {
    for (const language of ['en', 'zh-CN'] as const) {
      const glossary = (resources[language] as { glossary?: { entries?: object } }).glossary;
      expect(Object.keys(glossary?.entries ?? {}).sort()).toEqual([...GLOSSARY_KEYS].sort());
    }
  });

  it('explains form fields only with entries it has', () => {
    expect(Object.values(FIELD_TERMS).filter((key) => !GLOSSARY_KEYS.includes(key))).toEqual([]);
  });
});
