import type { ModelPreset } from '../../../src-main/domain/catalog';
import { valueMessage } from '../../../src-main/domain/fields/resolve';
import { msg, type Message, type MessageParam } from '../../../src-main/domain/messages';
import {
  CUSTOM_SIZE,
  DEFAULT_FORM,
  ESTIMATE_FIELDS,
  shownFields,
  updateForm,
  type EstimateForm,
} from './estimate-form';

/** One "will it fit?" question a user can ask with a single click. */
export interface QuickPick {
  id: string;
  /** i18n key of the button text. */
  labelKey: string;
  /** Preset to use when the catalog has it, else the size string (the estimator guesses a shape). */
  presetId: string;
  size: string;
  /** What the question sets, in order; the rest follows the field table's defaults (QLoRA: int4, bitsandbytes). */
  changes: Partial<EstimateForm>;
}

/** The classic questions from rental forums: 13B LoRA on a 24 GB card, and friends. */
export const QUICK_PICKS: readonly QuickPick[] = [
  {
    id: '13b-lora',
    labelKey: 'quick.13bLora',
    presetId: 'llama-2-13b',
    size: '13B',
    changes: { method: 'lora', gradientCheckpointing: true },
  },
  {
    id: '13b-qlora',
    labelKey: 'quick.13bQlora',
    presetId: 'llama-2-13b',
    size: '13B',
    changes: { method: 'qlora', optimizer: 'paged-adamw-8bit' },
  },
  {
    id: '7b-full',
    labelKey: 'quick.7bFull',
    presetId: 'llama-2-7b',
    size: '7B',
    changes: { method: 'full', gradientCheckpointing: true },
  },
  {
    id: '70b-inference',
    labelKey: 'quick.70bInference',
    presetId: 'llama-3.1-70b',
    size: '70B',
    changes: { method: 'inference', precision: 'int4', quant: 'awq', seqLen: '4096' },
  },
];

/** The form a quick pick produces: the first form, the pick's model, then its changes as a user would make them. */
export function applyQuickPick(pick: QuickPick, models: readonly ModelPreset[]): EstimateForm {
  const hasPreset = models.some((model) => model.id === pick.presetId);
  const start: EstimateForm = {
    ...DEFAULT_FORM,
    model: hasPreset ? pick.presetId : CUSTOM_SIZE,
    size: hasPreset ? DEFAULT_FORM.size : pick.size,
  };
  return (Object.entries(pick.changes) as [keyof EstimateForm, EstimateForm[keyof EstimateForm]][]).reduce(
    (form, [key, value]) => updateForm(form, key, value),
    start,
  );
}

/** One field a quick pick changed: its label and its new value, both as the form shows them. */
export interface PickedField {
  key: string;
  label: Message;
  /** A choice's label, on/off, a number, or the text typed (a size). */
  value: MessageParam;
}

/**
 * What a quick pick set on the form, in the form's order: the model and every field the pick names,
 * and any other field shown after it whose value it changed (the model by its preset's name). Said
 * next to the buttons, so "13B · LoRA" turning gradient checkpointing on is never silent.
 */
export function pickedFields(
  pick: QuickPick,
  before: EstimateForm,
  after: EstimateForm,
  models: readonly Pick<ModelPreset, 'id' | 'name'>[],
): PickedField[] {
  const shown = shownFields(after);
  const named = new Set(['model', ...Object.keys(pick.changes)]);
  return ESTIMATE_FIELDS.flatMap(({ path, key, field }): PickedField[] => {
    const was = before[key as keyof EstimateForm];
    const now = after[key as keyof EstimateForm];
    if (!shown.has(path) || (was === now && !named.has(key))) return [];
    if (path === 'model') {
      const value = now === CUSTOM_SIZE ? after.size : (models.find((m) => m.id === now)?.name ?? String(now));
      return [{ key, label: msg(field.label), value }];
    }
    const typed = typeof now === 'string' && field.control?.kind === 'number' ? Number(now) : now;
    return [{ key, label: msg(field.label), value: valueMessage(field, typed) }];
  });
}
