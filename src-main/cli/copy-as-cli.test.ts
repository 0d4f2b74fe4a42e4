/**
 * "Copy as CLI" (issue 13 point 9): the command the pages copy, run through the built CLI, gives
 * the answer the page's channel call gives, for the same store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type App } from '../app';
import { typedCalls } from '../ipc/call.testkit';
import { estimateCommand, rankCommand } from '../../src-renderer/lib/cli-command';
import { DEFAULT_FORM, toEstimateInput, updateForm } from '../../src-renderer/pages/estimate/estimate-form';
import { DEFAULT_COMPARE_FORM, toRankInput } from '../../src-renderer/pages/compare/compare-form';
import { assertCliBuilt, runCliJson } from './cli-test-support.testkit';

let dir: string;
let db: string;
let app: App;
const call = typedCalls(() => app.dispatcher);

beforeAll(() => {
  assertCliBuilt();
  dir = mkdtempSync(join(tmpdir(), 'cardwise-copy-cli-'));
  db = join(dir, 'cardwise.db');
  app = openApp({ dbPath: db });
});
afterAll(() => {
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * An answer without its "default used" notes: the page sends every value, the command leaves out a
 * switch that is off and has no --no- flag, and the CLI then says it used that default (off, the
 * same value). Every number, verdict, warning and other assumption must match.
 */
function withoutDefaultNotes(answer: unknown): unknown {
  return JSON.parse(JSON.stringify(answer), (_key, value: unknown) =>
    Array.isArray(value)
      ? value.filter(
          (item) => !(item && typeof item === 'object' && (item as { code?: string }).code === 'assume.default'),
        )
      : value,
  );
}

/** The words of a copied command after `cardwise`, as a shell splits them (single quotes only). */
function argsOf(command: string): string[] {
  const words = [...command.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!,
  );
  expect(words[0]).toBe('cardwise');
  return words.slice(1);
}

const forms = {
  'the first question (Llama 3.1 8B LoRA on an RTX 4090)': DEFAULT_FORM,
  'QLoRA on a 13B size with gradient checkpointing off': updateForm(
    updateForm(updateForm(DEFAULT_FORM, 'model', '__size__'), 'method', 'qlora'),
    'gradientCheckpointing',
    false,
  ),
  'inference at batch 8': updateForm(updateForm(DEFAULT_FORM, 'method', 'inference'), 'batchSize', '8'),
};

describe('Copy as CLI', () => {
  for (const [name, form] of Object.entries(forms)) {
    it(`estimate: ${name}`, async () => {
      const input = toEstimateInput(form);
      const command = estimateCommand(input);
      const page = await call.ok('estimate:compute', input);
      expect(withoutDefaultNotes(runCliJson(db, argsOf(command)))).toEqual(withoutDefaultNotes(page));
    });
  }

  it('rank: QLoRA 7B on 50M tokens in USD, spot only, 1 and 2 GPUs, fastest first', async () => {
    const estimate = toEstimateInput(updateForm(updateForm(DEFAULT_FORM, 'model', 'llama-2-7b'), 'method', 'qlora'));
    const prepared = toRankInput(estimate, {
      ...DEFAULT_COMPARE_FORM,
      tokens: '50m',
      epochs: '2',
      currency: 'USD',
      billing: 'spot',
      gpuCounts: '1,2',
      sort: 'time',
    });
    const command = rankCommand(prepared.input!);
    expect(command).toContain(
      ' --tokens 50000000 --epochs 2 --gpu-counts 1,2 --billing spot --currency USD --sort time',
    );
    // One --tokens-per-sample: the CLI reads it for the set-up and the job alike.
    expect(command.match(/--tokens-per-sample/g)).toHaveLength(1);
    const page = await call.ok('rank:compute', prepared.input!);
    expect(withoutDefaultNotes(runCliJson(db, argsOf(command)))).toEqual(withoutDefaultNotes(page));
  });
});
