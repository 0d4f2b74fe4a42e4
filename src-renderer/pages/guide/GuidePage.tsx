import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../lib/app-context';
import { GLOSSARY_KEYS } from '../../lib/glossary';
import '../../components/term.css';

/** The sections, in reading order; each has `guide.<id>.title` and `guide.<id>.body`. */
const SECTIONS = ['estimate', 'compare', 'plan', 'runs', 'catalog', 'data', 'keys'] as const;

/** What `cardwise measure` looks like on the rented machine (a command, the same in every language). */
const MEASURE = 'cardwise measure --out run.json -- python train.py';

/** Help › User Guide: what each page answers and how the pieces fit, in the UI's language. */
export function GuidePage() {
  const { t } = useTranslation();
  const { setPageState } = useApp();
  useEffect(() => setPageState('ready'), [setPageState]);
  return (
    <article className="guide">
      <p className="guide-intro">{t('guide.intro')}</p>
      {SECTIONS.map((id) => (
        <section key={id} aria-labelledby={`guide-${id}`}>
          <h2 id={`guide-${id}`}>{t(`guide.${id}.title`)}</h2>
          <p>{t(`guide.${id}.body`)}</p>
          {id === 'runs' ? (
            <pre className="guide-command">
              <code>{MEASURE}</code>
            </pre>
          ) : null}
        </section>
      ))}
      <section aria-labelledby="guide-glossary">
        <h2 id="guide-glossary">{t('glossary.title')}</h2>
        <p>{t('glossary.intro')}</p>
        <dl className="guide-glossary">
          {GLOSSARY_KEYS.map((key) => (
            <div key={key} id={`glossary-${key}`}>
              <dt>{t(`glossary.entries.${key}.term`)}</dt>
              <dd>{t(`glossary.entries.${key}.definition`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  );
}
