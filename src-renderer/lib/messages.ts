import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogs, msg, renderMessage, type CatalogLanguage, type Message } from '../../src-main/domain/messages';
import { ApiError } from './api';

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

/**
 * What to tell the user about a failure, as a message: the backend's own for an ApiError, a generic
 * one for anything else (a bug's English text belongs in the console, not in the banner).
 */
export function errorMessage(error: unknown): Message {
  if (error instanceof ApiError) return error.detail;
  console.error(error);
  return msg('error.internal');
}

/** A stable React key for a message (the same code and parameters give the same key). */
export function messageKey(message: Message): string {
  return JSON.stringify(message);
}
