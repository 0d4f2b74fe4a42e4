import type { ModelPreset } from '../../../src-main/domain/catalog';
import type { EstimateInput } from '../../../src-main/domain/estimate/input';
import type { RecipeFile } from '../../../src-main/domain/recipe-files';
import { formFromInput, toEstimateInput, type EstimateForm } from './estimate-form';
import type { RecipeOutcome } from './recipe-read';

/*
 * Reading a recipe needs the recipe parsers and a YAML library, the larger part of the Estimate page's code: they
 * are loaded when a recipe is chosen, dropped or pasted (recipe-read.ts), not with the page.
 */

/** Reads a chosen or dropped recipe file (bounded: a larger file is refused by its size, unread). */
export async function readRecipe(file: File, presets: readonly Pick<ModelPreset, 'id'>[]): Promise<RecipeOutcome> {
  return (await import('./recipe-read')).readRecipeFile(file, presets);
}

/** Reads a pasted recipe, named as a YAML file. */
export async function readPastedRecipe(
  text: string,
  presets: readonly Pick<ModelPreset, 'id'>[],
): Promise<RecipeOutcome> {
  return (await import('./recipe-read')).recipeOutcome(text, 'recipe.yaml', presets);
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
