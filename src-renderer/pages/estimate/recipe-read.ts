import type { ModelPreset } from '../../../src-main/domain/catalog';
import { InputError } from '../../../src-main/domain/errors';
import { msg, type Message } from '../../../src-main/domain/messages';
import {
  MAX_RECIPE_BYTES,
  presetForModelId,
  recipeFromText,
  type RecipeFile,
} from '../../../src-main/domain/recipe-files';

/** A recipe read for the form: the file's reading and the preset its model maps to (null: the model stays). */
export type RecipeOutcome = { ok: true; recipe: RecipeFile; preset: string | null } | { ok: false; problem: Message };

/** Reads a chosen or dropped recipe file (bounded: a larger file is refused by its size, unread). */
export async function readRecipeFile(file: File, presets: readonly Pick<ModelPreset, 'id'>[]): Promise<RecipeOutcome> {
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
