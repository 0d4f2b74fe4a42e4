import type { ModelPreset } from '../../../src-main/domain/catalog';
import type { EstimateInput } from '../../../src-main/domain/estimate/input';
import { InputError } from '../../../src-main/domain/errors';
import { msg, type Message } from '../../../src-main/domain/messages';
import {
  MAX_RECIPE_BYTES,
  presetForModelId,
  recipeFromText,
  type RecipeFile,
} from '../../../src-main/domain/recipe-files';
import { formFromInput, toEstimateInput, type EstimateForm } from './estimate-form';

/** A recipe read for the form: the file's reading and the preset its model maps to (null: the model stays). */
export type RecipeOutcome = { ok: true; recipe: RecipeFile; preset: string | null } | { ok: false; problem: Message };

/** Reads a chosen or dropped recipe file (bounded: a larger file is refused by its size, unread). */
export async function readRecipe(file: File, presets: readonly Pick<ModelPreset, 'id'>[]): Promise<RecipeOutcome> {
  if (file.size > MAX_RECIPE_BYTES) {
    return { ok: false, problem: msg('recipeFile.tooLarge', { file: file.name, max: MAX_RECIPE_BYTES }) };
  }
  return recipeOutcome(await file.text(), file.name, presets);
}

/** Reads a recipe's text; the domain's message naming the file where it is not one. */
export function recipeOutcome(text: string, file: string, presets: readonly Pick<ModelPreset, 'id'>[]): RecipeOutcome {
  try {
    const recipe = recipeFromText(text, file);
    return { ok: true, recipe, preset: recipe.modelId ? presetForModelId(recipe.modelId, presets) : null };
  } catch (error) {
    if (error instanceof InputError) return { ok: false, problem: error.detail };
    throw error;
  }
}

/**
 * The form with a recipe's values over it: every field the file sets takes the file's value, the
 * model becomes the preset the recipe names (where one matches), and every other field keeps
 * what the user had.
 */
export function applyRecipe(
  form: EstimateForm,
  recipe: RecipeFile,
  preset: string | null,
  presets: readonly Pick<ModelPreset, 'id'>[],
): EstimateForm {
  const current = toEstimateInput(form) as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(recipe.input)) {
    const inner = current[key];
    merged[key] =
      value && typeof value === 'object' && !Array.isArray(value) && inner && typeof inner === 'object'
        ? { ...inner, ...value }
        : value;
  }
  if (preset) merged.model = preset;
  const next = formFromInput(merged as EstimateInput, presets);
  // The model a file gave (a shape) and a typed size stay as the form held them.
  return preset ? next : { ...next, model: form.model, size: form.size, modelFile: form.modelFile };
}
