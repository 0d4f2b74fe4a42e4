import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, type App } from '../app';
import { typedCalls } from '../ipc/call.testkit';

let dir: string;
let app: App;
const call = typedCalls(() => app.dispatcher);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cardwise-handlers-'));
  app = openApp({ dbPath: join(dir, 'cardwise.db') });
});
afterEach(() => {
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

const counts = () =>
  Object.fromEntries(
    ['cards', 'offers', 'models', 'settings'].map((table) => [
      table,
      (app.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
    ]),
  );

describe('handlers over a real database', () => {
  it('lists the built-in cards with their stable ids', async () => {
    const ids = (await call.ok('cards:list', undefined)).cards.map((c) => c.id);
    for (const id of [
      'rtx-3090',
      'rtx-4090',
      'rtx-5090',
      'a100-40gb',
      'a100-80gb',
      'a100-80gb-pcie',
      'a800-80gb',
      'h20-96gb',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('edits a price and the edit is what the next list shows', async () => {
    const offer = (await call.ok('offers:list', { cardId: 'rtx-4090' })).offers[0]!;
    const updated = await app.dispatcher.dispatch('offers:update', { id: offer.id, patch: { price: 1.23 } });
    expect(updated).toMatchObject({ ok: true, data: { id: offer.id, price: 1.23 } });
    const prices = (await call.ok('offers:list', { cardId: 'rtx-4090' })).offers;
    expect(prices.find((o) => o.id === offer.id)?.price).toBe(1.23);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = counts();
    const cases: [string, unknown, string][] = [
      ['offers:update', { id: 'x', patch: { price: -5 } }, 'patch.price'],
      ['offers:update', { id: 'x', patch: { price: 'cheap' } }, 'patch.price'],
      [
        'offers:add',
        { cardId: 'rtx-4090', provider: 'p', billing: 'yearly', price: 1, currency: 'CNY', observedAt: '', source: '' },
        'billing',
      ],
      [
        'offers:add',
        { cardId: 'rtx-4090', provider: 'p', billing: 'hourly', price: 1, currency: 'EUR', observedAt: '', source: '' },
        'currency',
      ],
      ['settings:set', { headroomFraction: 3 }, 'headroomFraction'],
      [
        'estimate:compute',
        { model: 'llama-2-7b', method: 'lora', precision: 'bf16', batchSize: 0, seqLen: 512 },
        'batchSize',
      ],
      [
        'estimate:compute',
        { model: 'llama-2-7b', method: 'train', precision: 'bf16', batchSize: 1, seqLen: 512 },
        'method',
      ],
    ];
    for (const [channel, input, field] of cases) {
      const error = await call.refused(channel, input);
      expect(error, `${channel} ${JSON.stringify(input)}`).toMatchObject({ code: 'bad-input', field });
      expect(error.message).toContain(field);
    }
    expect(counts()).toEqual(before);
  });

  it('answers an unknown channel or a missing row with an error, never a throw', async () => {
    expect(await app.dispatcher.dispatch('cards:drop', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown-channel' },
    });
    expect(await app.dispatcher.dispatch('offers:update', { id: 'no-such-offer', patch: { price: 2 } })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(
      await app.dispatcher.dispatch('offers:add', {
        cardId: 'no-such-card',
        provider: 'p',
        billing: 'hourly',
        price: 1,
        currency: 'CNY',
        observedAt: '',
        source: '',
      }),
    ).toMatchObject({ ok: false });
  });

  it('remembers settings', async () => {
    await app.dispatcher.dispatch('settings:set', { language: 'zh-CN' });
    expect(await app.dispatcher.dispatch('settings:get', undefined)).toMatchObject({
      ok: true,
      data: { language: 'zh-CN' },
    });
  });
});

describe('estimate:compute', () => {
  it('answers the memory sweep of the Estimate chart (its own call), through the point the total is', async () => {
    const asked = { model: 'llama-2-13b', method: 'lora', precision: 'bf16', batchSize: 2, seqLen: 1024 } as const;
    const output = await call.ok('estimate:compute', { ...asked, calibration: false });
    expect(output).not.toHaveProperty('sweep');
    const sweep = await call.ok('estimate:sweep', asked);
    expect(sweep.at).toEqual({ batchSize: 2, seqLen: 1024 });
    expect(sweep.series.map((s) => s.batchSize)).toEqual([1, 2, 4, 8]);
    const asSet = sweep.series.find((s) => s.batchSize === 2)!.points.find((p) => p.seqLen === 1024);
    expect(asSet?.totalBytes).toBe(output.perGpu.totalBytes);
    // The longest sequence the 40 GB A100 holds sits between the sweep's points either side of its limit.
    const a100 = output.fits.find((f) => f.card === 'a100-40gb')!;
    const usable = 40 * 2 ** 30 * 0.9;
    for (const p of sweep.series.find((s) => s.batchSize === 2)!.points) {
      expect(p.totalBytes <= usable, String(p.seqLen)).toBe(p.seqLen <= a100.longestSeq);
    }
  });

  it('gives every card the largest batch and longest sequence that fit, consistent with its verdict', async () => {
    const { fits } = await call.ok('estimate:compute', {
      model: 'llama-2-13b',
      method: 'qlora',
      precision: 'int4',
      batchSize: 1,
      seqLen: 2048,
      calibration: false,
    });
    for (const fit of fits) {
      if (fit.fits) {
        expect(fit.largestBatch, fit.card).toBeGreaterThanOrEqual(1);
        expect(fit.longestSeq, fit.card).toBeGreaterThanOrEqual(2048);
      } else {
        expect(fit.largestBatch, fit.card).toBe(0);
        expect(fit.longestSeq, fit.card).toBeLessThan(2048);
      }
    }
    const on24 = fits.find((f) => f.card === 'rtx-4090')!;
    const on80 = fits.find((f) => f.card === 'a100-80gb')!;
    expect(on80.longestSeq).toBeGreaterThan(on24.longestSeq);
  });
});
