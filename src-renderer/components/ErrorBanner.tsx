import { useTranslation } from 'react-i18next';
import type { Message } from '../../src-main/domain/messages';
import { useMessageText } from '../lib/messages';

export interface BannerError {
  id: number;
  /** Kept as a message, so the banner follows a language switch. */
  message: Message;
}

/** Errors from the backend, each dismissible; nothing is rendered when there are none. */
export function ErrorBanner({ errors, onDismiss }: { errors: BannerError[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const text = useMessageText();
  if (errors.length === 0) return null;
  return (
    <div className="banner" role="alert">
      {errors.map((error) => (
        <div className="banner-row" key={error.id}>
          <span>
            <strong>{t('error.title')}</strong> {text(error.message)}
          </span>
          <button type="button" className="button-quiet" onClick={() => onDismiss(error.id)}>
            {t('error.dismiss')}
          </button>
        </div>
      ))}
    </div>
  );
}
