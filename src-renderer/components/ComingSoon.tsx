import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../lib/app-context';

/** The panel for pages that a later version brings. */
export function ComingSoon() {
  const { t } = useTranslation();
  const { setPageState } = useApp();
  useEffect(() => setPageState('ready'), [setPageState]);
  return (
    <section className="panel coming-soon" aria-labelledby="coming-soon-title">
      <h2 id="coming-soon-title">{t('comingSoon.title')}</h2>
      <p>{t('comingSoon.body')}</p>
    </section>
  );
}
