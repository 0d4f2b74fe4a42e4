import { describe, expect, it } from 'vitest';
import { decodeRunsCsv, encodeRunsCsv } from './csv';
import { decodeRunsJson, encodeRunsJson } from './run-json';
import { validateImportRows } from './run-import';
import { isServingRun, runInputSchema, type Run } from './run-schema';

// A vLLM benchmark_serving run as its summary and the engine log print it (numbers typed in by hand).
const serving = {
  config: { model: 'llama-3.1-8b', method: 'inference', precision: 'bf16', seqLen: 8192 },
  card: 'h100-sxm',
  gpus: 1,
  tokensPerSecond: 2480.5,
  throughputKind: 'decode',
  engine: 'vllm',
  concurrency: 64,
  ttftMs: 212.4,
  promptTokens: 1024,
  outputTokens: 256,
  maxModelLen: 8192,
  gpuMemoryUtilization: 0.9,
  kvPoolTokens: 462_368,
  outcome: 'ok',
} as const;

function fieldsOf(value: unknown): string[] {
  const parsed = runInputSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
}

describe('serving runs in the run contract', () => {
  it('accepts a serving run with every figure and reads it back as given', () => {
    expect(runInputSchema.parse(serving)).toEqual({ ...serving, peakMemoryGiB: null, memoryMeter: null });
    expect(isServingRun(runInputSchema.parse(serving))).toBe(true);
  });

  it('needs the engine for any serving figure, each named', () => {
    const { engine: _engine, ...noEngine } = serving;
    expect(fieldsOf(noEngine)).toEqual([
      'concurrency',
      'ttftMs',
      'promptTokens',
      'outputTokens',
      'maxModelLen',
      'gpuMemoryUtilization',
      'kvPoolTokens',
    ]);
    expect(fieldsOf({ ...noEngine, concurrency: undefined, ttftMs: undefined })).not.toContain('concurrency');
  });

  it('refuses a serving run that trains, or whose tokens/s count prefill or training tokens', () => {
    expect(fieldsOf({ ...serving, config: { ...serving.config, method: 'lora' } })).toEqual(['config.method']);
    expect(fieldsOf({ ...serving, throughputKind: 'prefill' })).toEqual(['throughputKind']);
  });

  it('keeps gpu_memory_utilization in (0, 1] and token counts whole', () => {
    expect(fieldsOf({ ...serving, gpuMemoryUtilization: 0 })).toEqual(['gpuMemoryUtilization']);
    expect(fieldsOf({ ...serving, gpuMemoryUtilization: 1.01 })).toEqual(['gpuMemoryUtilization']);
    expect(fieldsOf({ ...serving, gpuMemoryUtilization: 1 })).toEqual([]);
    expect(fieldsOf({ ...serving, kvPoolTokens: 1.5 })).toEqual(['kvPoolTokens']);
    expect(fieldsOf({ ...serving, concurrency: 0 })).toEqual(['concurrency']);
    expect(fieldsOf({ ...serving, ttftMs: -3 })).toEqual(['ttftMs']);
    expect(fieldsOf({ ...serving, engine: 'tgi' })).toEqual(['engine']);
  });
});

describe('serving runs in the exchange files', () => {
  const stored: Run[] = [
    {
      ...runInputSchema.parse(serving),
      id: 1,
      origin: 'mine',
      citation: null,
      estimate: null,
      modelLabel: 'llama-3.1-8b',
      createdAt: '2026-12-01T00:00:00.000Z',
    },
    {
      ...runInputSchema.parse({ ...serving, engine: 'llamacpp', concurrency: 4, kvPoolTokens: undefined }),
      id: 2,
      origin: 'mine',
      citation: null,
      estimate: null,
      modelLabel: 'llama-3.1-8b',
      createdAt: '2026-12-01T00:00:00.000Z',
    },
  ];
  const inputs = stored.map(
    ({ id: _i, origin: _o, citation: _c, estimate: _e, modelLabel: _m, createdAt: _t, ...rest }) => rest,
  );

  it('CSV: the serving columns survive export and import', () => {
    const csv = encodeRunsCsv(stored);
    expect(csv.split('\r\n')[0]).toContain('engine,concurrency,ttftMs,promptTokens,outputTokens,maxModelLen');
    const { rows, issues } = decodeRunsCsv(csv);
    expect(issues).toEqual([]);
    const result = validateImportRows(rows);
    expect(result.issues).toEqual([]);
    expect(result.runs.map((r) => r.input)).toEqual(inputs);
  });

  it('JSON: the serving fields survive export and import', () => {
    const result = validateImportRows(decodeRunsJson(encodeRunsJson(stored)).rows);
    expect(result.issues).toEqual([]);
    expect(result.runs.map((r) => r.input)).toEqual(inputs);
  });

  it('CSV: a serving figure without an engine is reported on its line and column', () => {
    const csv = 'card,gpus,model,method,kvPoolTokens,outcome\r\nrtx-4090,1,llama-3.1-8b,inference,90000,ok\r\n';
    const { issues } = validateImportRows(decodeRunsCsv(csv).rows);
    expect(issues.map((i) => [i.line, i.field, i.message.code])).toEqual([
      [1, 'kvPoolTokens', 'runs.rule.servingNeedsEngine'],
    ]);
  });
});
