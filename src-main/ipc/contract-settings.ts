import type { Settings } from './contract';

/**
 * The settings' languages and defaults, without zod: the renderer's first chunk needs them before
 * any page (and the contract's schemas) has loaded. contract.ts builds its schema from LANGUAGES.
 */
export const LANGUAGES = ['en', 'zh-CN'] as const;

/** What a fresh install uses until the user changes it (¥0.8/kWh: see plan/ownership.ts). */
export const DEFAULT_SETTINGS: Settings = {
  language: 'en',
  currency: 'CNY',
  headroomFraction: 0.1,
  usdPerCny: null,
  usdPerCnyDate: null,
  electricityPricePerKWh: 0.8,
};
