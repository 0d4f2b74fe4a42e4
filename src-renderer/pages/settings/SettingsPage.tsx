import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySchema, type Currency } from '../../../src-main/domain/catalog';
import type { Message } from '../../../src-main/domain/messages';
import type { Settings } from '../../../src-main/ipc/contract';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useApp } from '../../lib/app-context';
import { errorMessage, useMessageText } from '../../lib/messages';
import { messageOptions } from '../../lib/options';
import { send, useChannel } from '../../lib/queries';
import { settingsPatch, settingsText, type SettingsText, type SettingsTextField } from './settings-form';

const FIELDS: readonly { field: SettingsTextField; type: 'text' | 'number'; placeholder?: string }[] = [
  { field: 'headroomPercent', type: 'number' },
  { field: 'usdPerCny', type: 'number', placeholder: '0.14' },
  { field: 'usdPerCnyDate', type: 'text', placeholder: 'YYYY-MM-DD' },
  { field: 'electricityPricePerKWh', type: 'number' },
];

/** What the app assumes for every page: currency, headroom, the exchange rate and its date, power price. */
export function SettingsPage() {
  const { setPageState } = useApp();
  const saved = useChannel('settings:get');
  useEffect(() => {
    if (saved.data) setPageState('ready');
    else if (saved.error) setPageState('error');
  }, [saved.data, saved.error, setPageState]);
  // The form starts from what is saved; it is remounted only when the page opens again.
  return saved.data ? <SettingsForm saved={saved.data} /> : null;
}

function SettingsForm({ saved }: { saved: Settings }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [form, setForm] = useState<SettingsText>(() => settingsText(saved));
  const [problems, setProblems] = useState<Partial<Record<SettingsTextField | 'currency', Message>>>({});
  const [savedField, setSavedField] = useState<string | null>(null);
  const symbol = saved.currency === 'USD' ? '$' : '¥';

  const save = (field: SettingsTextField | 'currency', patch: Partial<Settings>) => {
    send('settings:set', patch)
      .then(() => {
        setProblems((p) => ({ ...p, [field]: undefined }));
        setSavedField(field);
      })
      .catch((error: unknown) => setProblems((p) => ({ ...p, [field]: errorMessage(error) })));
  };
  const change = (field: SettingsTextField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setSavedField(null);
    const result = settingsPatch(field, value);
    if (result.problem) setProblems((p) => ({ ...p, [field]: result.problem }));
    else save(field, result.patch);
  };
  const errorFor = (field: SettingsTextField | 'currency') => {
    const problem = problems[field];
    return problem ? text(problem) : undefined;
  };

  return (
    <section className="panel settings" aria-labelledby="settings-title">
      <h2 id="settings-title">{t('settingsPage.title')}</h2>
      <p className="muted small">{t('settingsPage.note')}</p>
      <form className="settings-form" onSubmit={(event) => event.preventDefault()} aria-labelledby="settings-title">
        <SelectField
          id="set-currency"
          label={t('settingsPage.currency')}
          hint={t('settingsPage.currencyHint')}
          value={saved.currency}
          onChange={(currency: Currency) => save('currency', { currency })}
          options={messageOptions(text, 'currency', currencySchema.options)}
          error={errorFor('currency')}
        />
        {FIELDS.map(({ field, type, placeholder }) => (
          <TextField
            key={field}
            id={`set-${field}`}
            type={type}
            step="any"
            min={0}
            label={t(`settingsPage.${field}`, { symbol })}
            hint={t(`settingsPage.${field}Hint`)}
            placeholder={placeholder}
            value={form[field]}
            onChange={(value) => change(field, value)}
            error={errorFor(field)}
            term={field === 'headroomPercent' ? 'headroom' : undefined}
          />
        ))}
        <p className="muted small" role="status" aria-live="polite">
          {savedField ? t('settingsPage.saved') : ''}
        </p>
      </form>
    </section>
  );
}
