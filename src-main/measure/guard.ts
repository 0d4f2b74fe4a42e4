import { spawn } from 'node:child_process';
import { INITIAL_IDLE_STATE, stepIdle, type IdleState } from './idle-tracker';
import { queryGpus, type GpuQueryResult } from './nvidia-smi';
import type { Sink } from './measure';

export interface GuardOptions {
  /** Trigger after this many minutes with every GPU below the threshold. */
  idleMinutes: number;
  thresholdPercent: number;
  /** Shell command to run once idle (e.g. "shutdown -h now"); without it the guard only reports. */
  then?: string;
  intervalSeconds: number;
  gpuIndex?: number;
  env?: NodeJS.ProcessEnv;
  stderr?: Sink;
  /** Injectable clock, sleep and reader, for tests. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  readGpus?: () => Promise<GpuQueryResult>;
}

export interface GuardResult {
  triggered: boolean;
  idleMinutes: number;
  /** Exit status of `then`, or null when there was none to run. */
  thenExitCode: number | null;
  message: string;
}

function runShell(command: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env, stdio: 'inherit' });
    child.on('error', () => resolve(127));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/**
 * Watches GPU utilization and, after `idleMinutes` with every GPU below `thresholdPercent`, runs `then`
 * through the shell (or returns with a message): a rented box left idle keeps billing. Any busy reading
 * restarts the count; without nvidia-smi the guard refuses rather than act blind.
 */
export async function runGuard(opts: GuardOptions): Promise<GuardResult> {
  const env = opts.env ?? process.env;
  const stderr = opts.stderr ?? process.stderr;
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const read = opts.readGpus ?? (() => queryGpus({ gpuIndex: opts.gpuIndex, env }));
  const config = { idleMs: opts.idleMinutes * 60_000, thresholdPercent: opts.thresholdPercent };
  let state: IdleState = INITIAL_IDLE_STATE;
  let warnedUnknown = false;

  for (;;) {
    const result = await read();
    if (!result.ok && result.missing) {
      const message = `${result.message}: the guard cannot see the GPUs, so it will not act`;
      stderr.write(`cardwise guard: ${message}\n`);
      return { triggered: false, idleMinutes: 0, thenExitCode: null, message };
    }
    const utilizations = result.ok ? result.gpus.map((g) => g.utilizationPercent) : null;
    const decision = stepIdle(state, now(), utilizations, config);
    state = decision.state;
    if (decision.action === 'wait' && decision.reason === 'unknown' && !warnedUnknown) {
      warnedUnknown = true;
      stderr.write('cardwise guard: utilization unreadable (N/A or nvidia-smi error); not counting this as idle\n');
    }
    if (decision.action === 'trigger') {
      const idleMinutes = decision.idleForMs / 60_000;
      const message = `GPUs below ${opts.thresholdPercent}% utilization for ${idleMinutes.toFixed(1)} min`;
      if (!opts.then) {
        stderr.write(`cardwise guard: ${message}\n`);
        return { triggered: true, idleMinutes, thenExitCode: null, message };
      }
      stderr.write(`cardwise guard: ${message}; running: ${opts.then}\n`);
      const thenExitCode = await runShell(opts.then, env);
      return { triggered: true, idleMinutes, thenExitCode, message };
    }
    await sleep(opts.intervalSeconds * 1000);
  }
}
