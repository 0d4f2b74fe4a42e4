import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src-main/domain/errors';
import { llama32GgufHeader } from '../../../src-main/domain/model-files/gguf-writer.testkit';
import { blobRangeFetch, readGgufBlob } from './gguf-file';

/** A Blob that records every byte range read from it, to show that only the header is read. */
function recordingBlob(bytes: Uint8Array, padding = 0): { blob: Blob; reads: [number, number][] } {
  const reads: [number, number][] = [];
  const whole = new Blob([bytes as BlobPart, new Uint8Array(padding)]);
  const wrap = (b: Blob, offset: number): Blob =>
    new Proxy(b, {
      get(target, key) {
        if (key === 'slice') {
          return (start = 0, end = target.size) => {
            reads.push([offset + start, offset + Math.min(end, target.size)]);
            return target.slice(start, end);
          };
        }
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return { blob: wrap(whole, 0), reads };
}

describe('a GGUF file read in the page', () => {
  it('gives architecture, shape, quant type and exact parameters from the header alone', async () => {
    const header = llama32GgufHeader();
    // 64 MB of "weights" after the header: never read.
    const { blob, reads } = recordingBlob(header, 64 * 2 ** 20);
    const model = await readGgufBlob(blob, 'llama.gguf');
    expect(model.architecture).toBe('llama');
    expect(model.dtype).toBe('Q4_K_M');
    expect(model.scheme).toBe('gguf-q4_k_m');
    // Llama-3.2-1B: 1.24B parameters (HF meta-llama/Llama-3.2-1B); the exact count of this shape.
    expect(model.model.params).toBe(1_235_814_400);
    expect(model.model).toMatchObject({ layers: 16, hidden: 2048, heads: 32, kvHeads: 8, vocab: 128256 });
    // Every read starts inside the header's first 2 MB chunk (the parser's chunk size).
    expect(reads.length).toBeGreaterThan(0);
    for (const [start] of reads) expect(start).toBeLessThan(header.length);
    const bytesRead = reads.reduce((sum, [start, end]) => sum + (end - start), 0);
    expect(bytesRead).toBeLessThanOrEqual(4 + 2 * 10 ** 6);
  });

  it('refuses a file that is no GGUF and a header cut off, naming the file', async () => {
    const refusal = async (blob: Blob, name: string) => {
      const error = await readGgufBlob(blob, name).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(InputError);
      return (error as InputError).detail;
    };
    expect(await refusal(new Blob(['hello']), 'notes.gguf')).toEqual({
      code: 'modelFile.notGguf',
      params: { file: 'notes.gguf' },
    });
    const cut = new Blob([llama32GgufHeader().slice(0, 600) as BlobPart]);
    expect(await refusal(cut, 'cut.gguf')).toMatchObject({ code: 'modelFile.truncated', params: { file: 'cut.gguf' } });
  });

  it('answers a Range request with that slice and the total size', async () => {
    const response = await blobRangeFetch(new Blob(['abcdefgh']))('x', { headers: { Range: 'bytes=2-4' } });
    expect(response.status).toBe(206);
    expect(await response.text()).toBe('cde');
    expect(response.headers.get('content-range')).toBe('bytes 2-4/8');
  });
});
