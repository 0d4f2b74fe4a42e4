import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The `cardwise` command of what the page shows, to read, select or copy to the clipboard. */
export function CopyCli({ command, idPrefix }: { command: string; idPrefix: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(command).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <section className="panel copy-cli" aria-labelledby={`${idPrefix}-cli-title`}>
      <div className="panel-head">
        <h2 id={`${idPrefix}-cli-title`}>{t('setup.cliTitle')}</h2>
        <button type="button" onClick={copy}>
          {t('setup.cliCopy')}
        </button>
      </div>
      <pre className="cli-command">
        <code data-testid={`${idPrefix}-cli`}>
          {/* Each flag with its value in one box: a line ends between flags, not inside "--mixed-precision". */}
          {command.split(/ (?=--)/).map((part, i) => (
            <Fragment key={i}>
              {i > 0 ? ' ' : null}
              <span className="cli-part">{part}</span>
            </Fragment>
          ))}
        </code>
      </pre>
      <p className="muted small" role="status">
        {copied === 'yes' ? t('setup.cliCopied') : copied === 'failed' ? t('setup.cliCopyFailed') : t('setup.cliNote')}
      </p>
    </section>
  );
}
