import { useTranslation } from 'react-i18next';
import type { Card } from '../../../src-main/domain/catalog';
import { methodSchema } from '../../../src-main/domain/estimate/input';
import { runOriginSchema, runOutcomeSchema } from '../../../src-main/domain/runs';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { messageOptions, options } from '../../lib/options';
import { useMessageText } from '../../lib/messages';
import type { RunFilters } from './runs-query';

/** Card, outcome, origin, method and a text search over notes, provider and model. */
export function RunFiltersBar({
  filters,
  cards,
  otherCards = [],
  onChange,
}: {
  filters: RunFilters;
  cards: readonly Card[];
  /** Cards nobody rents that published runs were measured on: after the catalog's. */
  otherCards?: readonly { id: string; name: string }[];
  onChange: (filters: RunFilters) => void;
}) {
  const { t } = useTranslation();
  const text = useMessageText();
  const set = <K extends keyof RunFilters>(key: K, value: RunFilters[K]) => onChange({ ...filters, [key]: value });
  const any = { value: '' as const, label: t('runs.filter.any') };
  return (
    <div className="runs-filters" role="search" aria-label={t('runs.filter.label')}>
      <SelectField
        id="runs-filter-card"
        label={t('runs.filter.card')}
        value={filters.card}
        onChange={(v) => set('card', v)}
        options={[
          { value: '', label: t('runs.filter.any') },
          ...[...cards, ...otherCards].map((c) => ({ value: c.id, label: c.name })),
        ]}
      />
      <SelectField
        id="runs-filter-outcome"
        label={t('runs.filter.outcome')}
        value={filters.outcome}
        onChange={(v) => set('outcome', v)}
        options={[any, ...messageOptions(text, 'outcome', runOutcomeSchema.options)]}
      />
      <SelectField
        id="runs-filter-origin"
        label={t('runs.filter.origin')}
        value={filters.origin}
        onChange={(v) => set('origin', v)}
        options={[any, ...options(t, runOriginSchema.options, 'runs.origin')]}
      />
      <SelectField
        id="runs-filter-method"
        label={t('runs.filter.method')}
        value={filters.method}
        onChange={(v) => set('method', v)}
        options={[any, ...messageOptions(text, 'method', methodSchema.options)]}
      />
      <TextField
        id="runs-filter-text"
        label={t('runs.filter.text')}
        value={filters.text}
        onChange={(v) => set('text', v)}
        placeholder={t('runs.filter.textPlaceholder')}
      />
    </div>
  );
}
