import { describe, expect, it } from 'vitest';
import { msg } from '../../../src-main/domain/messages';
import type { Card } from '../../../src-main/domain/catalog';
import { blankDraft, draftToOffer } from './offer-draft';
import { USER_SOURCE } from './offer-rows';

const draft = { ...blankDraft([{ id: 'rtx-4090' } as Card]), provider: ' AutoDL ', price: '1.98' };

describe('draftToOffer', () => {
  it('builds a dated user offer with numbers parsed', () => {
    const result = draftToOffer(draft, '2026-11-30');
    expect(result).toEqual({
      ok: true,
      offer: {
        cardId: 'rtx-4090',
        provider: 'AutoDL',
        region: '',
        billing: 'hourly',
        price: 1.98,
        currency: 'CNY',
        gpusPerPrice: 1,
        granularity: 'second',
        observedAt: '2026-11-30',
        source: USER_SOURCE,
      },
    });
  });

  it('names the field at fault', () => {
    expect(draftToOffer({ ...draft, provider: '  ' }, '2026-11-30')).toMatchObject({
      ok: false,
      field: 'provider',
      message: msg('validation.empty'),
    });
    expect(draftToOffer({ ...draft, price: '' }, '2026-11-30')).toMatchObject({
      field: 'price',
      message: expect.objectContaining({ code: 'validation.notNumber' }),
    });
    expect(draftToOffer({ ...draft, price: '-1' }, '2026-11-30')).toMatchObject({ field: 'price' });
    expect(draftToOffer({ ...draft, gpusPerPrice: '1.5' }, '2026-11-30')).toMatchObject({
      field: 'gpusPerPrice',
      message: expect.objectContaining({ code: 'validation.notWhole' }),
    });
  });
});
