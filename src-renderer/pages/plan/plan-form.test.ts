import { describe, expect, it } from 'vitest';
import type { Offer } from '../../../src-main/domain/catalog';
import { DEFAULT_PLAN_FORM, spotOffers, toPlanRequest, valueAt, withSpotMode } from './plan-form';

const offer = (provider: string, billing: Offer['billing'], currency: Offer['currency'] = 'CNY'): Offer => ({
  id: `${provider}-${billing}`,
  cardId: 'rtx-4090',
  provider,
  region: '',
  billing,
  price: 2,
  currency,
  gpusPerPrice: 1,
  granularity: 'second',
  observedAt: '',
  source: 'test',
});

const noSpot = { someLackSpot: true, allHaveHourly: true };
/** A plan of 10 typed compute hours. */
const TEN_HOURS = { ...DEFAULT_PLAN_FORM, computeHours: '10' };

describe('toPlanRequest', () => {
  it('sends the defaults shown in the form and leaves empty optional fields out', () => {
    const { request } = toPlanRequest({ ...DEFAULT_PLAN_FORM, computeHours: '14.2' }, noSpot);
    expect(request).toEqual({
      card: 'l20-48gb',
      gpus: 1,
      currency: 'CNY',
      computeHours: 14.2,
      setupHours: 1.5,
      idleHours: 0.5,
      spot: { interruptionsPerHour: 0.07, checkpointSaveMinutes: 1, restartMinutes: 10, maxLossMinutes: 60 },
      extras: { storageGB: 100, egressGB: 0, snapshotGB: 0, snapshotDays: 30 },
      seriesPoints: 60,
    });
  });

  it("plans the job's hours on the set-up when no hours are typed, and typed hours over them", () => {
    expect(toPlanRequest(DEFAULT_PLAN_FORM, noSpot, 5.4).request?.computeHours).toBe(5.4);
    expect(toPlanRequest({ ...DEFAULT_PLAN_FORM, computeHours: '8' }, noSpot, 5.4).request?.computeHours).toBe(8);
    // The job's likely hours go with its hours, not with hours the user typed.
    const likely = { fast: 4.6, slow: 6.3 };
    expect(toPlanRequest(DEFAULT_PLAN_FORM, noSpot, 5.4, likely).request?.computeHoursLikely).toEqual(likely);
    expect(toPlanRequest({ ...DEFAULT_PLAN_FORM, computeHours: '8' }, noSpot, 5.4, likely).request).not.toHaveProperty(
      'computeHoursLikely',
    );
    // No job hours known (no tokens, or the job does not fit): the field is required, and says so.
    expect(toPlanRequest(DEFAULT_PLAN_FORM, noSpot).problem?.field).toBe('computeHours');
  });

  it('prefills the spot value when its mode is chosen, so the field never starts empty or invalid', () => {
    const share = withSpotMode(DEFAULT_PLAN_FORM, 'share', 2);
    expect(share.userSpotValue).toBe('30');
    expect(toPlanRequest(share, noSpot, 10).request?.spot?.userPriceFraction).toBe(0.3);
    // A price starts at 30% of the cheapest on-demand price per GPU-hour.
    expect(withSpotMode(DEFAULT_PLAN_FORM, 'price', 1.98).userSpotValue).toBe('0.59');
    expect(withSpotMode(DEFAULT_PLAN_FORM, 'price', null).userSpotValue).toBe('');
    expect(withSpotMode(share, 'none', 2).userSpotValue).toBe('');
  });

  it('turns a spot share in percent into a fraction, only where some provider lacks spot', () => {
    const form = { ...TEN_HOURS, provider: 'AutoDL', userSpotMode: 'share' as const, userSpotValue: '30' };
    expect(toPlanRequest(form, noSpot).request?.spot?.userPriceFraction).toBe(0.3);
    expect(toPlanRequest(form, { someLackSpot: false, allHaveHourly: true }).request?.spot?.userPriceFraction).toBe(
      undefined,
    );
    expect(toPlanRequest(form, { someLackSpot: true, allHaveHourly: false }).problem).toEqual({
      field: 'userSpotValue',
      reason: 'share-hourly',
    });
    const price = toPlanRequest({ ...form, userSpotMode: 'price', userSpotValue: '0.6' }, noSpot);
    expect(price.request?.spot?.userPricePerHour).toBe(0.6);
    expect(price.request?.provider).toBe('AutoDL');
  });

  it('names the first bad field', () => {
    expect(toPlanRequest({ ...DEFAULT_PLAN_FORM, computeHours: '' }, noSpot).problem).toMatchObject({
      field: 'computeHours',
      message: { code: 'validation.notNumber' },
    });
    expect(toPlanRequest({ ...TEN_HOURS, computeHours: '1e30' }, noSpot).problem).toMatchObject({
      field: 'computeHours',
      message: { code: 'validation.tooBig' },
    });
    expect(toPlanRequest({ ...TEN_HOURS, gpus: '1.5' }, noSpot).problem?.field).toBe('gpus');
    expect(toPlanRequest({ ...TEN_HOURS, idleHours: '-1' }, noSpot).problem).toMatchObject({
      field: 'idleHours',
      message: { code: 'validation.tooSmall' },
    });
    expect(toPlanRequest({ ...TEN_HOURS, checkpointSaveMinutes: '0' }, noSpot).problem?.field).toBe(
      'checkpointSaveMinutes',
    );
  });
});

describe('spotOffers', () => {
  const offers = [offer('AutoDL', 'hourly'), offer('Cloud', 'monthly'), offer('RunPod', 'spot', 'USD')];
  it('looks only at the card, currency and provider in scope', () => {
    expect(spotOffers(offers, 'rtx-4090', 'CNY', '')).toEqual({ someLackSpot: true, allHaveHourly: false });
    expect(spotOffers(offers, 'rtx-4090', 'CNY', 'AutoDL')).toEqual({ someLackSpot: true, allHaveHourly: true });
    expect(spotOffers(offers, 'rtx-4090', 'USD', '')).toEqual({ someLackSpot: false, allHaveHourly: false });
  });
});

describe('valueAt', () => {
  it('interpolates between points and clamps at the ends', () => {
    const line = [
      { x: 10, y: 100 },
      { x: 0, y: 0 },
    ];
    expect(valueAt(line, 2.5)).toBe(25);
    expect(valueAt(line, -1)).toBe(0);
    expect(valueAt(line, 99)).toBe(100);
    expect(valueAt([], 1)).toBeUndefined();
  });
});
