import type { Settings } from './contract';

/**
 * The settings' languages and defaults, without zod: the renderer's first chunk needs them before
 * any page (and the contract's schemas) has loaded. contract.ts builds its schema from LANGUAGES.
 */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of a system that prefers `tags` (BCP 47, most preferred first): Chinese or English, else English. */
export function systemLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

/**
 * What a fresh install uses until the user changes it (¥0.8/kWh: see plan/ownership.ts). No language: until the user
 * picks one, the app speaks the system's (the desktop's preferred languages, the browser's), so a Chinese system
 * opens in Chinese.
 */
export const DEFAULT_SETTINGS: Settings = {
  language: null,
  currency: 'CNY',
  headroomFraction: 0.1,
  usdPerCny: null,
  usdPerCnyDate: null,
  electricityPricePerKWh: 0.8,
};
