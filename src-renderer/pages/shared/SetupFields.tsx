import { useTranslation } from 'react-i18next';
import { useCatalog } from '../../lib/catalog';
import { useMessageText } from '../../lib/messages';
import { useSessionStore } from '../../lib/session-store';
import { ESTIMATE_FIELDS, checkInput, toEstimateInput, updateForm } from '../estimate/estimate-form';
import { estimateFormStore } from '../estimate/estimate-store';
import { ConfigControls } from '../estimate/EstimateFields';

/** The set-up fields other pages share with Estimate: which model, and how it is trained or served. */
const SHARED_PATHS: ReadonlySet<string> = new Set(['model', 'method']);
const SHARED_FIELDS = ESTIMATE_FIELDS.filter(({ path }) => SHARED_PATHS.has(path));

/**
 * The model and method of the Estimate form, set here as there (the same controls, the same
 * session store: a change on Compare or Plan shows on Estimate and back). `idPrefix` keeps the
 * control ids of each page apart.
 */
export function SetupFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { cards, models } = useCatalog();
  const [form, setForm] = useSessionStore(estimateFormStore);
  const problem = checkInput(toEstimateInput(form));
  const errorFor = (field: string) => (problem && problem.field === field ? text(problem.message) : undefined);
  return (
    <fieldset className="setup-fields">
      <legend>{t('setup.legend')}</legend>
      <div className="field-row">
        <ConfigControls
          fields={SHARED_FIELDS}
          form={form}
          onChange={(key, value) => setForm((f) => updateForm(f, key, value))}
          errorFor={errorFor}
          models={models}
          cards={cards}
          idPrefix={idPrefix}
        />
      </div>
    </fieldset>
  );
}
