import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../domain/errors';
import { english, msg } from '../domain/messages';
// Types only: the readers (and the YAML parser under them) load when a --recipe is given, so every
// other command, `cardwise serve` among them, starts without them (≈ 40 ms of a start, see readRecipeFile).
import type { RecipeFile, RecipeValue } from '../domain/recipe-files';
import { UsageError } from './report-error';

/** A recipe as the CLI used it: the file's reading, the preset its model maps to, and the flags that overrode it. */
export interface RecipeReport extends RecipeFile {
  /** The built-in preset the recipe's model maps to, or null (then a model flag is needed). */
  preset: string | null;
  /** Flags given on the command line that replaced a value of the file. */
  overridden: { flag: string; key: string; field: string }[];
}

/**
 * Reads the recipe file `--recipe` names (bounded: a 10 GB file is refused from its size, unread)
 * and the DeepSpeed JSON it points at, looked up as written (from the working folder, as the
 * frameworks do), next to the recipe, and by its name next to the recipe. A problem is a
 * UsageError on --recipe that names the file.
 */
export async function readRecipeFile(path: string): Promise<RecipeFile> {
  const { MAX_RECIPE_BYTES, recipeFromText, withDeepSpeed } = await import('../domain/recipe-files');
  const boundedText = (file: string) => boundedTextOf(file, MAX_RECIPE_BYTES);
  try {
    const recipe = recipeFromText(await boundedText(path), basename(path));
    if (!recipe.deepspeedFile) return recipe;
    const ref = recipe.deepspeedFile;
    const candidates = [resolve(ref), resolve(dirname(path), ref), join(dirname(path), basename(ref))];
    for (const candidate of candidates) {
      const found = await stat(candidate).then(
        (s) => s.isFile(),
        () => false,
      );
      if (found) return withDeepSpeed(recipe, recipeFromText(await boundedText(candidate), basename(candidate)));
    }
    return {
      ...recipe,
      notes: [...recipe.notes, msg('recipeFile.deepspeedMissing', { file: recipe.file, path: ref })],
    };
  } catch (error) {
    if (error instanceof InputError) throw new UsageError('--recipe', error.message);
    throw error;
  }
}

async function boundedTextOf(path: string, maxBytes: number): Promise<string> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError('--recipe', `cannot read ${path}${code ? ` (${code})` : ''}`);
  }
  if (size > maxBytes) {
    throw new InputError('recipe', msg('recipeFile.tooLarge', { file: basename(path), max: maxBytes }));
  }
  return readFile(path, 'utf8');
}

const FORMAT_NAMES: Record<RecipeFile['format'], string> = {
  'llama-factory': 'LLaMA-Factory',
  'hf-trainer': 'Hugging Face TrainingArguments',
  accelerate: 'accelerate config',
  deepspeed: 'DeepSpeed config',
  torchtune: 'torchtune',
  axolotl: 'axolotl',
};

/** The English lines of what a recipe gave, for the CLI's report before the estimate. */
export function describeRecipe(recipe: RecipeReport): string[] {
  const lines = [`Read from ${recipe.file} (${FORMAT_NAMES[recipe.format]} recipe):`];
  if (recipe.modelId) lines.push(`  model: ${recipe.modelId}${recipe.preset ? ` → preset ${recipe.preset}` : ''}`);
  const shown = (value: RecipeValue['value']) => (Array.isArray(value) ? value.join(',') : String(value));
  for (const { key, field, value, from } of recipe.read) {
    const over = recipe.overridden.find((entry) => entry.field === field || field.startsWith(`${entry.field}.`));
    const written = from === undefined ? '' : `: ${shown(from)}`;
    lines.push(`  ${key}${written} → ${field} = ${shown(value)}${over ? ` (overridden by ${over.flag})` : ''}`);
  }
  for (const conflict of recipe.conflicts) lines.push(`  conflict: ${english(conflict)}`);
  for (const note of recipe.notes) lines.push(`  ${english(note)}`);
  if (recipe.ignored.length > 0)
    lines.push(`  not read (no modelled effect on memory or speed): ${recipe.ignored.join(', ')}`);
  return lines;
}
