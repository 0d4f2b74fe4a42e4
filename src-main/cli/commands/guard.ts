import { runGuard } from '../../measure/guard';
import { printJson, type Command } from '../command';
import { z } from 'zod';
import { checkFlags, defaultIn, inputFromBindings, type Binding } from '../flag-input';
import { UsageError } from '../report-error';

/** What the flags say, with the defaults a guard runs with. */
const guardFlagsSchema = z.object({
  idleMinutes: z.number().positive().max(100_000).default(30),
  thresholdPercent: z.number().min(0).max(100).default(5),
  intervalSeconds: z.number().positive().max(86_400).default(60),
  gpuIndex: z.number().int().min(0).max(1024).optional(),
  then: z.string().min(1).optional(),
});
const GUARD_BINDINGS: readonly Binding[] = [
  { flag: 'idle-minutes', path: 'idleMinutes', read: 'number' },
  { flag: 'threshold', path: 'thresholdPercent', read: 'number' },
  { flag: 'interval', path: 'intervalSeconds', read: 'number' },
  { flag: 'gpu-index', path: 'gpuIndex', read: 'number' },
  { flag: 'then', path: 'then' },
];
const byDefault = (path: string) => String(defaultIn(guardFlagsSchema, path));

/** `cardwise guard`: stop paying for an idle rented box. */
export const guardCommand: Command = {
  name: 'guard',
  summary: 'watch GPU utilization and run a command (e.g. shutdown) once the GPUs sit idle',
  usage: ['guard [--idle-minutes M] [--threshold PCT] [--then "<command>"] [--interval S] [--gpu-index N] [--json]'],
  options: {
    'idle-minutes': {
      type: 'string',
      value: 'M',
      description: `minutes every GPU must stay below the threshold (default ${byDefault('idleMinutes')})`,
    },
    threshold: {
      type: 'string',
      value: 'PCT',
      description: `utilization % below which a GPU counts as idle (default ${byDefault('thresholdPercent')})`,
    },
    then: { type: 'string', value: 'CMD', description: 'shell command to run once idle, e.g. "shutdown -h now"' },
    interval: {
      type: 'string',
      value: 'S',
      description: `seconds between nvidia-smi readings (default ${byDefault('intervalSeconds')})`,
    },
    'gpu-index': { type: 'string', value: 'N', description: 'watch only this GPU (default: all)' },
  },
  notes: [
    'Any busy reading restarts the count. Without --then the guard reports and exits.',
    'Exit status: that of --then when it ran, 0 when idle without --then, 1 when nvidia-smi cannot be read',
    '(the guard refuses to act blind).',
    'Example: nohup cardwise guard --idle-minutes 30 --then "shutdown -h now" &',
  ],
  async run({ flags, positionals, json, io }) {
    if (positionals.length > 0) throw new UsageError('guard', `unexpected argument "${positionals[0]}"`);
    const { then, gpuIndex, ...timing } = checkFlags(
      guardFlagsSchema,
      inputFromBindings(GUARD_BINDINGS, flags),
      GUARD_BINDINGS,
      flags,
      'guard',
    );
    const result = await runGuard({
      ...timing,
      // With --json stdout carries only our JSON value, so the command's own output goes to stderr.
      ...(then !== undefined ? { then: json ? `{ ${then}\n} 1>&2` : then } : {}),
      ...(gpuIndex !== undefined ? { gpuIndex } : {}),
      stderr: process.stderr,
    });
    if (json) printJson(io, result);
    if (!result.triggered) return 1;
    return result.thenExitCode ?? 0;
  },
};
