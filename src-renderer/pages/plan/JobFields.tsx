import { useTranslation } from 'react-i18next';
import { JobSizeFields } from '../shared/JobSizeFields';
import { useMessageText } from '../../lib/messages';
import { useSessionStore } from '../../lib/session-store';
import { compareFormStore, workloadProblem } from '../compare/compare-form';

/** The job (dataset tokens and epochs), shared with Compare: set here or there, both pages plan it. */
export function JobFields() {
  const { t } = useTranslation();
  const text = useMessageText();
  const [form, setForm] = useSessionStore(compareFormStore);
  const problem = workloadProblem(form);
  const errorFor = (field: 'tokens' | 'epochs') => {
    if (problem?.field !== field) return undefined;
    return problem.reason === 'range' ? text(problem.message) : t('compare.tokensInvalid');
  };
  return (
    <fieldset className="job-fields">
      <legend>{t('setup.jobLegend')}</legend>
      <div className="field-row">
        <JobSizeFields
          form={form}
          onChange={(key, value) => setForm((f) => ({ ...f, [key]: value }))}
          errorFor={errorFor}
          idPrefix="plan"
          tokensHint={t('setup.tokensHint')}
        />
      </div>
    </fieldset>
  );
}
