import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM } from './estimate-form';
import { reviveEstimateForm } from './estimate-store';

describe('reviveEstimateForm', () => {
  it('keeps a saved form as it was', () => {
    const saved = { ...DEFAULT_FORM, method: 'qlora', precision: 'int4', batchSize: '4' };
    expect(reviveEstimateForm(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
  });
  it('drops unknown choices and wrong types', () => {
    const form = reviveEstimateForm({ method: 'dpo', batchSize: 4, gradientCheckpointing: true });
    expect(form.method).toBe(DEFAULT_FORM.method);
    expect(form.batchSize).toBe(DEFAULT_FORM.batchSize);
    expect(form.gradientCheckpointing).toBe(true);
  });
});
