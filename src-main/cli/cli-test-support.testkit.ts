import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Test support: the real `cardwise` launcher in a child process, as a user runs it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const bin = path.join(repoRoot, 'bin', 'cardwise.js');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `cardwise --db DB …args` (the database first, so nothing lands after a `--`), with
 * CARDWISE_DB unset and `env` on top of this process's environment.
 */
export function runCli(
  db: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number } = {},
): CliResult {
  const env = { ...process.env, ...options.env };
  delete env.CARDWISE_DB;
  const result = spawnSync(process.execPath, [bin, '--db', db, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env,
    input: options.input,
    maxBuffer: 256 * 1024 ** 2,
    timeout: options.timeoutMs ?? 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs with --json, expects success, and parses stdout as exactly one JSON value. */
export function runCliJson(db: string, args: readonly string[], options: { env?: NodeJS.ProcessEnv } = {}): unknown {
  const result = runCli(db, [...args, '--json'], options);
  if (result.status !== 0) throw new Error(`cardwise ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}
