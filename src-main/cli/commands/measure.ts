import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { estimateInputSchema, type EstimateInput } from '../../domain/estimate/input';
import type { RunInputDraft } from '../../domain/runs';
import { runMeasured } from '../../measure/measure';
import { callChannel } from '../../ipc/register';
import { printJson, type Command, type FlagValues } from '../command';
import { formatNumber } from '../format';
import { readJsonInput } from '../input-file';
import { runFromRecord } from '../measure-run';
import { checkFlags, checkInput, defaultIn, inputFromBindings, type Binding } from '../flag-input';
import { describeFailure, UsageError } from '../report-error';
import { configOptions } from '../run-flags';
import { estimateInputFromCli } from './estimate';

/** How measure samples, from its flags. */
const measureFlagsSchema = z.object({
  gpuIndex: z.number().int().min(0).max(1024).optional(),
  intervalSeconds: z.number().positive().max(3600).default(1),
});
const MEASURE_BINDINGS: readonly Binding[] = [
  { flag: 'gpu-index', path: 'gpuIndex', read: 'number' },
  { flag: 'interval', path: 'intervalSeconds', read: 'number' },
];

/** `cardwise measure -- <command …>`: run a training command, sample nvidia-smi, write a run record. */
export const measureCommand: Command = {
  name: 'measure',
  summary: 'run a command, sample nvidia-smi while it runs, and write the run record',
  usage: [
    'measure [--gpu-index N] [--interval S] [--out FILE] [--tokens-per-second-regex RE]',
    '        [--config-json FILE | estimate flags such as --model ID --method M] [--card ID] [--provider P]',
    '        [--log] [--db PATH] [--json] -- <command> [args …]',
  ],
  passThrough: true,
  options: {
    'gpu-index': { type: 'string', value: 'N', description: 'sample only this GPU (default: every GPU listed)' },
    interval: {
      type: 'string',
      value: 'S',
      description: `seconds between nvidia-smi samples (default ${String(defaultIn(measureFlagsSchema, 'intervalSeconds'))})`,
    },
    out: { type: 'string', value: 'FILE', description: 'where to write the run (default cardwise-run-<time>.json)' },
    'tokens-per-second-regex': {
      type: 'string',
      value: 'RE',
      description: 'pattern whose first group is a tokens/s value in the output, e.g. "([\\d.]+) tokens/s"',
    },
    'config-json': { type: 'string', value: 'FILE', description: 'the configuration (an EstimateInput) as JSON' },
    card: { type: 'string', value: 'ID', description: 'card id, when nvidia-smi names a GPU not in the catalog' },
    provider: { type: 'string', value: 'P', description: 'where it ran, e.g. AutoDL' },
    log: { type: 'boolean', description: 'also add the run to the run log (needs the configuration)' },
    ...configOptions,
  },
  notes: [
    'The command runs unchanged (no shell); its output passes through and its exit status is ours.',
    'The record is a run object that `cardwise runs add --input FILE` and `runs import FILE` accept. It needs the',
    'configuration: give --config-json or the estimate flags before `--`. Without them the command still runs',
    'and the record is written without `config`: add it to the file before `runs add --input`.',
    'Without nvidia-smi the command still runs; the record then has no memory figure and needs --card.',
    "With --json the command's stdout goes to stderr, and stdout carries one JSON value:",
    '{ exitCode, file, run, missing, logged }.',
    'Example: cardwise measure --model qwen2.5-7b --method lora --batch 8 --seq 1024 --provider AutoDL \\',
    '           --tokens-per-second-regex "([\\d.]+) tokens/s" --out run.json -- python train.py',
  ],
  async run({ flags, positionals, rest, json, io, app }) {
    if (positionals.length > 0) {
      throw new UsageError('measure', `unexpected argument "${positionals[0]}": put the command after --`);
    }
    if (rest.length === 0)
      throw new UsageError('measure', 'give the command after --, e.g. cardwise measure -- python train.py');
    const { gpuIndex, intervalSeconds } = checkFlags(
      measureFlagsSchema,
      inputFromBindings(MEASURE_BINDINGS, flags),
      MEASURE_BINDINGS,
      flags,
      'measure',
    );
    const regex =
      typeof flags['tokens-per-second-regex'] === 'string' ? parseRegex(flags['tokens-per-second-regex']) : undefined;
    const config = await configFromFlags(flags, app);
    if (flags.log === true && !config) {
      throw new UsageError(
        '--log',
        'needs the configuration: --config-json FILE or estimate flags such as --model ID --method M',
      );
    }
    const out =
      typeof flags.out === 'string' ? flags.out : `cardwise-run-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    if (out === '') throw new UsageError('--out', 'needs a file name');

    const { exitCode, record } = await runMeasured({
      command: rest,
      ...(gpuIndex !== undefined ? { gpuIndex } : {}),
      intervalSeconds,
      ...(regex ? { tokensPerSecondRegex: regex } : {}),
      // --json keeps stdout for our one JSON value; the command's output then goes to stderr.
      stdout: json ? process.stderr : process.stdout,
      stderr: process.stderr,
    });
    const { run, missing } = runFromRecord(record, {
      ...(config ? { config } : {}),
      ...(typeof flags.card === 'string' ? { card: flags.card } : {}),
      ...(typeof flags.provider === 'string' ? { provider: flags.provider } : {}),
    });
    try {
      await writeFile(out, `${JSON.stringify(run, null, 2)}\n`, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      io.stderr(`cardwise measure: cannot write ${out}${code ? ` (${code})` : ''}\n`);
    }
    const peak =
      record.peakMemoryGiB === null ? 'no memory figure' : `peak ${formatNumber(record.peakMemoryGiB, 1)} GiB`;
    io.stderr(
      `cardwise measure: ${record.outcome} (exit ${exitCode}), ${peak}${run.card ? ` on ${String(run.card)}` : ''}, ` +
        `${formatNumber(record.durationHours * 60, 1)} min; wrote ${out}\n`,
    );
    for (const what of missing) io.stderr(`cardwise measure: the record lacks ${what}; runs add --input needs it\n`);

    let logged: number | null = null;
    if (flags.log === true) {
      if (missing.length > 0) io.stderr('cardwise measure: not logged (see above)\n');
      else {
        try {
          logged = (await callChannel((await app()).dispatcher, 'runs:add', run as RunInputDraft)).id;
          io.stderr(`cardwise measure: logged as run ${logged}\n`);
        } catch (error) {
          // The command already ran: report why logging failed, but keep its exit status.
          io.stderr(`cardwise measure: not logged: ${describeFailure(error).line.replace(/^error: /, '')}\n`);
        }
      }
    }
    if (json) printJson(io, { exitCode, file: out, run, missing, logged });
    return exitCode;
  },
};

/** The configuration from --config-json or from the estimate flags; undefined when neither is given. */
async function configFromFlags(
  flags: FlagValues,
  app: Parameters<typeof estimateInputFromCli>[1],
): Promise<EstimateInput | undefined> {
  const hasFlags = Object.keys(configOptions).some((name) => flags[name] !== undefined);
  if (typeof flags['config-json'] === 'string') {
    if (hasFlags) throw new UsageError('--config-json', 'give the configuration as a file or as flags, not both');
    const value = await readJsonInput('--config-json', flags['config-json']);
    // Checked now, not after a run of hours.
    checkInput(estimateInputSchema, value, (path) => `--config-json${path ? `.${path}` : ''}`);
    return value as EstimateInput;
  }
  return hasFlags ? estimateInputFromCli(flags, app) : undefined;
}

function parseRegex(text: string): RegExp {
  try {
    return new RegExp(text);
  } catch (error) {
    throw new UsageError('--tokens-per-second-regex', `not a valid pattern: ${(error as Error).message}`);
  }
}
