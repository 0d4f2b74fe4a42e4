import { describe, expect, it } from 'vitest';
import type { Offer } from '../catalog';
import { testOffer } from '../cost/offer.testkit';
import { InputError } from '../errors';
import { planForCard, planRequestSchema } from './card-plan';

const offer = (o: Partial<Offer> & Pick<Offer, 'id' | 'provider' | 'price'>): Offer =>
  testOffer({ observedAt: '2025-11-30', ...o });
const offers = [
  offer({ id: 'a-h', provider: 'A', price: 2 }),
  offer({ id: 'a-d', provider: 'A', price: 40, billing: 'daily' }),
  offer({ id: 'b-h', provider: 'B', price: 1.5 }),
  offer({ id: 'b-usd', provider: 'B', price: 0.3, currency: 'USD' }),
];
const request = planRequestSchema.parse({ card: 'rtx-4090', computeHours: 10, setupHours: 0, idleHours: 0 });

describe('planForCard', () => {
  it('plans each provider and currency on its own offers: a bill never mixes two price books', () => {
    const plan = planForCard(request, offers);
    expect(plan.plans.map((p) => [p.provider, p.currency])).toEqual([
      ['A', 'CNY'],
      ['B', 'CNY'],
      ['B', 'USD'],
    ]);
    expect(plan.plans[0]!.options.map((o) => o.offerId)).toEqual(['a-h', 'a-d']);
    // Every option of every plan, each with its provider.
    expect(plan.options.map((o) => `${o.provider}:${o.offerId}`)).toEqual(['A:a-h', 'A:a-d', 'B:b-h', 'B:b-usd']);
    expect(plan).toMatchObject({ card: 'rtx-4090', gpus: 1, computeHours: 10 });
  });

  it('keeps to the provider and currency asked for', () => {
    const plan = planForCard({ ...request, provider: 'B', currency: 'CNY' }, offers);
    expect(plan.options.map((o) => o.offerId)).toEqual(['b-h']);
    // 10 h × 1.5 CNY/h on one card, storage extras at their default.
    expect(plan.options[0]!.lines.find((l) => l.item === 'compute')?.amount).toBe(15);
  });

  it('prices every option at both ends of the likely compute hours, as planned at those hours', () => {
    const likely = { fast: 8, slow: 14 };
    const plan = planForCard({ ...request, computeHoursLikely: likely }, offers);
    const at = (hours: number) => planForCard({ ...request, computeHours: hours }, offers).options;
    const [fast, slow] = [at(8), at(14)];
    expect(plan.computeHoursLikely).toEqual(likely);
    plan.options.forEach((option, i) => {
      expect(option.likelyTotal).toEqual({ low: fast[i]!.total, high: slow[i]!.total });
      expect(option.likelyTotal!.low).toBeLessThanOrEqual(option.total);
      expect(option.likelyTotal!.high).toBeGreaterThanOrEqual(option.total);
    });
    // A daily package bills whole days (8, 10 and 14 hours are one day each): only its disk's days move with the
    // hours, where the same provider's hourly bill moves by 6 h × 2 CNY.
    const width = (id: string) => {
      const { low, high } = plan.options.find((o) => o.offerId === id)!.likelyTotal!;
      return high - low;
    };
    expect(width('a-h')).toBeGreaterThanOrEqual(12);
    expect(width('a-d')).toBeLessThan(width('a-h') / 10);
    // Hours the user typed come with no range.
    expect(planForCard(request, offers).options.every((o) => o.likelyTotal === null)).toBe(true);
    expect(planForCard(request, offers).computeHoursLikely).toBeNull();
  });

  it('refuses likely hours whose fast end exceeds their slow end', () => {
    const parsed = planRequestSchema.safeParse({
      card: 'rtx-4090',
      computeHours: 10,
      computeHoursLikely: { fast: 12, slow: 9 },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['computeHoursLikely', 'slow']);
  });

  it('refuses a provider without offers for the card, naming the provider field', () => {
    expect(() => planForCard({ ...request, provider: 'C' }, offers)).toThrow(InputError);
    try {
      planForCard({ ...request, provider: 'C' }, offers);
    } catch (error) {
      expect((error as InputError).field).toBe('provider');
    }
    expect.assertions(2);
  });
});
