import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '../../../src-main/domain/catalog';
import { msg, type Message } from '../../../src-main/domain/messages';
import { FieldControl } from '../../components/FieldControl';
import { TextField } from '../../components/TextField';
import { ApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { errorMessage, useMessageText } from '../../lib/messages';
import { send } from '../../lib/queries';
import { blankCardDraft, CARD_FORM_FIELDS, cardFromDraft, draftOfCard, rangeOf, type CardDraft } from './card-draft';

/** A rate the card may not have (FP8, INT8, NVLink): left empty, it is none. */
const isOptional = (field: { required?: boolean; default?: unknown }) => !field.required && field.default === undefined;

interface CardFormProps {
  /** The card to edit; undefined to add a new one. */
  editing?: Card;
  /** Every card, so a new card cannot take an id already used. */
  cards: readonly Card[];
  onDone: (saved: Card | null) => void;
}

/**
 * Add or edit a card: one control per field of the card field table, each number with its unit
 * (in the label) and its plausible range (under it); every field at fault is named in the UI's
 * language. A built-in card can be edited: the store keeps the edit when the catalog updates.
 */
export function CardForm({ editing, cards, onDone }: CardFormProps) {
  const { t } = useTranslation();
  const text = useMessageText();
  const [draft, setDraft] = useState<CardDraft>(() => (editing ? draftOfCard(editing) : blankCardDraft()));
  const [problems, setProblems] = useState<Record<string, Message>>({});
  const [saving, setSaving] = useState(false);
  const errorFor = (key: string) => (problems[key] ? text(problems[key]) : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = cardFromDraft(draft);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    if (!editing && cards.some((card) => card.id === checked.card.id)) {
      setProblems({ id: msg('cardForm.idTaken', { id: checked.card.id }) });
      return;
    }
    setSaving(true);
    try {
      const saved = await send('cards:save', checked.card);
      setProblems({});
      onDone(saved);
    } catch (error) {
      setProblems({ [error instanceof ApiError ? (error.field ?? '') : '']: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  const title = editing ? t('cardForm.editTitle', { card: editing.name }) : t('cardForm.addTitle');
  return (
    <form className="card-form" onSubmit={submit} aria-labelledby="card-form-title" noValidate>
      <h3 id="card-form-title">{title}</h3>
      <p className="muted small">{editing ? t('cardForm.editNote') : t('cardForm.addNote')}</p>
      <div className="form-grid">
        {CARD_FORM_FIELDS.map(({ key, field }) => {
          const id = `card-${key}`;
          if (key === 'id' && editing) {
            return (
              <div className="field" key={key}>
                <span className="field-label">{text(msg(field.label))}</span>
                <code>{editing.id}</code>
              </div>
            );
          }
          const range = rangeOf(field);
          if (field.control?.kind === 'number' && range) {
            return (
              <TextField
                key={key}
                id={id}
                type="number"
                step="any"
                min={range.min}
                label={text(msg(field.label))}
                value={draft[key] ?? ''}
                onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
                hint={t(isOptional(field) ? 'cardForm.rangeOptional' : 'cardForm.range', {
                  // A year or a PCIe generation is a whole number written without separators.
                  min: field.control.step === 1 ? String(range.min) : formatNumber(range.min),
                  max: field.control.step === 1 ? String(range.max) : formatNumber(range.max),
                })}
                error={errorFor(key)}
              />
            );
          }
          return (
            <FieldControl
              key={key}
              id={id}
              field={field}
              value={draft[key] ?? ''}
              onChange={(value) => setDraft((d) => ({ ...d, [key]: String(value) }))}
              error={errorFor(key)}
            />
          );
        })}
      </div>
      {problems[''] ? (
        <p className="inline-alert" role="alert">
          {text(problems[''])}
        </p>
      ) : null}
      {Object.keys(problems).length > 0 && !problems[''] ? (
        <p className="field-error" role="alert">
          {t('cardForm.fixFields', { count: Object.keys(problems).length })}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button-primary" disabled={saving}>
          {editing ? t('cardForm.saveEdit') : t('cardForm.add')}
        </button>
        <button type="button" className="button-quiet" onClick={() => onDone(null)}>
          {t('catalog.cancel')}
        </button>
      </div>
    </form>
  );
}
