import { describe, expect, it } from 'vitest';
import { english } from '../../../src-main/domain/messages';
import { planOwnership } from '../../../src-main/domain/plan/ownership';
import { DEFAULT_OWNERSHIP_FORM, toOwnershipRequest } from './ownership-form';

describe('toOwnershipRequest', () => {
  it('prefills article 001: about ¥59,200 a month for the 8-card server, ≈¥20 a used card-hour at 50%', () => {
    // ¥0.8/kWh: the Settings page's default electricity price, which the empty field takes.
    const { request } = toOwnershipRequest(DEFAULT_OWNERSHIP_FORM, 0.8);
    expect(request).toMatchObject({ cardCount: 8, utilization: 0.4, rentalPricePerCardHour: 20, currency: 'CNY' });
    // The article: "月成本 5.92 万固定不变" and "利用率 50% 时 … 折合 20 元/卡时".
    const half = planOwnership({ ...request!, utilization: 0.5 });
    expect(half.monthly.total / 59_200).toBeGreaterThan(0.98);
    expect(half.monthly.total / 59_200).toBeLessThan(1.02);
    expect(Math.round(half.costPerUsedCardHour)).toBe(20);
  });

  it('names a bad field and lets the rental price be empty', () => {
    expect(toOwnershipRequest({ ...DEFAULT_OWNERSHIP_FORM, pue: '0.9' }, 0.8).problem?.field).toBe('pue');
    expect(toOwnershipRequest({ ...DEFAULT_OWNERSHIP_FORM, utilizationPercent: '120' }, 0.8).problem?.field).toBe(
      'utilizationPercent',
    );
    expect(toOwnershipRequest({ ...DEFAULT_OWNERSHIP_FORM, cardCount: '' }, 0.8).problem?.field).toBe('cardCount');
    const tooBig = toOwnershipRequest({ ...DEFAULT_OWNERSHIP_FORM, utilizationPercent: '1e30' }, 0.8).problem;
    // The percent field says its own range, not the contract's 0–1 share.
    expect(tooBig && english(tooBig.message)).toBe('too big: must be a number above 0 and at most 100');
    const { request } = toOwnershipRequest({ ...DEFAULT_OWNERSHIP_FORM, rentalPricePerCardHour: '' }, 0.8);
    expect(request && 'rentalPricePerCardHour' in request).toBe(false);
  });

  it('takes the Settings electricity price when its field is empty, and a typed one over it', () => {
    expect(toOwnershipRequest(DEFAULT_OWNERSHIP_FORM, 1.2).request?.electricityPricePerKWh).toBe(1.2);
    const typed = { ...DEFAULT_OWNERSHIP_FORM, electricityPricePerKWh: '0.5' };
    expect(toOwnershipRequest(typed, 1.2).request?.electricityPricePerKWh).toBe(0.5);
    // Without a Settings price, empty is a missing value like any other.
    expect(toOwnershipRequest(DEFAULT_OWNERSHIP_FORM).problem?.field).toBe('electricityPricePerKWh');
  });
});
