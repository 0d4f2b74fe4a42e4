import type { RunInputDraft } from '../../domain/runs';
import type { ChannelOutput } from '../../ipc/contract';
import { callChannel } from '../../ipc/register';
import { printJson, type Command, type Io } from '../command';
import { importFailure, otherFlags } from '../import-failure';
import { readJsonInput } from '../input-file';
import { locateInputError, nameTheFlag, UsageError } from '../report-error';
import { configOptions, runFlagFor, runInputFromFlags, runOptions } from '../run-flags';
import { estimateInputFromCli } from './estimate';

/** `cardwise runs add`: log one run from flags, or runs from a JSON file (what `measure` writes). */
export const runsAddCommand: Command = {
  name: 'add',
  summary: 'log a run: the configuration and what it really used',
  usage: [
    'runs add --card ID [--gpus N] (--model ID | --params SIZE) --method M [config options]',
    '                  [--peak-memory-gib GIB --memory-meter M] [--tokens-per-second N] [--duration-hours H]',
    '                  [--cost AMOUNT --currency C] [--outcome O] [--provider P] [--notes TEXT] [--started-at WHEN] [--json]',
    'runs add --input run.json [--json]    (one run object, or an array of them: all or nothing)',
  ],
  options: {
    ...configOptions,
    ...runOptions,
    input: {
      type: 'string',
      value: 'FILE',
      description: 'read the run (or an array of runs) as JSON from FILE ("-" = stdin) instead of flags',
    },
  },
  notes: [
    'The configuration flags are those of `cardwise estimate` (--gpus sets both the run and its configuration).',
    'A file uses the contract field names: config (an EstimateInput), card, gpus, peakMemoryGiB, memoryMeter,',
    'tokensPerSecond, durationHours, cost, currency, outcome, notes, startedAt … — `cardwise measure` writes one.',
    'Example: cardwise runs add --card rtx-4090 --model llama-2-13b --method qlora --batch 4 --seq 2048 \\',
    '           --peak-memory-gib 21.3 --memory-meter nvidia-smi --tokens-per-second 1450 --duration-hours 6.5 \\',
    '           --cost 14.30 --currency CNY --provider AutoDL',
  ],
  async run({ flags, positionals, json, io, app }) {
    if (positionals.length > 0) throw new UsageError('runs add', `unexpected argument "${positionals[0]}"`);
    if (typeof flags.input === 'string') {
      const extra = otherFlags(flags, ['input']);
      if (extra.length > 0)
        throw new UsageError('--input', `cannot be combined with ${extra[0]}: put every field in the file`);
      const value = await readJsonInput('--input', flags.input);
      const { dispatcher } = await app();
      if (Array.isArray(value)) {
        // An array goes through the import: every run is written, or none (with every bad one listed).
        const result = await callChannel(dispatcher, 'runs:import', {
          format: 'json',
          text: JSON.stringify(value),
        }).catch((error: unknown) => {
          throw importFailure(error, '--input', (issue) => `--input[${issue.line}].${issue.field}`);
        });
        if (json) return printJson(io, result);
        io.stdout(`Logged ${result.imported} run${result.imported === 1 ? '' : 's'}${idRange(result.ids)}.\n`);
        if (result.duplicates > 0) io.stdout(`${duplicatesNote(result.duplicates)}\n`);
        return;
      }
      const run = await callChannel(dispatcher, 'runs:add', value as RunInputDraft).catch((error: unknown) => {
        throw locateInputError(error, '--input');
      });
      return report(io, json, run);
    }
    const input = runInputFromFlags(flags, await estimateInputFromCli(flags, app));
    const { dispatcher } = await app();
    const run = await callChannel(dispatcher, 'runs:add', input).catch((error: unknown) => {
      throw nameTheFlag(error, runFlagFor(flags));
    });
    const { cards } = await callChannel(dispatcher, 'cards:list', undefined);
    if (!cards.some((card) => card.id === run.card)) {
      io.stderr(
        `note: ${run.card} is not in the card catalog, so this run cannot correct estimates (see \`cardwise cards list\`)\n`,
      );
    }
    report(io, json, run);
  },
};

function report(io: Io, json: boolean, run: ChannelOutput<'runs:add'>): void {
  if (json) return printJson(io, run);
  io.stdout(
    `Logged run ${run.id}: ${run.card} x${run.gpus}, ${run.modelLabel} ${run.config.method}, ${run.outcome}.\n`,
  );
}

/** " (ids 4–9)" or " (id 4)" for a short confirmation line. */
/** "3 runs were already in the log and were skipped …" after an import. */
export function duplicatesNote(duplicates: number): string {
  return `${duplicates.toLocaleString('en-US')} run${duplicates === 1 ? ' was' : 's were'} already in the log and ${duplicates === 1 ? 'was' : 'were'} skipped (add them anyway with --allow-duplicates).`;
}

export function idRange(ids: { first: number; last: number } | null): string {
  if (!ids) return '';
  if (ids.first === ids.last) return ` (id ${ids.first})`;
  return ` (ids ${ids.first}–${ids.last})`;
}
