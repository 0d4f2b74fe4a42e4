import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Says which values of an opened link were not valid and now show their defaults; dismissable. A dismissal holds for
 * that link: the next link opened on the page (a new list) says its own.
 */
export function LinkNotice({ rejected }: { rejected: readonly string[] }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<readonly string[] | null>(null);
  if (rejected.length === 0 || dismissed === rejected) return null;
  return (
    <div className="inline-alert link-notice" role="status" data-testid="link-notice">
      <p>{t('setup.linkRejected', { count: rejected.length, fields: rejected.join(', ') })}</p>
      <button type="button" onClick={() => setDismissed(rejected)}>
        {t('setup.linkRejectedDismiss')}
      </button>
    </div>
  );
}
