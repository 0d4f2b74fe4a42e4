import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type App } from '../app';
import { isMessage, type Message } from '../domain/messages';
import { catalogs } from '../domain/messages/catalogs';
import { typedCalls } from '../ipc/call.testkit';
import { contract } from '../ipc/contract';

let dir: string;
let app: App;
const call = typedCalls(() => app.dispatcher);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-serve-'));
  app = openApp({ dbPath: path.join(dir, 'cardwise.db') });
});
afterAll(() => {
  app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Every message anywhere in a value, nested parameters included. */
function messagesIn(value: unknown, found: Message[] = []): Message[] {
  if (isMessage(value)) {
    found.push(value);
    for (const param of Object.values(value.params ?? {})) messagesIn(param, found);
  } else if (Array.isArray(value)) value.forEach((item) => messagesIn(item, found));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((item) => messagesIn(item, found));
  return found;
}

/** Every number anywhere in a value, with its path. */
function numbersIn(value: unknown, at = '', found: [string, number][] = []): [string, number][] {
  if (typeof value === 'number') found.push([at, value]);
  else if (Array.isArray(value)) value.forEach((item, i) => numbersIn(item, `${at}[${i}]`, found));
  else if (value !== null && typeof value === 'object')
    Object.entries(value).forEach(([key, item]) => numbersIn(item, `${at}.${key}`, found));
  return found;
}

describe('serve:compute over a real database', () => {
  it('answers per card × GPU count from the stored catalog, ranked, with its sentences as messages in both languages', async () => {
    const output = await call.ok('serve:compute', { model: 'qwen2.5-7b', maxModelLen: 8192 });
    const cards = (await call.ok('cards:list', undefined)).cards;
    expect(output.setups).toHaveLength(cards.length * 4);
    expect(output.currency).toBe('CNY');
    expect(output.ranking.length).toBeGreaterThan(0);
    for (const message of messagesIn(output)) {
      expect(catalogs.en, message.code).toHaveProperty([message.code]);
      expect(catalogs['zh-CN'], message.code).toHaveProperty([message.code]);
    }
  });

  it('a card added by the user is served too, and an offer for it is ranked', async () => {
    const card = (await call.ok('cards:list', undefined)).cards.find((c) => c.id === 'a100-80gb')!;
    await call.ok('cards:save', { ...card, id: 'my-a100', name: 'My A100' });
    await call.ok('offers:add', {
      cardId: 'my-a100',
      provider: 'Mine',
      region: 'cn',
      billing: 'hourly',
      price: 3.6,
      currency: 'CNY',
      gpusPerPrice: 1,
      granularity: 'second',
      observedAt: '2026-01-01',
      source: 'test',
    });
    const output = await call.ok('serve:compute', { model: 'qwen2.5-7b', gpu: 'my-a100', gpus: 1, maxModelLen: 8192 });
    expect(output.setups.map((s) => [s.card, s.fits])).toEqual([['my-a100', true]]);
    expect(output.ranking.map((r) => r.provider)).toEqual(['Mine']);
  });

  it('refuses an unknown card as not found, and a bad utilization at its field', async () => {
    expect((await call.refused('serve:compute', { model: 'qwen2.5-7b', gpu: 'no-such-card' })).code).toBe('not-found');
    const bad = await call.refused('serve:compute', { model: 'qwen2.5-7b', gpuMemoryUtilization: 1.5 });
    expect([bad.code, bad.field]).toEqual(['bad-input', 'gpuMemoryUtilization']);
    const long = await call.refused('serve:compute', { model: 'qwen2.5-7b', maxModelLen: 1_000_000 });
    expect([long.code, long.field, long.detail?.code]).toEqual([
      'bad-input',
      'maxModelLen',
      'serve.maxModelLenAboveModel',
    ]);
  });

  it('every number of every answer is finite for random valid inputs (fast-check, fixed seed)', async () => {
    const cards = (await call.ok('cards:list', undefined)).cards.map((c) => c.id);
    const models = (await call.ok('models:list', undefined)).models.map((m) => m.id);
    const input = fc.record(
      {
        model: fc.constantFrom(...models),
        engine: fc.constantFrom('vllm', 'sglang', 'llamacpp'),
        gpu: fc.constantFrom(...cards),
        gpus: fc.constantFrom(1, 2, 4, 8),
        maxModelLen: fc.integer({ min: 16, max: 4096 }),
        gpuMemoryUtilization: fc.double({ min: 0.01, max: 1, noNaN: true }),
        kvCacheDtype: fc.constantFrom('auto', 'fp8'),
        promptTokens: fc.integer({ min: 1, max: 100_000 }),
        outputTokens: fc.integer({ min: 1, max: 10_000 }),
        requestsPerSecond: fc.double({ min: 0.001, max: 1000, noNaN: true }),
        targetUtilization: fc.double({ min: 0.01, max: 1, noNaN: true }),
      },
      { requiredKeys: ['model'] },
    );
    const tally = { answered: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(input, async (drawn) => {
        expect(contract['serve:compute'].input.safeParse(drawn).success).toBe(true);
        const result = await app.dispatcher.dispatch('serve:compute', drawn);
        if (!result.ok) {
          expect(['bad-input', 'not-found'], result.error.message).toContain(result.error.code);
          tally.refused++;
          return;
        }
        tally.answered++;
        expect(numbersIn(result.data).filter(([, n]) => !Number.isFinite(n))).toEqual([]);
      }),
      { seed: 1717, numRuns: 80 },
    );
    expect(tally.answered).toBeGreaterThan(40);
  }, 120_000);
});
