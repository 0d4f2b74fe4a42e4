import { useTranslation } from 'react-i18next';
import { currencySchema, type Card, type Currency } from '../../../src-main/domain/catalog';
import {
  CNY_PER_USD_FOR_DEFAULTS,
  DEFAULT_EGRESS_CNY_PER_GB,
  DEFAULT_SNAPSHOT_CNY_PER_GB_MONTH,
  DEFAULT_STORAGE_CNY_PER_GB_MONTH,
  INTERRUPTION_RATE_SOURCE,
} from '../../../src-main/domain/plan/defaults';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { currencySymbol, formatHours, formatNumber, formatPrice } from '../../lib/format';
import { messageOptions, options } from '../../lib/options';
import { useMessageText } from '../../lib/messages';
import { USER_SPOT_MODES, type PlanForm, type SpotOffers } from './plan-form';
import { Term } from '../../components/Term';

interface PlanFieldsProps {
  form: PlanForm;
  cards: readonly Card[];
  /** Providers with an offer for the card in the chosen currency. */
  providers: readonly string[];
  spot: SpotOffers;
  /** The job's compute hours on this set-up, taken when the hours field is empty. */
  jobHours: number | undefined;
  onChange: <K extends keyof PlanForm>(key: K, value: PlanForm[K]) => void;
  errorFor: (field: keyof PlanForm) => string | undefined;
}

/**
 * A CNY default from the articles in the chosen currency, converted as the backend converts it
 * (defaultIn in src-main/domain/plan/extras.ts, which is not exported).
 */
function defaultPrice(currency: Currency, cny: number): string {
  return formatPrice(currency === 'CNY' ? cny : cny / CNY_PER_USD_FOR_DEFAULTS, currency);
}

/** The job, spot and extras inputs of the planner, each with a visible label. */
export function PlanFields({ form, cards, providers, spot, jobHours, onChange, errorFor }: PlanFieldsProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const num = (field: keyof PlanForm, label: string, hint?: string, placeholder?: string) => (
    <TextField
      id={`plan-${field}`}
      type="number"
      min={0}
      step="any"
      label={label}
      value={String(form[field])}
      onChange={(v) => onChange(field, v as never)}
      hint={hint}
      placeholder={placeholder}
      error={errorFor(field)}
    />
  );
  const symbol = currencySymbol(form.currency);
  return (
    <form className="plan-form" onSubmit={(event) => event.preventDefault()} aria-label={t('plan.formLabel')}>
      <fieldset>
        <legend>{t('plan.groupJob')}</legend>
        <SelectField
          id="plan-card"
          label={t('plan.card')}
          value={form.card}
          onChange={(v) => onChange('card', v)}
          options={cards.map((card) => ({ value: card.id, label: card.name }))}
          error={errorFor('card')}
        />
        <div className="field-row field-row-even">
          {num('gpus', t('plan.gpus'))}
          <SelectField
            id="plan-currency"
            label={t('plan.currency')}
            value={form.currency}
            onChange={(v) => onChange('currency', v)}
            options={messageOptions(text, 'currency', currencySchema.options)}
          />
        </div>
        <SelectField
          id="plan-provider"
          label={t('plan.provider')}
          value={form.provider}
          onChange={(v) => onChange('provider', v)}
          options={[
            { value: '', label: t('plan.allProviders') },
            ...providers.map((name) => ({ value: name, label: name })),
            ...(form.provider && !providers.includes(form.provider)
              ? [{ value: form.provider, label: form.provider }]
              : []),
          ]}
          hint={providers.length === 0 ? t('plan.noOffers', { currency: form.currency }) : undefined}
          error={errorFor('provider')}
        />
        {num(
          'computeHours',
          t('plan.computeHours'),
          jobHours !== undefined && form.computeHours.trim() === ''
            ? t('plan.computeHoursFromJob', { hours: formatHours(jobHours, t) })
            : t('plan.computeHoursHint'),
          jobHours !== undefined ? formatNumber(jobHours, 2) : undefined,
        )}
        <div className="field-row field-row-even">
          {num('setupHours', t('plan.setupHours'))}
          {num('idleHours', t('plan.idleHours'))}
        </div>
      </fieldset>
      <fieldset>
        <legend>
          <Term k="spot">{t('plan.groupSpot')}</Term>
        </legend>
        {num(
          'interruptionsPerHour',
          t('plan.interruptionsPerHour'),
          t('plan.interruptionsSource', { source: text(INTERRUPTION_RATE_SOURCE) }),
        )}
        <div className="field-row field-row-even">
          {num('checkpointSaveMinutes', t('plan.checkpointSaveMinutes'))}
          {num('restartMinutes', t('plan.restartMinutes'))}
        </div>
        <div className="field-row field-row-even">
          {num('maxLossMinutes', t('plan.maxLossMinutes'))}
          {num('checkpointIntervalMinutes', t('plan.checkpointIntervalMinutes'), undefined, t('plan.recommended'))}
        </div>
        {spot.someLackSpot ? (
          <div className="user-spot">
            <SelectField
              id="plan-userSpotMode"
              label={t('plan.userSpotMode')}
              value={form.userSpotMode}
              onChange={(v) => onChange('userSpotMode', v)}
              options={options(t, USER_SPOT_MODES, 'plan.userSpot', { symbol })}
              hint={t('plan.userSpotHint')}
            />
            {form.userSpotMode !== 'none'
              ? num(
                  'userSpotValue',
                  form.userSpotMode === 'price' ? t('plan.userSpotPrice', { symbol }) : t('plan.userSpotShare'),
                  form.userSpotMode === 'share' ? t('plan.userSpotShareHint') : undefined,
                )
              : null}
          </div>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>{t('plan.groupExtras')}</legend>
        <div className="field-row field-row-three">
          {num('storageGB', t('plan.storageGB'))}
          {num(
            'storagePricePerGBMonth',
            t('plan.storagePrice', { symbol }),
            undefined,
            defaultPrice(form.currency, DEFAULT_STORAGE_CNY_PER_GB_MONTH),
          )}
          {num('storageDays', t('plan.storageDays'), undefined, t('plan.storageDaysDefault'))}
        </div>
        <div className="field-row field-row-three">
          {num('egressGB', t('plan.egressGB'))}
          {num(
            'egressPricePerGB',
            t('plan.egressPrice', { symbol }),
            undefined,
            defaultPrice(form.currency, DEFAULT_EGRESS_CNY_PER_GB),
          )}
        </div>
        <div className="field-row field-row-three">
          {num('snapshotGB', t('plan.snapshotGB'))}
          {num(
            'snapshotPricePerGBMonth',
            t('plan.snapshotPrice', { symbol }),
            undefined,
            defaultPrice(form.currency, DEFAULT_SNAPSHOT_CNY_PER_GB_MONTH),
          )}
          {num('snapshotDays', t('plan.snapshotDays'))}
        </div>
        <p className="field-hint">{t('plan.extrasHint')}</p>
      </fieldset>
    </form>
  );
}
