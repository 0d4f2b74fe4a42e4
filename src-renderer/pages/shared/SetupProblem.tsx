import { useTranslation } from 'react-i18next';
import { msg } from '../../../src-main/domain/messages';
import type { ApiError } from '../../lib/api';
import { useMessageText } from '../../lib/messages';
import { pageHref } from '../../lib/use-hash-route';
import { estimateFieldLabel } from '../estimate/estimate-form';

/**
 * Why a ranking of the Estimate set-up (Compare's, Plan's job hours) was refused: a field of that set-up, by its
 * label, with the way to the page that holds it; any other refusal in its own words. Nothing for an answer.
 */
export function SetupProblem({ error }: { error: ApiError | undefined }) {
  const { t } = useTranslation();
  const text = useMessageText();
  if (error?.code !== 'bad-input') return null;
  const label = error.field ? estimateFieldLabel(error.field) : undefined;
  return (
    <p className="inline-alert" role="alert">
      {label ? (
        <>
          {t('setup.estimateProblem', { field: text(msg(label)), problem: text(error.detail) })}{' '}
          <a href={pageHref('estimate')}>{t('setup.changeOnEstimate')}</a>
        </>
      ) : (
        text(error.detail)
      )}
    </p>
  );
}
