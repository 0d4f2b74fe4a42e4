import { describe, expect, it } from 'vitest';
import { english } from '../../../src-main/domain/messages';
import { planOwnership } from '../../../src-main/domain/plan/ownership';
import { DEFAULT_OWNERSHIP_FORM, toOwnershipRequest, type OwnershipForm } from './ownership-form';

/**
 * Article 001 §1.1–1.2's 8-card server: ¥220,000 a card plus ¥200,000 for the rest (our split of
 * its ¥59,200 monthly total), 8 kW always on (idle = load, as the article prices it), ¥0.8/kWh.
 */
const ARTICLE_SERVER: OwnershipForm = {
  ...DEFAULT_OWNERSHIP_FORM,
  cardCount: '8',
  cardPrice: '220000',
  serverPrice: '200000',
  powerW: '8000',
  idlePowerW: '8000',
  rentalPricePerCardHour: '20',
};

describe('toOwnershipRequest', () => {
  it('reproduces article 001: about ¥59,200 a month for the 8-card server, ≈¥20 a used card-hour at 50%', () => {
    const { request } = toOwnershipRequest(ARTICLE_SERVER, 'CNY', { electricityPricePerKWh: 0.8 });
    expect(request).toMatchObject({ cardCount: 8, utilization: 0.4, rentalPricePerCardHour: 20, currency: 'CNY' });
    // The article: "月成本 5.92 万固定不变" and "利用率 50% 时 … 折合 20 元/卡时".
    const half = planOwnership({ ...request!, utilization: 0.5 });
    expect(half.monthly.total / 59_200).toBeGreaterThan(0.98);
    expect(half.monthly.total / 59_200).toBeLessThan(1.02);
    expect(Math.round(half.costPerUsedCardHour)).toBe(20);
  });

  it("starts from the plan: its GPU count, the cards' power and the on-demand price fill the empty fields", () => {
    const form = { ...DEFAULT_OWNERSHIP_FORM, cardPrice: '13000' };
    const fallbacks = { cardCount: 2, powerW: 900, rentalPricePerCardHour: 1.98, electricityPricePerKWh: 0.8 };
    const { request } = toOwnershipRequest(form, 'CNY', fallbacks);
    expect(request).toMatchObject({ cardCount: 2, powerW: 900, rentalPricePerCardHour: 1.98, cardPrice: 13000 });
    expect(request && 'idlePowerW' in request).toBe(false);
    // A typed value wins over the plan's.
    expect(toOwnershipRequest({ ...form, cardCount: '4' }, 'CNY', fallbacks).request?.cardCount).toBe(4);
    // No purchase price in the catalog: the card price is asked for, next to its field.
    expect(toOwnershipRequest(DEFAULT_OWNERSHIP_FORM, 'CNY', fallbacks).problem?.field).toBe('cardPrice');
  });

  it('names a bad field and lets the rental price be empty', () => {
    const fallbacks = { electricityPricePerKWh: 0.8 };
    expect(toOwnershipRequest({ ...ARTICLE_SERVER, pue: '0.9' }, 'CNY', fallbacks).problem?.field).toBe('pue');
    expect(toOwnershipRequest({ ...ARTICLE_SERVER, utilizationPercent: '120' }, 'CNY', fallbacks).problem?.field).toBe(
      'utilizationPercent',
    );
    expect(toOwnershipRequest({ ...ARTICLE_SERVER, cardCount: '' }, 'CNY', fallbacks).problem?.field).toBe('cardCount');
    const tooBig = toOwnershipRequest({ ...ARTICLE_SERVER, utilizationPercent: '1e30' }, 'CNY', fallbacks).problem;
    // The percent field says its own range, not the contract's 0–1 share.
    expect(tooBig && english(tooBig.message)).toBe('too big: must be a number above 0 and at most 100');
    const { request } = toOwnershipRequest({ ...ARTICLE_SERVER, rentalPricePerCardHour: '' }, 'CNY', fallbacks);
    expect(request && 'rentalPricePerCardHour' in request).toBe(false);
  });

  it('takes the Settings electricity price when its field is empty, and a typed one over it', () => {
    expect(
      toOwnershipRequest(ARTICLE_SERVER, 'CNY', { electricityPricePerKWh: 1.2 }).request?.electricityPricePerKWh,
    ).toBe(1.2);
    const typed = { ...ARTICLE_SERVER, electricityPricePerKWh: '0.5' };
    expect(toOwnershipRequest(typed, 'CNY', { electricityPricePerKWh: 1.2 }).request?.electricityPricePerKWh).toBe(0.5);
    // Without a Settings price, empty is a missing value like any other.
    expect(toOwnershipRequest(ARTICLE_SERVER, 'CNY').problem?.field).toBe('electricityPricePerKWh');
  });
});
