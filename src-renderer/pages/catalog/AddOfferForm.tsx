import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { billingSchema, currencySchema, offerSchema, type Card } from '../../../src-main/domain/catalog';
import type { Message } from '../../../src-main/domain/messages';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { ApiError } from '../../lib/api';
import { errorMessage, useMessageText } from '../../lib/messages';
import { messageOptions, options } from '../../lib/options';
import { send } from '../../lib/queries';
import { blankDraft, draftToOffer, type OfferDraft } from './offer-draft';

const GRANULARITIES = offerSchema.shape.granularity.unwrap().options;

/** A small form for an offer the user found; the problem field is named when it is rejected. */
export function AddOfferForm({ cards }: { cards: readonly Card[] }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [draft, setDraft] = useState<OfferDraft>(() => blankDraft(cards));
  const [problem, setProblem] = useState<{ field: string; message: Message } | null>(null);
  const set = <K extends keyof OfferDraft>(key: K, value: OfferDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const errorFor = (field: string) => (problem?.field === field ? text(problem.message) : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = draftToOffer(draft, new Date().toISOString().slice(0, 10));
    if (!checked.ok) {
      setProblem({ field: checked.field, message: checked.message });
      return;
    }
    try {
      await send('offers:add', checked.offer);
      setProblem(null);
      setDraft({ ...blankDraft(cards), cardId: draft.cardId, currency: draft.currency });
    } catch (error) {
      setProblem({ field: error instanceof ApiError ? (error.field ?? '') : '', message: errorMessage(error) });
    }
  }

  return (
    <form className="add-offer" onSubmit={submit} aria-labelledby="add-offer-title" noValidate>
      <h3 id="add-offer-title">{t('catalog.addTitle')}</h3>
      <div className="form-grid">
        <SelectField
          id="offer-card"
          label={t('catalog.card')}
          value={draft.cardId}
          onChange={(v) => set('cardId', v)}
          options={cards.map((card) => ({ value: card.id, label: card.name }))}
          error={errorFor('cardId')}
        />
        <TextField
          id="offer-provider"
          label={t('catalog.provider')}
          value={draft.provider}
          onChange={(v) => set('provider', v)}
          placeholder="AutoDL"
          required
          error={errorFor('provider')}
        />
        <TextField
          id="offer-region"
          label={t('catalog.region')}
          value={draft.region}
          onChange={(v) => set('region', v)}
          error={errorFor('region')}
        />
        <SelectField
          id="offer-billing"
          label={t('catalog.billing')}
          value={draft.billing}
          onChange={(v) => set('billing', v)}
          options={options(t, billingSchema.options, 'billing')}
          error={errorFor('billing')}
        />
        <TextField
          id="offer-price"
          type="number"
          min={0}
          step="any"
          label={t('catalog.price')}
          value={draft.price}
          onChange={(v) => set('price', v)}
          required
          error={errorFor('price')}
        />
        <SelectField
          id="offer-currency"
          label={t('catalog.currency')}
          value={draft.currency}
          onChange={(v) => set('currency', v)}
          options={messageOptions(text, 'currency', currencySchema.options)}
          error={errorFor('currency')}
        />
        <TextField
          id="offer-gpus"
          type="number"
          min={1}
          step={1}
          label={t('catalog.gpusPerPrice')}
          value={draft.gpusPerPrice}
          onChange={(v) => set('gpusPerPrice', v)}
          error={errorFor('gpusPerPrice')}
        />
        <SelectField
          id="offer-granularity"
          label={t('catalog.granularity')}
          value={draft.granularity}
          onChange={(v) => set('granularity', v)}
          options={options(t, GRANULARITIES, 'granularity')}
          error={errorFor('granularity')}
        />
      </div>
      {problem &&
      !['cardId', 'provider', 'region', 'billing', 'price', 'currency', 'gpusPerPrice', 'granularity'].includes(
        problem.field,
      ) ? (
        <p className="inline-alert" role="alert">
          {text(problem.message)}
        </p>
      ) : null}
      <button type="submit" className="button-primary">
        {t('catalog.add')}
      </button>
    </form>
  );
}
