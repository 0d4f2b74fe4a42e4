/**
 * The CLI door: a hostile flag value exits 2 with one `error: --flag …` line, no stack trace
 * and nothing on stdout. The named cases go through the real launcher (a child process, as a
 * user runs it); the properties (fast-check, fixed seeds) run `main` in this process, so a few
 * hundred command lines cost seconds, not minutes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateFields } from '../domain/fields/estimate-fields';
import { modelShapeFields } from '../domain/fields/model-fields';
import { serveFields } from '../domain/fields/serve-fields';
import { hostileText } from '../http/hostile.testkit';
import { assertCliBuilt, bin, repoRoot } from './cli-test-support.testkit';
import type { Command } from './command';
import { tableBindings } from './flag-input';
import { commands, main } from './main';

beforeAll(assertCliBuilt);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-cli-hostile-'));
const db = path.join(dir, 'c.db');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cardwise(args: string[]): Promise<Outcome> {
  const env = { ...process.env };
  delete env.CARDWISE_DB;
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [bin, ...args, '--db', db], { cwd: repoRoot, env });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    proc.on('error', reject);
    proc.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** `cardwise …args --db DB` in this process, with its output caught. */
async function inProcess(args: readonly string[]): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: (t: string) => void (stdout += t),
    stderr: (t: string) => void (stderr += t),
    stdoutIsTty: false,
  };
  const status = await main([...args, '--db', db], io);
  return { status, stdout, stderr };
}

/** Control characters a terminal acts on (ESC sequences, a carriage return…); the line's own newline aside. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** One line on stderr that starts `error: <flag>` (or `error: ` when no flag is given), with no control characters. */
function expectOneErrorLine(stderr: string, label: string, flag = ''): void {
  expect(stderr, label).toMatch(new RegExp(`^error: ${flag}${flag ? '\\b' : ''}[^\\n]*\\n$`));
  expect(stderr, label).not.toMatch(CONTROL);
}

/** Exit 2, nothing on stdout, exactly one error line naming the flag, no stack trace. */
function expectRefusedBy(result: Outcome, flag: string, label: string): void {
  expect(result.status, `${label}: ${result.stderr}`).toBe(2);
  expect(result.stdout, label).toBe('');
  expectOneErrorLine(result.stderr, label, flag);
}

/** Valid command lines of the commands that only read and compute: each property changes one flag of one. */
const BASES: Record<string, string[]> = {
  estimate: ['estimate', '--params', '13b', '--method', 'lora', '--json'],
  rank: ['rank', '--params', '7b', '--method', 'lora', '--json'],
  plan: ['plan', '--card', 'rtx-4090', '--hours', '10', '--json'],
  ownership: ['ownership', '--card-price', '15000', '--power-w', '4000', '--json'],
  capacity: ['capacity', '--model', 'qwen2.5-0.5b', '--gpu', 'rtx-4090', '--gpus', '1', '--json'],
};

const byName = (name: string): Command => commands.find((command) => command.name === name)!;
/** Flags of a command that take a value, but for those that name a file to read or write. */
const valueFlags = (name: string): string[] =>
  Object.entries(byName(name).options)
    .filter(([flag, spec]) => spec.type === 'string' && spec.value !== 'FILE' && flag !== 'db')
    .map(([flag]) => flag);

/**
 * Flags whose value is read as a number: the estimate's from its field tables (a field added
 * there is checked here too), the others' by name: every value flag but the listed words.
 */
const NUMBER_FLAGS: Record<string, string[]> = {
  estimate: [...tableBindings(modelShapeFields, 'model.'), ...tableBindings(estimateFields)]
    .filter((binding) => binding.read === 'number')
    .map((binding) => binding.flag),
  rank: ['epochs', 'tokens-per-sample'],
  plan: valueFlags('plan').filter((flag) => !['card', 'provider', 'currency'].includes(flag)),
  ownership: valueFlags('ownership').filter((flag) => flag !== 'currency'),
  capacity: tableBindings(serveFields)
    .filter((binding) => binding.read === 'number')
    .map((binding) => binding.flag),
};

/** `base` with `--flag value` (or `--flag=value`) in place of any value it had for the flag. */
function withFlag(base: readonly string[], flag: string, value: string, joined: boolean): string[] {
  const at = base.indexOf(`--${flag}`);
  const rest = at < 0 ? [...base] : [...base.slice(0, at), ...base.slice(at + 2)];
  return joined ? [...rest, `--${flag}=${value}`] : [...rest, `--${flag}`, value];
}

// The CLI's number grammar (flag-input.ts): plain decimal or scientific notation, nothing around it.
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** An argument can hold any text but NUL. */
const argText = hostileText.map((text) => text.replaceAll('\u0000', ''));
/** Numbers beyond every limit of every flag, or not finite once read. */
const outOfRange = fc.constantFrom('1e308', '-1e308', '1e400', '-1', '-0.5', '1e30', '123456789012345678901234567890');

describe('cardwise with hostile flag values', () => {
  it('refuses NaN, Infinity, 1e308, -0, __proto__ and constructor with exit 2 and one line naming the flag', async () => {
    const base = BASES.estimate!;
    const cases: [string[], string][] = [
      [withFlag(base, 'batch', 'NaN', false), '--batch'],
      [withFlag(base, 'seq', 'Infinity', false), '--seq'],
      [withFlag(base, 'batch', '1e308', false), '--batch'],
      [withFlag(base, 'batch', '-0', false), '--batch'],
      [withFlag(base, 'layers', '__proto__', false), '--layers'],
      [withFlag(base, 'method', 'constructor', false), '--method'],
    ];
    const results = await Promise.all(cases.map(([args]) => cardwise(args)));
    results.forEach((result, i) => expectRefusedBy(result, cases[i]![1], cases[i]![0].join(' ')));
  }, 60_000);

  it('refuses any text that is not a plain number, and any number beyond the limits, on every number flag', async () => {
    const commandFlag = fc.constantFrom(
      ...Object.entries(NUMBER_FLAGS).flatMap(([command, flags]) => flags.map((flag) => [command, flag] as const)),
    );
    const value = fc.oneof(
      argText.filter((text) => !PLAIN_NUMBER.test(text)),
      outOfRange,
    );
    await fc.assert(
      fc.asyncProperty(commandFlag, value, fc.boolean(), async ([command, flag], text, joined) => {
        const args = withFlag(BASES[command]!, flag, text, joined);
        expectRefusedBy(await inProcess(args), `--${flag}`, JSON.stringify(args));
      }),
      { seed: 1202, numRuns: 300 },
    );
  }, 120_000);

  it('answers or refuses in one line, whatever text any value flag gets: never a crash, a stack or half an answer', async () => {
    const commandFlag = fc.constantFrom(
      ...Object.keys(BASES).flatMap((command) => valueFlags(command).map((flag) => [command, flag] as const)),
    );
    const tally = { answered: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(commandFlag, argText, fc.boolean(), async ([command, flag], text, joined) => {
        const args = withFlag(BASES[command]!, flag, text, joined);
        const result = await inProcess(args);
        const label = `${JSON.stringify(args)}: ${result.stderr}`;
        expect([0, 2], label).toContain(result.status);
        if (result.status === 2) {
          expect(result.stdout, label).toBe('');
          expectOneErrorLine(result.stderr, label);
          tally.refused++;
        } else {
          expect(() => JSON.parse(result.stdout), label).not.toThrow();
          tally.answered++;
        }
      }),
      { seed: 1203, numRuns: 300 },
    );
    console.log('hostile flag values', tally);
    // Hostile text is mostly refused, but some is a fine value (a provider name, a number): both happen.
    expect(tally.refused, JSON.stringify(tally)).toBeGreaterThan(0);
    expect(tally.answered, JSON.stringify(tally)).toBeGreaterThan(0);
  }, 120_000);
});
