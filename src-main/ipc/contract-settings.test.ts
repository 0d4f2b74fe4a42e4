import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, systemLanguage } from './contract-settings';

describe('systemLanguage', () => {
  it('picks the first language Cardwise speaks', () => {
    expect(systemLanguage(['zh-Hans-CN', 'en-US'])).toBe('zh-CN');
    expect(systemLanguage(['zh-TW'])).toBe('zh-CN');
    expect(systemLanguage(['de-DE', 'en-GB', 'zh-CN'])).toBe('en');
    expect(systemLanguage(['fr-FR'])).toBe('en');
    expect(systemLanguage([])).toBe('en');
  });
});

describe('the default settings', () => {
  it('choose no language: the system decides until the user does', () => {
    expect(DEFAULT_SETTINGS.language).toBeNull();
  });
});
