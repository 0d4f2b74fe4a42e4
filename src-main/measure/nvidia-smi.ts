import { execFile } from 'node:child_process';
import { NVIDIA_SMI_QUERY, parseNvidiaSmiCsv, type GpuReading } from './nvidia-smi-parse';

/** A reading, or why there is none: nvidia-smi is not installed, or it failed this time. */
export type GpuQueryResult = { ok: true; gpus: GpuReading[] } | { ok: false; missing: boolean; message: string };

/**
 * Runs nvidia-smi once (optionally for one GPU index) and parses its CSV. Never throws: a missing
 * binary gives `missing: true`, a failing one (driver mismatch, timeout) gives its message.
 */
export function queryGpus(
  opts: { gpuIndex?: number; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<GpuQueryResult> {
  const args = [`--query-gpu=${NVIDIA_SMI_QUERY}`, '--format=csv,noheader,nounits'];
  if (opts.gpuIndex !== undefined) args.push('-i', String(opts.gpuIndex));
  return new Promise((resolve) => {
    execFile(
      'nvidia-smi',
      args,
      { env: opts.env ?? process.env, timeout: opts.timeoutMs ?? 10_000 },
      (error, stdout, stderr) => {
        if (error) {
          const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
          const detail =
            String(stderr || stdout || error.message)
              .trim()
              .split('\n')[0] ?? '';
          resolve({
            ok: false,
            missing,
            message: missing ? 'nvidia-smi not found on PATH' : `nvidia-smi failed: ${detail}`,
          });
          return;
        }
        resolve({ ok: true, gpus: parseNvidiaSmiCsv(stdout) });
      },
    );
  });
}
