import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bundle as en } from './bundle-en';
import { bundle as zhCN } from './bundle-zh-CN';
import { DOMAIN_NAMESPACE } from './index';

/**
 * Test support: i18next with both languages loaded at once, the renderer's strings and the
 * domain's messages (namespace `domain`, which lib/messages.ts reads), as the app has them once
 * a language is shown.
 */
export async function initTestI18n(lng: 'en' | 'zh-CN' = 'en'): Promise<void> {
  await i18n.use(initReactI18next).init({
    resources: {
      en: { translation: en.translation, [DOMAIN_NAMESPACE]: en.domain },
      'zh-CN': { translation: zhCN.translation, [DOMAIN_NAMESPACE]: zhCN.domain },
    },
    lng,
    interpolation: { escapeValue: false },
  });
}
