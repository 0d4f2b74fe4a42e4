import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliJson, assertCliBuilt } from './cli-test-support.testkit';

beforeAll(assertCliBuilt);

let dir: string;
let db: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cardwise-cli-plan-'));
  db = path.join(dir, 'cardwise.db');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface PlanOutput {
  options: {
    provider: string;
    billing: string;
    currency: string;
    total: number;
    lines: { item: string; amount: number }[];
  }[];
}

const cents = (amount: number): number => Math.round(amount * 100);

describe('cardwise plan', () => {
  it('--json has hourly and spot options whose bill lines add up to their totals', () => {
    const output = runCliJson(db, ['plan', '--card', 'rtx-4090', '--gpus', '1', '--hours', '14']) as PlanOutput;
    const billings = new Set(output.options.map((option) => option.billing));
    expect(billings.has('hourly')).toBe(true);
    expect(billings.has('spot')).toBe(true);
    for (const option of output.options) {
      expect(option.lines.length).toBeGreaterThan(0);
      expect(cents(option.lines.reduce((sum, line) => sum + line.amount, 0))).toBe(cents(option.total));
    }
  });

  it('prints one block per option, cheapest first, and the spot summary', () => {
    const output = runCliJson(db, ['plan', '--card', 'rtx-4090', '--hours', '14', '--currency', 'USD']) as PlanOutput;
    const result = runCli(db, ['plan', '--card', 'rtx-4090', '--hours', '14', '--currency', 'USD']);
    expect(result.status).toBe(0);
    const totals = [...result.stdout.matchAll(/^\d+\. .+ \[(\w+)\]: ([\d,.]+) USD/gm)].map((match) =>
      Number(match[2]!.replace(/,/g, '')),
    );
    expect(totals).toHaveLength(output.options.length);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(result.stdout).toMatch(
      /^Spot at .+: checkpoint every \d+ min \(recommended\), P\(≥1 interruption\) \d+%, expected extra [\d.]+ h/m,
    );
  });

  it('names the flag at fault', () => {
    const missing = runCli(db, ['plan', '--card', 'rtx-4090']);
    expect(missing.status).toBe(2);
    // zod's own words for a missing field, in plain English (the hand-written 'required: …' is gone).
    expect(missing.stderr).toBe('error: --hours: is required\n');
    const checkpoint = runCli(db, [
      'plan',
      '--card',
      'rtx-4090',
      '--hours',
      '5',
      '--checkpoint-minutes',
      '1',
      '--checkpoint-save-minutes',
      '5',
    ]);
    expect(checkpoint.status).toBe(2);
    expect(checkpoint.stderr).toMatch(/^error: --checkpoint-minutes: /);
  });
});

describe('cardwise ownership', () => {
  // Article 001 §1.1–1.2: an 8-card server costing ¥59,200 a month (inputs as in src-main/domain/plan/ownership.test.ts).
  const article = [
    'ownership',
    '--card-price',
    '0',
    '--power-w',
    '0',
    '--other',
    '59200',
    '--cards',
    '8',
    '--currency',
    'CNY',
  ];

  it('costs ≈ ¥10 / ¥20 / ¥33 per used card-hour at 100 / 50 / 30% utilization', () => {
    const output = runCliJson(db, [...article, '--utilization', '0.3', '--rental-price', '20']) as {
      monthly: { total: number };
      costPerUsedCardHour: number;
      breakEvenUtilization: number;
      series: { utilization: number; costPerUsedCardHour: number }[];
    };
    const at = (utilization: number) =>
      output.series.find((point) => Math.abs(point.utilization - utilization) < 1e-9)!.costPerUsedCardHour;
    console.log(`ownership: ¥${at(1).toFixed(2)} / ¥${at(0.5).toFixed(2)} / ¥${output.costPerUsedCardHour.toFixed(2)}`);
    expect(output.monthly.total).toBe(59_200);
    // The article truncates: 10.14 → "约 10", 20.27 → "20", 33.79 → "33".
    expect([at(1), at(0.5), output.costPerUsedCardHour].map(Math.floor)).toEqual([10, 20, 33]);
    expect(output.breakEvenUtilization).toBeCloseTo(59_200 / (20 * 5840), 6);

    const human = runCli(db, [...article, '--utilization', '0.3', '--rental-price', '20']);
    expect(human.stdout).toContain('Cost per used card-hour: 33.79 CNY');
    expect(human.stdout).toMatch(/^\s*total\s+59,200\.00$/m);
    expect(human.stdout).toMatch(/^\s*50%\s+20\.27\s+renting cheaper$/m);
  });

  it('a missing required input names its flag', () => {
    const result = runCli(db, ['ownership', '--power-w', '4000']);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^error: --card-price: /);
  });
});
