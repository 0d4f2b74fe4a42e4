import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField';
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
        <TextField
          id="plan-tokens"
          label={t('compare.tokens')}
          value={form.tokens}
          onChange={(v) => setForm((f) => ({ ...f, tokens: v }))}
          placeholder="200m"
          hint={t('setup.tokensHint')}
          error={errorFor('tokens')}
        />
        <TextField
          id="plan-epochs"
          type="number"
          min={0}
          step="any"
          label={t('compare.epochs')}
          value={form.epochs}
          onChange={(v) => setForm((f) => ({ ...f, epochs: v }))}
          error={errorFor('epochs')}
        />
      </div>
    </fieldset>
  );
}
