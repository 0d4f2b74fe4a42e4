import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES as SETTINGS_LANGUAGES, systemLanguage, type Language } from '../../src-main/ipc/contract-settings';
import type { Catalog } from '../../src-main/domain/messages/render';

export type { Language };
export const LANGUAGES: readonly Language[] = SETTINGS_LANGUAGES;

/** The i18next namespace that holds the domain's messages (lib/messages.ts renders them). */
export const DOMAIN_NAMESPACE = 'domain';

// One chunk per language, fetched when it is first shown: the first paint carries no sentences
// of a language the user has not chosen.
const BUNDLES: Record<Language, () => Promise<{ bundle: { translation: object; domain: Catalog } }>> = {
  en: () => import('./bundle-en'),
  'zh-CN': () => import('./bundle-zh-CN'),
};

/**
 * The language of the browser (in the desktop app, the system's): what the UI speaks until the user chooses one
 * (the saved setting is null until then) and, before the settings arrive, in the first paint.
 */
export function browserLanguage(): Language {
  return systemLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const { bundle } = await BUNDLES[language]();
  // skipCopy: i18next otherwise copies a bundle through JSON.stringify and JSON.parse before keeping it (so a caller
  // editing its object later cannot change the strings), a copy of every string of the language in the first paint's
  // path. These bundles are modules' own objects that nothing edits.
  const kept = { silent: false, skipCopy: true };
  i18n.addResourceBundle(language, 'translation', bundle.translation, false, false, kept);
  i18n.addResourceBundle(language, DOMAIN_NAMESPACE, bundle.domain, false, false, kept);
}

/** Switches the UI's language once its strings have loaded; React re-renders on the change. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * Starts i18next in the browser's language, its strings loaded (the caller renders after this).
 * zh-CN has every key of en (i18n.test.ts), so the fallback is never needed to fill a gap.
 */
export async function initI18n(): Promise<typeof i18n> {
  const language = browserLanguage();
  // Asked before i18next starts (its init settles a task later): the strings are what the first
  // render waits for. loadLanguage's import below gets the same module.
  BUNDLES[language]().catch(() => undefined); // a failure surfaces from loadLanguage's own import
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // The defaults, said: i18next tests every key of every t() call with a regular expression (looksLikeObjectPath,
    // whether the key may be a sentence rather than a path) unless the separators are set, and a page renders
    // dozens of labels per keystroke. Every key here is a path ("estimate.size"), none names a namespace.
    keySeparator: '.',
    nsSeparator: ':',
  });
  await changeLanguage(language);
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (changed) => {
    document.documentElement.lang = changed;
  });
  return i18n;
}
