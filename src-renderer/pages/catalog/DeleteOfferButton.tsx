import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Delete with an inline "are you sure?" step (no native dialog, so it works the same everywhere). */
export function DeleteOfferButton({ description, onConfirm }: { description: string; onConfirm: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button
        type="button"
        className="button-quiet"
        aria-label={t('catalog.deleteLabel', { offer: description })}
        onClick={() => setConfirming(true)}
      >
        {t('catalog.delete')}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={t('catalog.confirmDeleteLabel', { offer: description })}>
      <span>{t('catalog.confirmDelete')}</span>
      <button type="button" className="button-danger" onClick={onConfirm}>
        {t('catalog.confirmYes')}
      </button>
      <button type="button" className="button-quiet" onClick={() => setConfirming(false)}>
        {t('catalog.cancel')}
      </button>
    </span>
  );
}
