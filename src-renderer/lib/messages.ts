import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
// message.ts and render.ts, not the messages index: that one holds both languages' catalogs.
import { msg, type Message } from '../../src-main/domain/messages/message';
import { renderMessage, type Catalog } from '../../src-main/domain/messages/render';
import { DOMAIN_NAMESPACE } from '../i18n';
import { ApiError } from './api';

/**
 * Renders a domain message in the UI's current language (re-renders on a language change). The
 * language's catalog was loaded with its strings (i18n/index.ts) before the UI switched to it.
 */
export function useMessageText(): (message: Message) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (message: Message) =>
      renderMessage(message, (i18n.getResourceBundle(language, DOMAIN_NAMESPACE) ?? {}) as Catalog, language),
    [i18n, language],
  );
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
