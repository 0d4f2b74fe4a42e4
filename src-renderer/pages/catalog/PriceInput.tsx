import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offer } from '../../../src-main/domain/catalog';
import { call } from '../../lib/api';

type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

interface PriceInputProps {
  offer: Offer;
  /** "Price for AutoDL RTX 4090 hourly": the input's accessible name. */
  label: string;
  /** "¥" or "$", shown before the input. */
  symbol: string;
  onSaved: (offer: Offer) => void;
}

/** The price of one offer, edited in place and saved on Enter or when focus leaves. */
export function PriceInput({ offer, label, symbol, onSaved }: PriceInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(offer.price));
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [message, setMessage] = useState('');
  // The last price sent, so Enter followed by blur saves once.
  const submitted = useRef(offer.price);

  async function save() {
    const price = Number(text);
    if (text.trim() === '' || !Number.isFinite(price) || price <= 0) {
      setStatus('error');
      setMessage(t('catalog.pricePositive'));
      return;
    }
    if (price === submitted.current) return;
    submitted.current = price;
    setStatus('saving');
    try {
      onSaved(await call('offers:update', { id: offer.id, patch: { price } }));
      setStatus('saved');
    } catch (error) {
      submitted.current = Number.NaN;
      setStatus('error');
      setMessage(error instanceof Error ? error.message : String(error));
    }
  }

  const statusId = `price-status-${offer.id}`;
  return (
    <span className="price-edit">
      <span aria-hidden="true">{symbol}</span>
      <input
        type="number"
        min={0}
        step="any"
        className="price-input"
        aria-label={label}
        aria-invalid={status === 'error' ? true : undefined}
        aria-describedby={statusId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setStatus('idle');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void save();
        }}
        onBlur={() => void save()}
      />
      <span className="muted small">{offer.currency}</span>
      <span id={statusId} className={`save-status save-${status}`} role="status">
        {status === 'saving'
          ? t('catalog.saving')
          : status === 'saved'
            ? t('catalog.saved')
            : status === 'error'
              ? message
              : ''}
      </span>
    </span>
  );
}
