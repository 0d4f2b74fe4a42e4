/**
 * Numbers: random VALID inputs to the computing channels, through the real dispatcher over
 * a real database, never produce NaN or Infinity anywhere in the answer, and money comes out
 * in whole fen without float drift.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type App } from '../app';
import { contract } from '../ipc/contract';
import type { Channel } from '../ipc/channels';
import { typedCalls } from '../ipc/call.testkit';
import { prng, type Prng } from '../http/prng.testkit';

let dir: string;
let app: App;
let cardIds: string[];
let modelIds: string[];
const call = typedCalls(() => app.dispatcher);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-finite-'));
  app = openApp({ dbPath: path.join(dir, 'cardwise.db') });
  cardIds = (await call.ok('cards:list', {})).cards.map((c) => c.id);
  modelIds = (await call.ok('models:list', {})).models.map((m) => m.id);
});
afterAll(() => {
  app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every number inside `value`, with its path. */
function numbersIn(value: unknown, at = ''): [string, number][] {
  if (typeof value === 'number') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbersIn(v, `${at}[${i}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => numbersIn(v, `${at}.${k}`));
  return [];
}

/** A log-uniform number in [lo, hi]: edge sizes as often as middle ones. */
function logUniform(rng: Prng, lo: number, hi: number): number {
  return Math.exp(Math.log(lo) + rng.next() * (Math.log(hi) - Math.log(lo)));
}

function randomEstimate(rng: Prng): Record<string, unknown> {
  const method = rng.pick(['inference', 'full', 'lora', 'qlora']);
  const input: Record<string, unknown> = {
    model: rng.chance(0.6)
      ? rng.pick(modelIds)
      : rng.chance(0.5)
        ? { params: logUniform(rng, 1e6, 1e14) }
        : {
            params: logUniform(rng, 1e8, 2e12),
            layers: 1 + rng.int(200),
            hidden: 64 * (1 + rng.int(256)),
            vocab: 1 + rng.int(300_000),
          },
    method,
    precision: method === 'qlora' ? 'int4' : rng.pick(['fp32', 'bf16', 'fp16', 'fp8', 'int8', 'int4']),
    batchSize: Math.round(logUniform(rng, 1, 65_536)),
    seqLen: Math.round(logUniform(rng, 1, 10_000_000)),
  };
  if (method === 'qlora') input.quant = 'bnb';
  if (rng.chance(0.5)) input.gradientCheckpointing = rng.chance(0.5);
  if (rng.chance(0.3)) input.flashAttention = rng.chance(0.5);
  if (rng.chance(0.3)) input.gpus = 1 + rng.int(1024);
  if (rng.chance(0.3)) input.sharding = rng.pick(['none', 'zero1', 'zero2', 'zero3', 'fsdp']);
  if (rng.chance(0.5)) input.gpu = rng.pick(cardIds);
  if ((method === 'lora' || method === 'qlora') && rng.chance(0.7)) {
    input.lora = { rank: 1 + rng.int(4096), targets: rng.pick(['attention', 'all-linear', ['q', 'v'], ['down']]) };
  }
  return input;
}

function randomInput(rng: Prng, channel: Channel): unknown {
  if (channel === 'estimate:compute') return randomEstimate(rng);
  if (channel === 'rank:compute') {
    return {
      input: randomEstimate(rng),
      workload: rng.chance(0.7) ? { tokens: logUniform(rng, 1, 1e16), epochs: logUniform(rng, 0.01, 10_000) } : {},
      options: { gpuCounts: [1 + rng.int(8), 1 + rng.int(64)], billing: rng.pick(['all', 'hourly', 'daily', 'spot']) },
    };
  }
  return {
    card: rng.pick(cardIds),
    gpus: 1 + rng.int(64),
    computeHours: logUniform(rng, 1e-4, 100_000),
    setupHours: rng.chance(0.5) ? logUniform(rng, 1e-3, 10_000) : 0,
    idleHours: rng.chance(0.5) ? rng.next() * 10_000 : undefined,
    spot: rng.chance(0.5)
      ? {
          interruptionsPerHour: rng.next() * 10,
          checkpointSaveMinutes: logUniform(rng, 0.01, 1440),
          restartMinutes: rng.next() * 1440,
          maxLossMinutes: logUniform(rng, 0.01, 10_080),
        }
      : undefined,
    extras: rng.chance(0.5)
      ? { storageGB: rng.next() * 1_000_000, egressGB: rng.next() * 1_000_000, snapshotGB: rng.next() * 1000 }
      : undefined,
    seriesPoints: 10 + rng.int(100),
  };
}

describe('computing channels with random valid inputs', () => {
  const runs: [Channel, number][] = [
    ['estimate:compute', 300],
    ['rank:compute', 40],
    ['plan:compute', 120],
  ];
  for (const [channel, count] of runs) {
    it(`${channel}: every number in every answer is finite (${count} inputs)`, async () => {
      const rng = prng(channel.length * 7919);
      let answered = 0;
      for (let i = 0; i < count; i++) {
        const input = JSON.parse(JSON.stringify(randomInput(rng, channel)));
        if (!contract[channel].input.safeParse(input).success) continue;
        const result = await app.dispatcher.dispatch(channel, input);
        if (!result.ok) {
          // The caller's fault (a domain rule, an unknown card) is fine; a crash is not.
          expect(['bad-input', 'not-found'], `${JSON.stringify(input)} → ${result.error.message}`).toContain(
            result.error.code,
          );
          continue;
        }
        answered++;
        const bad = numbersIn(result.data).filter(([, n]) => !Number.isFinite(n));
        expect(bad, JSON.stringify(input)).toEqual([]);
      }
      expect(answered).toBeGreaterThan(count / 2);
    }, 60_000);
  }

  // Found by this suite: a size string ("1e308", "1e20") once skipped the 1e14 limit of `{ params }`.
  it('refuses model sizes beyond the params limit when written as a size string', async () => {
    for (const model of ['1e308', '1e20', '9e99b']) {
      const result = await app.dispatcher.dispatch('estimate:compute', {
        model,
        method: 'lora',
        precision: 'bf16',
        batchSize: 1,
        seqLen: 1024,
      });
      expect(result.ok, model).toBe(false);
    }
  });

  it('bills ¥1.98/h × 3 h as exactly ¥5.94, and every total is a whole number of fen', async () => {
    await call.ok('offers:add', {
      cardId: 'rtx-4090',
      provider: 'Trust test',
      region: 'cn',
      billing: 'hourly',
      price: 1.98,
      currency: 'CNY',
      gpusPerPrice: 1,
      granularity: 'second',
      observedAt: '2025-11-30',
      source: 'test',
    });
    const plan = await call.ok('plan:compute', {
      card: 'rtx-4090',
      provider: 'Trust test',
      computeHours: 3,
      setupHours: 0,
      idleHours: 0,
      extras: { storageGB: 0 },
    });
    const hourly = plan.options.find((o) => o.billing === 'hourly');
    expect(hourly?.total).toBe(5.94);
    // 1.98 * 3 is 5.9399999999999995 in floating point: the bill line must not show it.
    expect(hourly?.lines.map((l) => l.amount)).toContain(5.94);
    for (const option of plan.options) {
      for (const amount of [option.total, ...option.lines.map((l) => l.amount)]) {
        expect(Math.abs(amount * 100 - Math.round(amount * 100))).toBeLessThan(1e-9);
        expect(String(amount)).toMatch(/^\d+(\.\d{1,2})?$/);
      }
    }
  });
});
