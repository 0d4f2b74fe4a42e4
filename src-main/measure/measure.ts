import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { queryGpus } from './nvidia-smi';
import type { GpuReading } from './nvidia-smi-parse';
import { OutputScanner } from './output-scan';
import { buildRunRecord, type MeasuredRunRecord } from './run-record';

/** Where passed-through output and our own messages go (process.stdout / process.stderr by default). */
export interface Sink {
  write(chunk: string | Uint8Array): unknown;
}

export interface MeasureOptions {
  /** The user's command and its arguments, run unchanged (no shell). */
  command: string[];
  /** Sample only this GPU; otherwise every GPU nvidia-smi lists. */
  gpuIndex?: number;
  intervalSeconds?: number;
  /** A pattern whose first capture group is a tokens/s value, e.g. "([\\d.]+) tokens/s". */
  tokensPerSecondRegex?: RegExp | string;
  env?: NodeJS.ProcessEnv;
  stdout?: Sink;
  stderr?: Sink;
}

/** Exit status as a shell reports it: the code, or 128 + the signal number. */
function exitStatus(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return 128 + (signal ? (constants.signals[signal] ?? 0) : 0);
}

/**
 * Runs the user's training command unchanged, passing its output through (and scanning it), samples
 * nvidia-smi every interval while it runs, and returns the exit code with a run record. Without
 * nvidia-smi the command still runs and the record has no memory figure.
 */
export async function runMeasured(opts: MeasureOptions): Promise<{ exitCode: number; record: MeasuredRunRecord }> {
  const stdout = opts.stdout ?? process.stdout;
  const stderr = opts.stderr ?? process.stderr;
  const env = opts.env ?? process.env;
  const intervalMs = Math.max(50, (opts.intervalSeconds ?? 1) * 1000);
  const [file, ...args] = opts.command;
  if (!file) throw new Error('runMeasured: command is empty');

  const samples: GpuReading[][] = [];
  let samplingProblem: string | null = null;
  const sample = async (): Promise<GpuReading[] | null> => {
    if (samplingProblem !== null) return null;
    const result = await queryGpus({ gpuIndex: opts.gpuIndex, env });
    if (result.ok) return result.gpus;
    samplingProblem = result.message;
    stderr.write(`cardwise measure: ${result.message}; running without memory sampling\n`);
    return null;
  };

  const baseline = await sample();
  const scanner = new OutputScanner(opts.tokensPerSecondRegex);
  const startedAt = new Date();
  const extraNotes: string[] = [];

  let inFlight: Promise<void> | null = null;
  const tick = () => {
    if (inFlight || samplingProblem !== null) return;
    inFlight = sample().then((gpus) => {
      if (gpus) samples.push(gpus);
      inFlight = null;
    });
  };

  const exitCode = await new Promise<number>((resolve) => {
    const child = spawn(file, args, { env, stdio: ['inherit', 'pipe', 'pipe'] });
    const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
    const onInt = forward('SIGINT');
    const onTerm = forward('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    const timer = setInterval(tick, intervalMs);
    tick();
    const finish = (status: number) => {
      clearInterval(timer);
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve(status);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout.write(chunk);
      scanner.push('stdout', chunk.toString('utf8'));
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr.write(chunk);
      scanner.push('stderr', chunk.toString('utf8'));
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      const message =
        error.code === 'ENOENT' ? `command not found: ${file}` : `could not start ${file}: ${error.message}`;
      stderr.write(`cardwise measure: ${message}\n`);
      extraNotes.push(message);
      finish(error.code === 'ENOENT' ? 127 : 126);
    });
    child.on('close', (code, signal) => finish(exitStatus(code, signal)));
  });
  const endedAt = new Date();
  await inFlight;

  const findings = scanner.end();
  const record = buildRunRecord({
    samples,
    baseline,
    gpuIndex: opts.gpuIndex,
    startedAt,
    endedAt,
    exitCode,
    sawOom: findings.sawOom,
    tokensPerSecondValues: findings.tokensPerSecond,
    samplingProblem,
    extraNotes,
  });
  return { exitCode, record };
}
