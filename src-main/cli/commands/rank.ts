import { callChannel } from '../../ipc/register';
import { calibrationFromFlags, calibrationOption } from '../calibration-flag';
import { printJson, type Command } from '../command';
import { estimateOptions, hasEstimateFlags } from '../estimate-flags';
import { readJsonInput } from '../input-file';
import { flagForRankField, rankInputFromFlags, rankOptions, type RankInput } from '../rank-flags';
import { renderRank } from '../render-rank';
import { nameTheFlag, UsageError } from '../report-error';
import type { FileModel } from '../../domain/model-files/file-model';
import type { RecipeReport } from '../recipe-file';
import { describeSources, estimateFromCli, withSources } from './estimate';

/** `cardwise rank`: every card, GPU count and offer that fits, ranked by cost or time. */
export const rankCommand: Command = {
  name: 'rank',
  summary: 'rank cards, GPU counts and offers that fit, by cost or time',
  usage: [
    'rank (--model ID | --params SIZE) --method M [estimate options] [--tokens N --epochs N ...] [--json]',
    'rank (--config FILE | --safetensors FILE | --gguf FILE | --hf ORG/NAME) --method M [--tokens N ...] [--json]',
    'rank --recipe FILE [--method M] [flags that override the file] [--tokens N ...] [--json]',
    'rank --input FILE.json [--tokens N ...] [--json]    (one EstimateInput)',
  ],
  options: { ...estimateOptions, ...rankOptions, ...calibrationOption },
  notes: [
    'Example: cardwise rank --model qwen2.5-7b --method lora --batch 8 --seq 1024 --tokens 200m --epochs 2 --currency CNY',
  ],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('rank', `unexpected argument "${positionals[0]}"`);
    let rankInput: RankInput;
    let modelFile: FileModel | undefined;
    let recipe: RecipeReport | undefined;
    if (typeof flags.input === 'string') {
      if (hasEstimateFlags(flags))
        throw new UsageError('--input', 'cannot be combined with other estimate flags: put every field in the file');
      const input = await readJsonInput('--input', flags.input);
      if (Array.isArray(input)) throw new UsageError('--input', 'rank takes one EstimateInput object, not an array');
      // The file is checked by the contract; the rank flags still build workload and options.
      rankInput = rankInputFromFlags(input as RankInput['input'], flags);
    } else {
      const fromCli = await estimateFromCli(flags, app);
      modelFile = fromCli.modelFile;
      recipe = fromCli.recipe;
      rankInput = rankInputFromFlags(fromCli.input, flags);
    }
    rankInput.options = { ...rankInput.options, ...calibrationFromFlags(flags) };
    const flagFor = typeof flags.input === 'string' ? fileFieldOrFlag : flagForRankField;
    const output = await callChannel((await app()).dispatcher, 'rank:compute', rankInput).catch((error: unknown) => {
      throw nameTheFlag(error, flagFor, typeof flags.gpu === 'string' ? '--gpu' : undefined);
    });
    if (json) return printJson(io, withSources(output, modelFile, recipe));
    io.stdout(`${describeSources(modelFile, recipe)}${renderRank(output)}\n`);
  },
};

/** With --input, an estimate field is named inside the file ("--input.batchSize"); job fields by their flag. */
function fileFieldOrFlag(field: string): string {
  if (field.startsWith('workload.') || field.startsWith('options.')) return flagForRankField(field) ?? field;
  const inner = field.startsWith('input.') ? field.slice('input.'.length) : field === 'input' ? '' : field;
  return inner === '' ? '--input' : `--input.${inner}`;
}
