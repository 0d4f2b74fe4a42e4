import type { ModelPreset } from '../../../src-main/domain/catalog';
import type { EstimateInput } from '../../../src-main/domain/estimate/input';
import { formFromInput, type EstimateForm } from './estimate-form';

/**
 * The form with one of "What would make it fit?"'s changes made: every field as the change's
 * input spells it, the model kept as the user gave it (a change never alters the model, and a
 * model read from a file keeps its file name), and the card for speed kept.
 */
export function applyFitChange(form: EstimateForm, input: EstimateInput, models: readonly Pick<ModelPreset, 'id'>[]) {
  const next = formFromInput(input, models);
  return { ...next, model: form.model, size: form.size, modelFile: form.modelFile, gpu: form.gpu } as EstimateForm;
}
