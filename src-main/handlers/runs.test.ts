import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, type App } from '../app';
import { typedCalls } from '../ipc/call.testkit';
import { english } from '../domain/messages';
import { groupIsOn } from '../domain/calibrate/groups';
import { CALIBRATION_VALIDATION } from '../domain/calibrate/validated';

let dir: string;
let app: App;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cardwise-runs-'));
  app = openApp({ dbPath: join(dir, 'cardwise.db') });
});
afterEach(() => {
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

const { ok: call, refused } = typedCalls(() => app.dispatcher);

const config = {
  model: 'qwen2.5-7b',
  method: 'lora',
  precision: 'bf16',
  batchSize: 2,
  seqLen: 1024,
  gradientCheckpointing: true,
} as const;

describe('run log and calibration over a real database', () => {
  it("lists each run with today's estimate, and an edit of its card changes it at once", async () => {
    await call('runs:add', { config, card: 'rtx-4090', gpus: 1, tokensPerSecond: 1000, outcome: 'ok' });
    const listed = async () => (await call('runs:list', { filter: { origin: 'mine' } })).runs[0]!.predicted!;
    const before = await listed();
    // Asked again with no write between: the remembered prediction, equal to a fresh one.
    expect(await listed()).toEqual(before);
    const card = (await call('cards:list', undefined)).cards.find((c) => c.id === 'rtx-4090')!;
    await call('cards:save', { ...card, bf16Tflops: card.bf16Tflops / 2, bandwidthGBps: card.bandwidthGBps / 2 });
    const after = await listed();
    expect(after.totalBytes).toBe(before.totalBytes);
    expect(after.tokensPerSecond!).toBeLessThan(before.tokensPerSecond! * 0.9);
  });

  it('shows the published runs read-only, with their citation', async () => {
    const page = await call('runs:list', { filter: { origin: 'published' } });
    expect(page.total).toBeGreaterThan(100);
    expect(page.runs[0]!.citation).toMatch(/https?:\/\//);
    const edit = await app.dispatcher.dispatch('runs:update', { id: page.runs[0]!.id, patch: { notes: 'mine now' } });
    expect(edit).toMatchObject({ ok: false, error: { code: 'bad-input', field: 'id' } });
  });

  it('names and estimates the published runs on cards nobody rents (data/reference-cards.json)', async () => {
    // The llama.cpp runs of XiongjieDai's table on an RTX 3070: a reference card, not a catalog one.
    const page = await call('runs:list', { filter: { origin: 'published', card: 'rtx-3070' } });
    expect(page.total).toBeGreaterThan(0);
    expect((await call('cards:list', undefined)).cards.some((c) => c.id === 'rtx-3070')).toBe(false);
    expect(page.cardNames).toEqual({ 'rtx-3070': 'GeForce RTX 3070' });
    expect(page.runs.every((run) => run.predicted?.tokensPerSecond !== undefined)).toBe(true);
    // A catalog card keeps its catalog name.
    const rented = await call('runs:list', { filter: { origin: 'published', card: 'rtx-4090' } });
    expect(rented.cardNames).toEqual({ 'rtx-4090': 'GeForce RTX 4090' });
    // Whatever the page, the list offers those cards to filter by, after the catalog's.
    expect(rented.otherCards).toContainEqual({ id: 'rtx-3070', name: 'GeForce RTX 3070' });
    expect(rented.otherCards.some((c) => c.id === 'rtx-4090')).toBe(false);
  });

  it('moves the next estimate of a similar configuration toward a measured run', async () => {
    const own = await call('estimate:compute', { ...config, gpu: 'rtx-4090', calibration: false });
    const before = await call('estimate:compute', { ...config, batchSize: 3, gpu: 'rtx-4090' });
    // 15% above the raw estimate of its own configuration, and still within the card's 24 GiB.
    const ratio = 1.15;
    const measuredGiB = (ratio * own.perGpu.totalBytes) / 2 ** 30;
    expect(measuredGiB).toBeLessThan(24);
    await call('runs:add', {
      config: { ...config, gpu: 'rtx-4090' },
      card: 'rtx-4090',
      gpus: 1,
      peakMemoryGiB: measuredGiB,
      memoryMeter: 'nvidia-smi',
      outcome: 'ok',
    });

    const similar = await call('estimate:compute', { ...config, batchSize: 3, gpu: 'rtx-4090' });
    const raw = await call('estimate:compute', {
      ...config,
      batchSize: 3,
      gpu: 'rtx-4090',
      calibration: false,
    });
    expect(similar.calibration!.mine).toBe(before.calibration!.mine + 1);
    expect(raw.calibration).toBeUndefined();
    if (groupIsOn(CALIBRATION_VALIDATION, 'memory lora')) {
      // Toward the run, never past it: one run against the prior and the published neighbours.
      expect(similar.calibration!.memoryFactor).toBeGreaterThan(before.calibration!.memoryFactor);
      expect(similar.calibration!.memoryFactor).toBeLessThan(ratio);
      expect(similar.calibrated!.totalBytes).toBeGreaterThan(before.calibrated!.totalBytes);
    } else {
      // The held-out table switched LoRA memory calibration off: the raw estimate stands, and it says why.
      expect(similar.calibration!.memoryFactor).toBe(1);
      expect(similar.calibrated!.totalBytes).toBe(raw.perGpu.totalBytes);
      expect(similar.calibration!.flags.map(english).join(' ')).toMatch(/calibration of memory \(lora\) is off/);
    }
  });

  it('refuses a run that cannot have happened, naming the field, and one already logged', async () => {
    const run = {
      config,
      card: 'rtx-4090',
      gpus: 1,
      peakMemoryGiB: 80,
      memoryMeter: 'nvidia-smi',
      outcome: 'ok',
    } as const;
    const before = (await call('runs:list', { filter: { origin: 'mine' } })).total;
    expect(await refused('runs:add', run)).toMatchObject({ code: 'bad-input', field: 'peakMemoryGiB' });
    const nothing = { config, card: 'rtx-4090', gpus: 1, outcome: 'ok' } as const;
    expect(await refused('runs:add', nothing)).toMatchObject({ field: 'peakMemoryGiB' });
    // 6 FLOPs per parameter and token of a 7B-class model at 1M tokens/s: far beyond a 4090's peak.
    const fast = { config, card: 'rtx-4090', gpus: 1, tokensPerSecond: 1e6, outcome: 'ok' } as const;
    expect(await refused('runs:add', fast)).toMatchObject({ field: 'tokensPerSecond' });
    const good = { ...run, peakMemoryGiB: 20, notes: 'once' };
    await call('runs:add', good);
    expect(await refused('runs:add', good)).toMatchObject({ code: 'bad-input', field: '(run)' });
    expect((await call('runs:list', { filter: { origin: 'mine' } })).total).toBe(before + 1);

    const text = JSON.stringify({ version: 1, runs: [{ ...good, notes: 'two' }, run, { ...fast, notes: 'x' }] });
    const issues = (await refused('runs:import', { format: 'json', text })).issues ?? [];
    expect(issues.map((i) => [i.line, i.field])).toEqual([
      [1, 'peakMemoryGiB'],
      [2, 'tokensPerSecond'],
    ]);
    expect((await call('runs:list', { filter: { origin: 'mine' } })).total).toBe(before + 1);
  });

  it('imports all or nothing, naming every bad row', async () => {
    const good = { config, card: 'rtx-4090', gpus: 1, peakMemoryGiB: 20, memoryMeter: 'nvidia-smi', outcome: 'ok' };
    const before = (await call('runs:list', { filter: { origin: 'mine' } })).total;
    const text = JSON.stringify({ version: 1, runs: [good, { ...good, gpus: 0 }, { ...good, outcome: 'fine' }] });
    const issues = (await refused('runs:import', { format: 'json', text })).issues ?? [];
    expect(issues.map((i) => i.field)).toEqual(expect.arrayContaining(['gpus', 'outcome']));
    expect(issues.length).toBe(2);
    expect((await call('runs:list', { filter: { origin: 'mine' } })).total).toBe(before);
  });

  it('exports CSV that a spreadsheet cannot run, and JSON that re-imports to the same runs', async () => {
    await call('runs:add', {
      config,
      card: 'rtx-4090',
      gpus: 1,
      peakMemoryGiB: 20,
      memoryMeter: 'nvidia-smi',
      outcome: 'ok',
      notes: '=HYPERLINK("http://x")',
      provider: '@AutoDL',
      cost: 3.2,
      currency: 'CNY',
    });
    const csv = await call('runs:export', { format: 'csv' });
    expect(csv.text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(csv.text).toContain(`'=HYPERLINK`);
    const json = await call('runs:export', { format: 'json' });
    const runsOf = (text: string) => (JSON.parse(text) as { runs: object[] }).runs;
    // Re-importing its own export adds nothing and says so; asked to, it adds them again.
    const skipped = await call('runs:import', { format: 'json', text: json.text });
    expect(skipped).toMatchObject({ imported: 0, duplicates: runsOf(json.text).length });
    await call('runs:import', { format: 'json', text: json.text, allowDuplicates: true });
    const again = await call('runs:export', { format: 'json' });
    expect(runsOf(again.text)).toEqual([...runsOf(json.text), ...runsOf(json.text)]);
  });
});

describe('throughput flags', () => {
  it('flags the same card and configuration measured more than 10% apart, and only those', async () => {
    const run = { config: { ...config, gpu: 'rtx-4090' }, card: 'rtx-4090', gpus: 1, outcome: 'ok' } as const;
    const a = await call('runs:add', { ...run, tokensPerSecond: 3000 });
    const b = await call('runs:add', { ...run, tokensPerSecond: 2500 });
    await call('runs:add', { ...run, config: { ...run.config, batchSize: 4 }, tokensPerSecond: 1000 });
    const { flags } = await call('runs:flags', { method: 'lora' });
    const mine = flags.filter((flag) => flag.runIds.includes(String(a.id)));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.runIds.sort()).toEqual([String(a.id), String(b.id)].sort());
    expect(english(mine[0]!.reason)).toMatch(/shared or throttled/);
    // The run table carries each run's flag itself (from the rates kept per group): the same runs, the same reason.
    const listed = (await call('runs:list', { limit: 500, filter: { method: 'lora' } })).runs;
    expect(listed.length).toBeLessThan(500);
    const byId = (ids: number[]) => ids.sort((x, y) => x - y);
    expect(byId(listed.filter((r) => r.flag).map((r) => r.id))).toEqual(
      byId(flags.flatMap((flag) => flag.runIds.map(Number))),
    );
    expect(listed.find((r) => r.id === a.id)?.flag).toEqual(mine[0]!.reason);
  });
});

describe('throughput flags between writes', () => {
  it('answers from what was worked out until the log changes, then sees the change (update and delete)', async () => {
    const run = { config: { ...config, gpu: 'rtx-3090' }, card: 'rtx-3090', gpus: 1, outcome: 'ok' } as const;
    const a = await call('runs:add', { ...run, tokensPerSecond: 1500 });
    const b = await call('runs:add', { ...run, tokensPerSecond: 1450 });
    const flagged = async () =>
      (await call('runs:flags', { method: 'lora' })).flags.filter((flag) => flag.runIds.includes(String(a.id)));
    expect(await flagged()).toEqual([]);
    await call('runs:update', { id: b.id, patch: { tokensPerSecond: 1000 } });
    const both = [String(a.id), String(b.id)].sort();
    const spread = await flagged();
    expect(spread).toHaveLength(1);
    expect(spread[0]!.runIds.sort()).toEqual(both);
    // A caller changing its answer must not change the next one, which comes from the same work.
    spread[0]!.runIds.splice(0);
    const again = await flagged();
    expect(again).toHaveLength(1);
    expect(again[0]!.runIds.sort()).toEqual(both);
    await call('runs:delete', { id: b.id });
    expect(await flagged()).toEqual([]);
  });
});

describe('throughput flags and scope', () => {
  it('reads a per-GPU rate and a whole-run rate of the same speed as equal', async () => {
    const run = { config: { ...config, gpus: 2, gpu: 'rtx-4090' }, card: 'rtx-4090', gpus: 2, outcome: 'ok' } as const;
    const perGpu = await call('runs:add', {
      ...run,
      tokensPerSecond: 1000,
      throughputScope: 'per-gpu',
    });
    await call('runs:add', { ...run, tokensPerSecond: 2000, throughputScope: 'all-gpus' });
    const { flags } = await call('runs:flags', { method: 'lora' });
    expect(flags.filter((flag) => flag.runIds.includes(String(perGpu.id)))).toEqual([]);
  });
});
