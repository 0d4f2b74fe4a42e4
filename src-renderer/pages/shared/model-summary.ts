import { optionLabel } from '../../../src-main/domain/fields/resolve';
import type { ModelPreset } from '../../../src-main/domain/catalog';
import { useCatalog } from '../../lib/catalog';
import { formatParams } from '../../lib/format';
import { useMessageText } from '../../lib/messages';
import { useSessionStore } from '../../lib/session-store';
import { CUSTOM_SIZE, FROM_FILE, type EstimateForm } from '../estimate/estimate-form';
import { parseFormModelFile } from '../estimate/model-file';
import { estimateFormStore } from '../estimate/estimate-store';

/** The model the Estimate form names, as a user reads it: "Llama 3.1 8B (8.03B)", "13B", or the file's name. */
export function modelName(form: EstimateForm, models: readonly ModelPreset[]): string {
  if (form.model === CUSTOM_SIZE) return form.size.trim();
  if (form.model === FROM_FILE) return parseFormModelFile(form.modelFile)?.file || form.model;
  const preset = models.find((m) => m.id === form.model);
  return preset ? `${preset.name} (${formatParams(preset.params)})` : form.model;
}

/** "Llama 3.1 8B (8.03B) · LoRA": the shared set-up's model and method. */
export function useModelSummary(): string {
  const text = useMessageText();
  const { models } = useCatalog();
  const [form] = useSessionStore(estimateFormStore);
  return `${modelName(form, models)} · ${text(optionLabel('method', form.method))}`;
}
