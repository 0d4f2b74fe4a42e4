import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { offerFieldsSchema, type Offer } from '../../../src-main/domain/catalog';
import { firstProblem, type Message } from '../../../src-main/domain/messages';
import { numberFromText } from '../../lib/field-problems';
import { errorMessage, useMessageText } from '../../lib/messages';
import { send } from '../../lib/queries';

const priceSchema = offerFieldsSchema.shape.price;

type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

interface PriceInputProps {
  offer: Offer;
  /** "Price for AutoDL RTX 4090 hourly": the input's accessible name. */
  label: string;
  /** "¥" or "$", shown before the input. */
  symbol: string;
  /** Told after the save (every list and answer that reads the price is asked again by itself). */
  onSaved?: (offer: Offer) => void;
}

/** The price of one offer, edited in place and saved on Enter or when focus leaves. */
export function PriceInput({ offer, label, symbol, onSaved }: PriceInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(offer.price));
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [message, setMessage] = useState<Message | null>(null);
  const say = useMessageText();
  // The last price sent, so Enter followed by blur saves once.
  const submitted = useRef(offer.price);

  async function save() {
    // The contract's own rule says what a price may be ("must be a number above 0 and at most 10,000,000").
    const parsed = priceSchema.safeParse(numberFromText(text));
    if (!parsed.success) {
      setStatus('error');
      setMessage(firstProblem(parsed.error, priceSchema).detail);
      return;
    }
    const price = parsed.data;
    if (price === submitted.current) return;
    submitted.current = price;
    setStatus('saving');
    try {
      const saved = await send('offers:update', { id: offer.id, patch: { price } });
      onSaved?.(saved);
      setStatus('saved');
    } catch (error) {
      submitted.current = Number.NaN;
      setStatus('error');
      setMessage(errorMessage(error));
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
            : status === 'error' && message
              ? say(message)
              : ''}
      </span>
    </span>
  );
}
