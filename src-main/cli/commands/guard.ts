import { runGuard } from '../../measure/guard';
import { printJson, type Command } from '../command';
import { parseNonNegativeInt, parseNonNegativeNumber, parsePositiveNumber } from '../parse-value';
import { UsageError } from '../usage-error';

/** `cardwise guard`: stop paying for an idle rented box. */
export const guardCommand: Command = {
  name: 'guard',
  summary: 'watch GPU utilization and run a command (e.g. shutdown) once the GPUs sit idle',
  usage: ['guard [--idle-minutes M] [--threshold PCT] [--then "<command>"] [--interval S] [--gpu-index N] [--json]'],
  options: {
    'idle-minutes': {
      type: 'string',
      value: 'M',
      description: 'minutes every GPU must stay below the threshold (default 30)',
    },
    threshold: {
      type: 'string',
      value: 'PCT',
      description: 'utilization % below which a GPU counts as idle (default 5)',
    },
    then: { type: 'string', value: 'CMD', description: 'shell command to run once idle, e.g. "shutdown -h now"' },
    interval: { type: 'string', value: 'S', description: 'seconds between nvidia-smi readings (default 60)' },
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
    const idleMinutes =
      typeof flags['idle-minutes'] === 'string' ? parsePositiveNumber('--idle-minutes', flags['idle-minutes']) : 30;
    const thresholdPercent =
      typeof flags.threshold === 'string' ? parseNonNegativeNumber('--threshold', flags.threshold) : 5;
    if (thresholdPercent > 100)
      throw new UsageError('--threshold', `must be at most 100, got "${String(flags.threshold)}"`);
    const intervalSeconds = typeof flags.interval === 'string' ? parsePositiveNumber('--interval', flags.interval) : 60;
    if (flags.then === '') throw new UsageError('--then', 'needs a command');
    const result = await runGuard({
      idleMinutes,
      thresholdPercent,
      intervalSeconds,
      // With --json stdout carries only our JSON value, so the command's own output goes to stderr.
      ...(typeof flags.then === 'string' ? { then: json ? `{ ${flags.then}\n} 1>&2` : flags.then } : {}),
      ...(typeof flags['gpu-index'] === 'string'
        ? { gpuIndex: parseNonNegativeInt('--gpu-index', flags['gpu-index']) }
        : {}),
      stderr: process.stderr,
    });
    if (json) printJson(io, result);
    if (!result.triggered) return 1;
    return result.thenExitCode ?? 0;
  },
};
