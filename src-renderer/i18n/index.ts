import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { settingsSchema, type Settings } from '../../src-main/ipc/contract';
import { resources } from './resources';

export type Language = Settings['language'];
export const LANGUAGES: readonly Language[] = settingsSchema.shape.language.options;

/** The browser's language until the saved setting arrives. */
function guessLanguage(): Language {
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

/** Starts i18next with both bundled languages; React re-renders on `changeLanguage`. */
export function initI18n(): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: resources.en }, 'zh-CN': { translation: resources['zh-CN'] } },
    lng: guessLanguage(),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18n;
}
