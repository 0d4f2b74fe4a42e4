import {
  inferenceRuntimeSchema,
  methodSchema,
  optimizerSchema,
  precisionSchema,
  quantSchema,
  shardingSchema,
} from '../../../src-main/domain/estimate/input';
import { createSessionStore, reviveFlat } from '../../lib/session-store';
import { DEFAULT_FORM, type EstimateForm } from './estimate-form';

const CHOICES: Partial<Record<keyof EstimateForm, readonly string[]>> = {
  method: methodSchema.options,
  precision: precisionSchema.options,
  quant: quantSchema.options,
  optimizer: optimizerSchema.options,
  sharding: shardingSchema.options,
  kvCachePrecision: precisionSchema.options,
  inferenceRuntime: inferenceRuntimeSchema.options,
  loraTargets: ['attention', 'all-linear'],
};

/** A saved Estimate form made safe: wrong types and unknown choices fall back to the defaults. */
export function reviveEstimateForm(saved: unknown): EstimateForm {
  const form = reviveFlat(saved, DEFAULT_FORM) as unknown as Record<string, unknown>;
  for (const [key, allowed] of Object.entries(CHOICES)) {
    if (!allowed.includes(form[key] as string)) form[key] = DEFAULT_FORM[key as keyof EstimateForm];
  }
  return form as unknown as EstimateForm;
}

/** What the user set on Estimate, shared with Compare and kept across reloads of this tab. */
export const estimateFormStore = createSessionStore('cardwise.estimateForm', reviveEstimateForm);
