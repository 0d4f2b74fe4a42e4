import { offerSchema, type Card, type Offer } from '../../../src-main/domain/catalog';
import { firstProblem, type Message } from '../../../src-main/domain/messages';
import { numberFromText } from '../../lib/field-problems';
import { USER_SOURCE } from './offer-rows';

/** The add-offer form as typed: numbers stay strings until submit. */
export interface OfferDraft {
  cardId: string;
  provider: string;
  region: string;
  billing: Offer['billing'];
  price: string;
  currency: Offer['currency'];
  gpusPerPrice: string;
  granularity: Offer['granularity'];
}

/** An empty draft for the first card. */
export function blankDraft(cards: readonly Card[]): OfferDraft {
  const cardId = cards[0]?.id ?? '';
  return {
    cardId,
    provider: '',
    region: '',
    billing: 'hourly',
    price: '',
    currency: 'CNY',
    gpusPerPrice: '1',
    granularity: 'second',
  };
}

const newOfferSchema = offerSchema.omit({ id: true });
export type NewOffer = ReturnType<typeof newOfferSchema.parse>;

/**
 * The `offers:add` input for a draft, dated today and marked as the user's, or the first
 * field at fault with the contract's sentence for it.
 */
export function draftToOffer(
  draft: OfferDraft,
  today: string,
): { ok: true; offer: NewOffer } | { ok: false; field: string; message: Message } {
  const parsed = newOfferSchema.safeParse({
    ...draft,
    provider: draft.provider.trim(),
    region: draft.region.trim(),
    price: numberFromText(draft.price),
    gpusPerPrice: numberFromText(draft.gpusPerPrice),
    observedAt: today,
    source: USER_SOURCE,
  });
  if (parsed.success) return { ok: true, offer: parsed.data };
  const { field, detail } = firstProblem(parsed.error, newOfferSchema);
  return { ok: false, field: field ?? '', message: detail };
}
