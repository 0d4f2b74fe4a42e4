import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/TextField';
import type { CompareForm } from '../compare/compare-form';

interface JobSizeFieldsProps {
  form: Pick<CompareForm, 'tokens' | 'epochs'>;
  onChange: (key: 'tokens' | 'epochs', value: string) => void;
  errorFor: (field: 'tokens' | 'epochs') => string | undefined;
  idPrefix: string;
  tokensHint: string;
}

/** The size of the job, as Compare and Plan both ask it: dataset tokens per epoch and epochs. */
export function JobSizeFields({ form, onChange, errorFor, idPrefix, tokensHint }: JobSizeFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${idPrefix}-tokens`}
        label={t('compare.tokens')}
        value={form.tokens}
        onChange={(v) => onChange('tokens', v)}
        placeholder="200m"
        hint={tokensHint}
        error={errorFor('tokens')}
      />
      <TextField
        id={`${idPrefix}-epochs`}
        type="number"
        min={0}
        step="any"
        label={t('compare.epochs')}
        value={form.epochs}
        onChange={(v) => onChange('epochs', v)}
        error={errorFor('epochs')}
      />
    </>
  );
}
