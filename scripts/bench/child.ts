import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { viteRun } from '../../src-main/db/vite-run.testkit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Runs the bench module `file` with `args` in a fresh Node process (through Vite's module runner: the
 * store's migrations are bundled files) and returns the JSON it printed last: a figure whose process must
 * be its own (its peak RSS, or code not yet compiled by an earlier call).
 */
export function inChildProcess<T>(file: string, args: readonly string[]): T {
  const out = execFileSync(process.execPath, [...viteRun(file), ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!) as T;
}
