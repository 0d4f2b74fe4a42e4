import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Test support: the real `cardwise` launcher in a child process, as a user runs it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const bin = path.join(repoRoot, 'bin', 'cardwise.js');

/** Where the CLI's code and bundled files come from: a change to any of them needs a new build. */
const BUILD_INPUTS = [path.join(repoRoot, 'src-main'), path.join(repoRoot, 'data')];

function newestInput(dir: string): { file: string; ms: number } {
  let newest = { file: dir, ms: 0 };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    const candidate = entry.isDirectory()
      ? newestInput(file)
      : /\.test\.ts$|\.testkit\.ts$/.test(entry.name)
        ? { file, ms: 0 }
        : { file, ms: fs.statSync(file).mtimeMs };
    if (candidate.ms > newest.ms) newest = candidate;
  }
  return newest;
}

/**
 * The CLI tests run the built CLI (out/main/cli.js), as a user does: a missing or stale build
 * fails at once with what to run, instead of testing yesterday's code. `npm test` builds first.
 */
export function assertCliBuilt(): void {
  const built = path.join(repoRoot, 'out', 'main', 'cli.js');
  if (!fs.existsSync(built)) throw new Error('out/main/cli.js is missing: run `npm run build` before the CLI tests');
  const builtMs = fs.statSync(built).mtimeMs;
  for (const input of BUILD_INPUTS) {
    const newest = newestInput(input);
    if (newest.ms > builtMs) {
      throw new Error(`${path.relative(repoRoot, newest.file)} changed after the last build: run \`npm run build\``);
    }
  }
}

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
