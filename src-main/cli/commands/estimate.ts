import type { ModelPreset } from '../../domain/catalog';
import type { EstimateInput } from '../../domain/estimate/input';
import type { App } from '../../app';
import { estimateRequestSchema, type EstimateOutput } from '../../ipc/contract';
import { callChannel, ContractCallError } from '../../ipc/register';
import { printJson, type Command, type FlagValues } from '../command';
import {
  estimateFlagFor,
  estimateInputFromFlags,
  estimateOptions,
  hasEstimateFlags,
  modelFileFlag,
  needsPresetShape,
  recipeOverrides,
} from '../estimate-flags';
import { english, msg } from '../../domain/messages';
import { presetForModelId } from '../../domain/recipe-files/model-id';
import { describeRecipe, readRecipeFile, type RecipeReport } from '../recipe-file';
import { checkInput } from '../flag-input';
import { calibrationFromFlags, calibrationOption } from '../calibration-flag';
import { readJsonInput } from '../input-file';
import { describeModelFile, readModelFile } from '../model-file';
import type { FileModel } from '../../domain/model-files/file-model';
import type { HubModel } from '../../hub/hf-hub';
import { renderEstimate } from '../render-estimate';
import { locateInputError, nameTheFlag, UsageError } from '../report-error';

/** `cardwise estimate`: peak memory per GPU with its breakdown, the fit on every card, and speed. */
export const estimateCommand: Command = {
  name: 'estimate',
  summary: 'estimate peak GPU memory (and speed on --gpu) for one configuration',
  usage: [
    'estimate (--model ID | --params SIZE) --method M [options] [--json]',
    'estimate (--config FILE | --safetensors FILE | --gguf FILE | --hf ORG/NAME) --method M [options] [--json]',
    'estimate --recipe FILE [--method M] [flags that override the file] [--json]',
    'estimate --input FILE.json [--json]    (one EstimateInput, or an array of them)',
  ],
  options: { ...estimateOptions, ...calibrationOption },
  notes: [
    'With --gpu, similar logged runs (yours and published) correct the estimate: the calibrated figures are shown',
    'next to the raw ones, and --json carries `calibration` and `calibrated`. --no-calibration turns that off.',
    'Example: cardwise estimate --model llama-2-13b --method lora --batch 4 --seq 2048 --gpu rtx-4090',
  ],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('estimate', `unexpected argument "${positionals[0]}"`);
    if (typeof flags.input === 'string') {
      if (hasEstimateFlags(flags))
        throw new UsageError('--input', 'cannot be combined with other estimate flags: put every field in the file');
      const value = await readJsonInput('--input', flags.input);
      const opened = await app();
      const outputs = Array.isArray(value)
        ? await estimateMany(
            opened,
            value.map((item) => withCalibration(item, flags)),
          )
        : await estimateOne(opened, withCalibration(value, flags), '--input');
      if (json) return printJson(io, outputs);
      io.stdout(
        `${Array.isArray(outputs) ? outputs.map((output, index) => `# [${index}]\n${renderEstimate(output)}`).join('\n\n') : renderEstimate(outputs)}\n`,
      );
      return;
    }
    const { input: given, modelFile, recipe } = await estimateFromCli(flags, app);
    const input = { ...given, ...calibrationFromFlags(flags) };
    const output = await callChannel((await app()).dispatcher, 'estimate:compute', input).catch((error: unknown) => {
      throw nameTheFlag(error, estimateFlagFor(flags), typeof flags.gpu === 'string' ? '--gpu' : undefined);
    });
    if (json) return printJson(io, withSources(output, modelFile, recipe));
    io.stdout(`${describeSources(modelFile, recipe)}${renderEstimate(output)}\n`);
  },
};

/** An --input element with --no-calibration applied (anything but an object is left for the contract to reject). */
function withCalibration(value: unknown, flags: FlagValues): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return { ...value, ...calibrationFromFlags(flags) };
}

/**
 * The EstimateInput the flags describe. The store is opened only when a preset's shape is
 * overridden (to read that shape), so flag mistakes are reported before any file is touched.
 */
export async function estimateInputFromCli(flags: FlagValues, app: () => Promise<App>): Promise<EstimateInput> {
  return (await estimateFromCli(flags, app)).input;
}

/** The same, with the model file that --config / --safetensors / --gguf read (before the store opens) or --hf fetched. */
export async function estimateFromCli(
  given: FlagValues,
  app: () => Promise<App>,
): Promise<{ input: EstimateInput; modelFile: FileModel | undefined; recipe: RecipeReport | undefined }> {
  const fileFlag = modelFileFlag(given);
  // Before anything is fetched: --hf names the model, so --model and --params cannot also.
  for (const other of ['model', 'params'] as const) {
    if (typeof given.hf === 'string' && given[other] !== undefined) {
      throw new UsageError(`--${other}`, `give the model once: --${other} or --hf`);
    }
  }
  const modelFile = fileFlag
    ? await readModelFile(fileFlag.kind, fileFlag.path)
    : typeof given.hf === 'string'
      ? (await fetchHfFromCli(given, app)).model
      : undefined;
  const recipeFile = typeof given.recipe === 'string' ? await readRecipeFile(given.recipe) : undefined;
  let presets: ModelPreset[] | undefined;
  const listPresets = async () =>
    (presets ??= (await callChannel((await app()).dispatcher, 'models:list', undefined)).models);
  let flags = given;
  let recipe: RecipeReport | undefined;
  if (recipeFile) {
    const modelGiven = modelFile !== undefined || given.model !== undefined || given.params !== undefined;
    const preset = recipeFile.modelId && !modelGiven ? presetForModelId(recipeFile.modelId, await listPresets()) : null;
    if (recipeFile.modelId && !modelGiven && !preset) {
      throw new UsageError(
        '--recipe',
        english(msg('recipeFile.unknownModel', { file: recipeFile.file, model: recipeFile.modelId })),
      );
    }
    // The recipe's model stands for --model where no model flag was given.
    if (preset) flags = { ...given, model: preset };
    // A note asking for --gpus is moot once the flag is given.
    const notes =
      given.gpus === undefined ? recipeFile.notes : recipeFile.notes.filter((n) => n.code !== 'recipeFile.noGpus');
    recipe = { ...recipeFile, notes, preset, overridden: recipeOverrides(given, recipeFile.read) };
  }
  if (!modelFile && needsPresetShape(flags)) await listPresets();
  return { input: estimateInputFromFlags(flags, presets, modelFile, recipeFile?.input), modelFile, recipe };
}

/** What the terminal shows before the answer: what the model file and the recipe gave. */
export function describeSources(modelFile: FileModel | undefined, recipe: RecipeReport | undefined): string {
  const lines = [...(modelFile ? describeModelFile(modelFile) : []), ...(recipe ? describeRecipe(recipe) : [])];
  return lines.length > 0 ? `${lines.join('\n')}\n\n` : '';
}

/** The JSON answer with the files it came from (`modelFile`, `recipe`) where given. */
export function withSources<T extends object>(output: T, modelFile?: FileModel, recipe?: RecipeReport): T {
  return { ...output, ...(modelFile && { modelFile }), ...(recipe && { recipe }) };
}

/** `--hf ORG/NAME [--revision REV]` through the models:fetchHf channel; its refusals name the flag. */
export async function fetchHfFromCli(flags: FlagValues, app: () => Promise<App>): Promise<HubModel> {
  const request = {
    id: flags.hf as string,
    ...(typeof flags.revision === 'string' ? { revision: flags.revision } : {}),
  };
  return callChannel((await app()).dispatcher, 'models:fetchHf', request).catch((error: unknown) => {
    throw nameTheFlag(error, (field) => (field === 'revision' ? '--revision' : '--hf'));
  });
}

async function estimateOne(app: App, input: unknown, where: string): Promise<EstimateOutput> {
  // The contract's schema first, for its problem in plain words at the field of the file.
  checkInput(estimateRequestSchema, input, (path) => (path ? `${where}.${path}` : where));
  const result = await app.dispatcher.dispatch('estimate:compute', input);
  if (!result.ok) throw locateInputError(new ContractCallError(result.error), where);
  return result.data;
}

/** Every element in order, in this one process; the first bad element stops it with its index. */
async function estimateMany(app: App, inputs: readonly unknown[]): Promise<EstimateOutput[]> {
  const outputs: EstimateOutput[] = [];
  for (const [index, input] of inputs.entries()) outputs.push(await estimateOne(app, input, `--input[${index}]`));
  return outputs;
}
