import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Says which values of an opened link were not valid and now show their defaults; dismissable. */
export function LinkNotice({ rejected }: { rejected: readonly string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  if (rejected.length === 0 || !open) return null;
  return (
    <div className="inline-alert link-notice" role="status" data-testid="link-notice">
      <p>{t('setup.linkRejected', { count: rejected.length, fields: rejected.join(', ') })}</p>
      <button type="button" onClick={() => setOpen(false)}>
        {t('setup.linkRejectedDismiss')}
      </button>
    </div>
  );
}
