import { describe, expect, it } from 'vitest';
import { msg } from '../../../src-main/domain/messages';
import { ApiError } from '../../lib/api';
import { checkImportFile, detectFormat, issuesOf } from './import-file';

const config = { model: 'llama-3.1-8b', method: 'lora', precision: 'bf16', batchSize: 1, seqLen: 2048 };
const good = { config, card: 'rtx-4090', gpus: 1, peakMemoryGiB: 20, memoryMeter: 'nvidia-smi', outcome: 'ok' };

describe('detectFormat', () => {
  it('trusts the extension first', () => {
    expect(detectFormat('runs.CSV', '{')).toBe('csv');
    expect(detectFormat('export.json', 'a,b')).toBe('json');
  });
  it('sniffs the text otherwise', () => {
    expect(detectFormat('measure-out', '\uFEFF  {"card":"rtx-4090"}')).toBe('json');
    expect(detectFormat('runs.txt', '[{}]')).toBe('json');
    expect(detectFormat('runs.txt', 'card,gpus,outcome\r\nrtx-4090,1,ok')).toBe('csv');
    expect(detectFormat('notes.txt', 'just some words')).toBeNull();
  });
});

describe('checkImportFile', () => {
  it('lists every bad row with its line and field', () => {
    const text = JSON.stringify({ version: 1, runs: [good, { ...good, gpus: 0 }, { ...good, outcome: 'fine' }] });
    const issues = checkImportFile('json', text);
    expect(issues.map((i) => [i.line, i.field])).toEqual([
      [1, 'gpus'],
      [2, 'outcome'],
    ]);
    expect(checkImportFile('json', JSON.stringify([good]))).toEqual([]);
  });
  it('names the file when it cannot be read at all', () => {
    expect(checkImportFile('json', '{oops')[0]).toMatchObject({ line: 0, field: '(file)' });
  });
  it('reads issues off an error object when it carries them', () => {
    const detail = msg('validation.tooSmall', { allowed: msg('validation.wholeBetween', { min: 1, max: 1024 }) });
    const refused = new ApiError('bad-input', 'runs: nothing was imported', {
      issues: [{ line: 3, field: 'gpus', message: 'too small: …', detail }],
    });
    expect(issuesOf(refused)).toEqual([{ line: 3, field: 'gpus', message: detail }]);
    expect(issuesOf({ issues: [{ line: 3, field: 'gpus', message: 'x' }] })).toEqual([]);
    expect(issuesOf(new Error('x'))).toEqual([]);
    expect(issuesOf(null)).toEqual([]);
  });
});
