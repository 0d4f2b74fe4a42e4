import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../i18n';
import { pageHref } from '../lib/use-hash-route';
import type { PageDef } from '../routes';
import { LanguageSwitcher } from './LanguageSwitcher';

interface SidebarProps {
  pages: readonly PageDef[];
  current: string;
  language: Language;
  onLanguage: (language: Language) => void;
}

/** App name, one link per page, and the language switcher (memoised: the page-ready marker re-renders App on every input). */
export const Sidebar = memo(function Sidebar({ pages, current, language, onLanguage }: SidebarProps) {
  const { t } = useTranslation();
  return (
    <aside className="sidebar">
      <div className="brand">
        <span className="brand-name">Cardwise</span>
        <span className="brand-tagline">{t('app.tagline')}</span>
      </div>
      <nav aria-label={t('nav.label')}>
        <ul className="nav-list">
          {pages.map((page) => (
            <li key={page.id}>
              <a className="nav-link" href={pageHref(page.id)} aria-current={page.id === current ? 'page' : undefined}>
                {t(page.labelKey)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageSwitcher language={language} onChange={onLanguage} />
    </aside>
  );
});
