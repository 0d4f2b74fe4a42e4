import { describe, expect, it } from 'vitest';
import { cardFields } from '../../../src-main/domain/fields/card-fields';
import { blankCardDraft, cardFromDraft, draftOfCard, rangeOf } from './card-draft';

const filled = {
  ...blankCardDraft(),
  id: 'rtx-4080-super',
  name: 'GeForce RTX 4080 SUPER',
  memoryGiB: '16',
  bandwidthGBps: '736',
  bf16Tflops: '104.4',
  fp32Tflops: '52.2',
};

describe('the card form', () => {
  it('starts a new card from the table defaults and leaves the required rates empty', () => {
    const draft = blankCardDraft();
    expect(draft['tdpW']).toBe('300');
    expect(draft['pcieGen']).toBe('4');
    expect(draft['memoryGiB']).toBe('');
    expect(draft['fp8Tflops']).toBe('');
    expect(draft['source']).toBe('');
  });

  it('gives the stored card of a filled form, an empty optional rate as none', () => {
    const checked = cardFromDraft(filled);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.card).toMatchObject({
      id: 'rtx-4080-super',
      memoryGiB: 16,
      fp8Tflops: null,
      interconnect: { nvlinkGBps: null, pcieGen: 4 },
      tdpW: 300,
      vendor: 'NVIDIA',
    });
    // Editing starts from the same text.
    expect(draftOfCard(checked.card)).toMatchObject({ memoryGiB: '16', fp8Tflops: '', nvlinkGBps: '' });
  });

  it('names every field at fault: a bandwidth typed in TB/s, a missing memory, text in a rate', () => {
    const checked = cardFromDraft({ ...filled, bandwidthGBps: '0.736', memoryGiB: '', fp32Tflops: 'fast' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.problems).sort()).toEqual(['bandwidthGBps', 'fp32Tflops', 'memoryGiB']);
    expect(checked.problems['bandwidthGBps']?.code).toMatch(/^validation\./);
  });

  it('reads the plausible ranges from the field table', () => {
    expect(rangeOf(cardFields.memoryGiB)).toEqual({ min: 4, max: 1024 });
    expect(rangeOf(cardFields.fp8Tflops)).toEqual({ min: 5, max: 20_000 });
    expect(rangeOf(cardFields.name)).toBeNull();
  });
});
