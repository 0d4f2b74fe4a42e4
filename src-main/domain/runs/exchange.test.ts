import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRunsCsv, encodeRunsCsv, neutralizeCell, restoreCell } from './csv';
import { decodeRunsJson, encodeRunsJson } from './run-json';
import { validateImportRows } from './run-import';
import type { Run } from './run-schema';
import { msg } from '../messages';

const hostileNotes = [
  '=HYPERLINK("http://evil.example","click")',
  '+1',
  '-2+3',
  '@SUM(A1:A9)',
  '\tTAB',
  "'=already quoted",
  "it's fine",
  'commas, "quotes"\r\nand a new line',
  '显存峰值 21.4 GiB，AutoDL 北京 B 区',
];

function run(id: number, notes: string): Run {
  return {
    id,
    origin: 'mine',
    citation: null,
    estimate: id === 1 ? { perGpu: { totalBytes: 2.1e10 } } : null,
    modelLabel: 'qwen2.5-7b',
    createdAt: '2025-12-01T00:00:00.000Z',
    config: { model: 'qwen2.5-7b', method: 'qlora', precision: 'int4', quant: 'bnb', batchSize: 4, seqLen: 2048 },
    card: 'rtx-4090',
    gpus: 1,
    provider: id % 2 === 0 ? '@provider' : '恒源云',
    peakMemoryGiB: id % 3 === 0 ? null : 10 + id / 7,
    memoryMeter: id % 3 === 0 ? null : 'torch-reserved',
    tokensPerSecond: 1234.5678901234,
    throughputKind: 'train',
    durationHours: 0.1 + id,
    cost: 1.98 * id,
    currency: 'CNY',
    outcome: id % 3 === 0 ? 'oom' : 'ok',
    notes,
    startedAt: `2025-11-${String(10 + id).padStart(2, '0')}T08:00:00+08:00`,
  };
}

const runs = hostileNotes.map((notes, i) => run(i + 1, notes));

/** The part of a run that an import recreates (the store assigns the rest). */
function inputOf({ id: _id, origin: _o, citation: _c, estimate: _e, modelLabel: _m, createdAt: _t, ...input }: Run) {
  return input;
}

describe('spreadsheet neutralizing', () => {
  it('prefixes a quote to every cell a spreadsheet could run as a formula, and only to those', () => {
    expect(['=1', '+1', '-1', '@A', '\tx', '\rx', "'=x"].map(neutralizeCell)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@A",
      "'\tx",
      "'\rx",
      "''=x",
    ]);
    expect(['1.5', "it's", "'quoted'", '{"a":1}', '中文'].map(neutralizeCell)).toEqual([
      '1.5',
      "it's",
      "'quoted'",
      '{"a":1}',
      '中文',
    ]);
    for (const cell of hostileNotes) expect(restoreCell(neutralizeCell(cell))).toBe(cell);
    expect(restoreCell("'quoted'")).toBe("'quoted'");
  });

  it('leaves no cell of the export that starts with a formula character', () => {
    const csv = encodeRunsCsv(runs);
    const cells = csv.split(/[,\r\n]/).map((cell) => cell.replace(/^"/, ''));
    expect(cells.filter((cell) => /^[=+\-@\t]/.test(cell))).toEqual([]);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  });
});

describe('round trips', () => {
  it('CSV: export then import gives the same runs', () => {
    const { rows, issues } = decodeRunsCsv(encodeRunsCsv(runs));
    expect(issues).toEqual([]);
    const result = validateImportRows(rows);
    expect(result.issues).toEqual([]);
    expect(result.runs.map((r) => r.input)).toEqual(runs.map(inputOf));
  });

  it('JSON: export then import gives the same runs and estimates', () => {
    const text = encodeRunsJson(runs);
    expect(JSON.parse(text)).toMatchObject({ version: 1 });
    const { rows, issues } = decodeRunsJson(text);
    expect(issues).toEqual([]);
    const result = validateImportRows(rows);
    expect(result.issues).toEqual([]);
    expect(result.runs.map((r) => r.input)).toEqual(runs.map(inputOf));
    expect(result.runs.map((r) => r.estimate)).toEqual(runs.map((r) => r.estimate));
  });
});

describe('CSV import', () => {
  const header =
    'card,gpus,model,method,precision,batchSize,seqLen,peakMemoryGiB,memoryMeter,cost,currency,outcome,config';

  it('builds config from the copy columns when the config cell is empty', () => {
    const { rows } = decodeRunsCsv(`${header}\r\nrtx-3090,2,13b,lora,bf16,1,4096,22.5,nvidia-smi,,,ok,\r\n`);
    const { runs: imported, issues } = validateImportRows(rows);
    expect(issues).toEqual([]);
    expect(imported[0]?.input).toMatchObject({
      card: 'rtx-3090',
      gpus: 2,
      config: { model: '13b', method: 'lora', precision: 'bf16', batchSize: 1, seqLen: 4096 },
      peakMemoryGiB: 22.5,
    });
  });

  it('reports every bad row with its 1-based data line and field', () => {
    const text = [
      header,
      'rtx-3090,two,13b,lora,bf16,1,4096,,,,,ok,',
      'rtx-3090,1,13b,lora,bf16,1,4096,,,5,,ok,',
      'rtx-3090,1,13b,lora,bf16,1,4096,,,,,ok,',
      'rtx-3090,1,13b,lora,bf16,1,4096,,,,,ok,{not json',
      'rtx-3090,1,13b,full,bf16,1,4096,,,,,ok,"{""model"":""13b"",""method"":""lora"",""precision"":""bf16"",""batchSize"":1,""seqLen"":4096}"',
    ].join('\r\n');
    const { rows } = decodeRunsCsv(text);
    const { issues } = validateImportRows(rows);
    expect(issues.map(({ line, field }) => [line, field])).toEqual([
      [1, 'gpus'],
      [2, 'currency'],
      [4, 'config'],
      [5, 'method'],
    ]);
  });

  it('refuses published rows, unknown columns and broken quoting as a whole', () => {
    const published = decodeRunsCsv(`origin,${header}\r\npublished,rtx-3090,1,13b,lora,bf16,1,4096,,,,,ok,\r\n`);
    expect(validateImportRows(published.rows).issues).toEqual([
      { line: 1, field: 'origin', message: msg('import.publishedRun') },
    ]);
    expect(decodeRunsCsv('card,peakMemoryGB\r\nx,1\r\n').issues).toEqual([
      { line: 0, field: 'peakMemoryGB', message: expect.objectContaining({ code: 'import.unknownColumn' }) },
    ]);
    expect(decodeRunsCsv('card,gpus\r\n"x,1\r\n').issues[0]).toMatchObject({ line: 0, field: '(file)' });
  });
});

describe('JSON import', () => {
  it('takes a bare array or one run object, and numbers rows by index', () => {
    const one = {
      config: { model: '7b', method: 'inference', precision: 'fp16', batchSize: 1, seqLen: 512 },
      card: 'a100-80gb',
      gpus: 1,
      outcome: 'ok',
    };
    expect(validateImportRows(decodeRunsJson(JSON.stringify(one)).rows).runs).toHaveLength(1);
    const { issues } = validateImportRows(
      decodeRunsJson(JSON.stringify([one, { ...one, gpus: -1 }, one, { ...one, origin: 'published' }])).rows,
    );
    expect(issues.map(({ line, field }) => [line, field])).toEqual([
      [1, 'gpus'],
      [3, 'origin'],
    ]);
    expect(decodeRunsJson('{"version":2,"runs":[]}').issues[0]).toMatchObject({ field: 'version' });
    expect(decodeRunsJson('nope').issues[0]).toMatchObject({ line: 0, field: '(file)' });
  });
});

describe('spreadsheet neutralizing beyond the first character (OWASP CSV injection list)', () => {
  it('neutralizes leading whitespace and line breaks, full-width and small signs, and a sign after ; or ,', () => {
    const risky = [
      ' =1+1',
      '\n=1+1',
      '\r\n@SUM(A1)',
      '\u3000=1',
      '＝1+1',
      '＋1',
      '－1',
      '＠A1',
      '﹦1',
      'a;=1+1',
      'x, -2',
      'ok;＠A1',
    ];
    for (const cell of risky) expect(neutralizeCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    for (const cell of ['hello', ' hello', '中文 备注', 'a;b', '1,2', "it's"]) expect(neutralizeCell(cell)).toBe(cell);
  });

  it('restores exactly what it neutralized, for any text', () => {
    const unit = fc.constantFrom("'", '=', '+', '-', '@', ' ', '\t', '\n', ';', ',', '＝', '＠', 'a', '中');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), (cell) => {
        expect(restoreCell(neutralizeCell(cell))).toBe(cell);
        const written = neutralizeCell(cell);
        // What a spreadsheet sees never starts with a formula sign, even after spaces.
        expect(written.replace(/^[\s\u3000]+/, '')).not.toMatch(/^[=+\-@＝＋－＠﹦﹢﹣﹫]/);
      }),
      { numRuns: 2000, seed: 15 },
    );
  });
});
