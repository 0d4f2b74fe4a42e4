import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../i18n';

/** Language choice, saved through settings:set by the caller. */
export function LanguageSwitcher({ language, onChange }: { language: Language; onChange: (l: Language) => void }) {
  const { t } = useTranslation();
  return (
    <div className="language">
      <label htmlFor="language-select">{t('settings.language')}</label>
      <select id="language-select" value={language} onChange={(event) => onChange(event.target.value as Language)}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {t(`languageName.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
