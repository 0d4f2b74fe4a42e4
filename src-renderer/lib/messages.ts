import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogs, renderMessage, type CatalogLanguage, type Message } from '../../src-main/domain/messages';

/** The language the domain's catalogs are read in: the UI's, or English for any other. */
function catalogLanguage(language: string): CatalogLanguage {
  return language === 'zh-CN' ? 'zh-CN' : 'en';
}

/** Renders a domain message in the UI's current language (re-renders on a language change). */
export function useMessageText(): (message: Message) => string {
  const { i18n } = useTranslation();
  const language = catalogLanguage(i18n.language);
  return useCallback((message: Message) => renderMessage(message, catalogs[language], language), [language]);
}
