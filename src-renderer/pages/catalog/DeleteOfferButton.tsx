import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DeleteButtonProps {
  description: string;
  onConfirm: () => void;
  /** The words of the steps, for a row that is not an offer (a card). */
  labels?: { button: string; confirm: string; group: string };
}

/** Delete with an inline "are you sure?" step (no native dialog, so it works the same everywhere). */
export function DeleteOfferButton({ description, onConfirm, labels }: DeleteButtonProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button
        type="button"
        className="button-quiet"
        aria-label={labels?.button ?? t('catalog.deleteLabel', { offer: description })}
        onClick={() => setConfirming(true)}
      >
        {t('catalog.delete')}
      </button>
    );
  }
  return (
    <span
      className="confirm"
      role="group"
      aria-label={labels?.group ?? t('catalog.confirmDeleteLabel', { offer: description })}
    >
      <span>{labels?.confirm ?? t('catalog.confirmDelete')}</span>
      <button type="button" className="button-danger" onClick={onConfirm}>
        {t('catalog.confirmYes')}
      </button>
      <button type="button" className="button-quiet" onClick={() => setConfirming(false)}>
        {t('catalog.cancel')}
      </button>
    </span>
  );
}
