/** The CLI door: hostile flag values exit 2 with one `error: --flag` line, no stack trace, nothing on stdout. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertCliBuilt } from './cli-test-support.testkit';

beforeAll(assertCliBuilt);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-cli-hostile-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function cardwise(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env };
  delete env.CARDWISE_DB;
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [path.join(repoRoot, 'bin', 'cardwise.js'), ...args, '--db', path.join(dir, 'c.db')],
      {
        cwd: repoRoot,
        env,
      },
    );
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    proc.on('error', reject);
    proc.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const base = ['estimate', '--params', '13b', '--method', 'lora', '--json'];

describe('cardwise with hostile flag values', () => {
  it('refuses NaN, Infinity, 1e308, -0, __proto__ and constructor with exit 2 and one line naming the flag', async () => {
    const cases: [string[], string][] = [
      [[...base, '--batch', 'NaN'], '--batch'],
      [[...base, '--seq', 'Infinity'], '--seq'],
      [[...base, '--batch', '1e308'], '--batch'],
      [[...base, '--batch', '-0'], '--batch'],
      [[...base, '--layers', '__proto__'], '--layers'],
      [['estimate', '--params', '13b', '--method', 'constructor', '--json'], '--method'],
    ];
    const results = await Promise.all(cases.map(([args]) => cardwise(args)));
    results.forEach((result, i) => {
      const [args, flag] = cases[i]!;
      const label = args.join(' ');
      expect(result.status, `${label}: ${result.stderr}`).toBe(2);
      expect(result.stdout, label).toBe('');
      expect(result.stderr, label).toMatch(new RegExp(`^error: ${flag}\\b[^\\n]*\\n$`));
      expect(result.stderr, label).not.toMatch(/\n\s+at /);
    });
  }, 60_000);
});
