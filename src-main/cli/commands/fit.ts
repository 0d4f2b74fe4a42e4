import type { FitAdvice } from '../../domain/estimate/fit-changes';
import { fitRows } from '../../domain/estimate/fit-rows';
import { english } from '../../domain/messages';
import { callChannel } from '../../ipc/register';
import { printJson, type Command } from '../command';
import { estimateFlagFor, estimateOptions } from '../estimate-flags';
import { formatNumber } from '../format';
import { renderTable } from '../table';
import { nameTheFlag, UsageError } from '../report-error';
import { describeSources, estimateFromCli, withSources } from './estimate';

const GIB = 2 ** 30;

/** `cardwise fit --gpu CARD …`: for a configuration that does not fit the card, the changes that make it fit. */
export const fitCommand: Command = {
  name: 'fit',
  summary: 'what would make a configuration fit a card: the changes, cheapest in speed first',
  usage: [
    'fit --gpu CARD (--model ID | --params SIZE | --config FILE | --gguf FILE | --safetensors FILE | --hf ORG/NAME) --method M [options] [--json]',
    'fit --gpu CARD --recipe FILE [--method M] [flags that override the file] [--json]',
  ],
  options: estimateOptions,
  notes: [
    'Each change is listed with its peak memory per GPU and its cost: time per token and GPU-hours per token,',
    'relative to the configuration as given (the speed model on that card). Changes that alter the job (a',
    'shorter sequence) or what is trained (LoRA, QLoRA, a quantized base) say so.',
    'Example: cardwise fit --gpu rtx-4090 --model llama-2-7b --method lora --batch 4 --seq 2048',
  ],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('fit', `unexpected argument "${positionals[0]}"`);
    if (typeof flags.input === 'string') throw new UsageError('--input', 'fit takes the configuration as flags');
    if (typeof flags.gpu !== 'string') throw new UsageError('--gpu', 'name the card to fit on, e.g. --gpu rtx-4090');
    const { input, modelFile, recipe } = await estimateFromCli(flags, app);
    const { gpu: card, ...rest } = input;
    const advice = await callChannel((await app()).dispatcher, 'estimate:fit', { input: rest, card: card! }).catch(
      (error: unknown) => {
        throw nameTheFlag(error, (field) => estimateFlagFor(flags)(field.replace(/^input\./, '')), '--gpu');
      },
    );
    if (json) return printJson(io, withSources(advice, modelFile, recipe));
    io.stdout(`${describeSources(modelFile, recipe)}${renderFit(advice)}\n`);
  },
};

function gib(bytes: number): string {
  return formatNumber(bytes / GIB, 1);
}

function factor(value: number | null): string {
  return value === null ? '-' : `${formatNumber(value, 2)}×`;
}

/** The advice as the terminal shows it: the verdict, then one row per change. */
export function renderFit(advice: FitAdvice): string {
  const head = `Peak ${gib(advice.totalBytes)} GiB per GPU; ${advice.card} may use ${gib(advice.usableBytes)} GiB (after headroom).`;
  if (advice.fits) return `${head}\nIt fits as it is: nothing needs to change.`;
  const rows = fitRows(advice);
  if (rows.length === 0)
    return `${head}\nNo change Cardwise models makes it fit on this card: try a larger card or more of them.`;
  const table = renderTable(
    [
      { header: 'Change' },
      { header: 'Peak GiB', align: 'right' },
      { header: 'GPUs', align: 'right' },
      { header: 'Time', align: 'right' },
      { header: 'GPU-hours', align: 'right' },
      { header: 'Trade-off' },
    ],
    rows.map((row) => [
      english(row.change),
      gib(row.totalBytes),
      String(row.gpus),
      factor(row.timeFactor),
      factor(row.gpuHoursFactor),
      row.tradeOff ? english(row.tradeOff) : '',
    ]),
  );
  return `${head}\nIt does not fit. Changes that make it fit, cheapest first (time and GPU-hours per token, relative):\n\n${table}`;
}
