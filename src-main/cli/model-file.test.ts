import { mkdtempSync, openSync, closeSync, rmSync, writeFileSync, ftruncateSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llama32GgufHeader } from '../domain/model-files/gguf-writer.testkit';
import type { GgufModel } from '../domain/model-files/gguf-header';
import { readModelFile } from './model-file';
import { UsageError } from './report-error';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cardwise-model-file-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeGguf(name: string): string {
  const file = path.join(dir, name);
  const header = llama32GgufHeader();
  writeFileSync(file, header);
  return file;
}

const refusal = async (promise: Promise<unknown>): Promise<UsageError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UsageError);
  return error as UsageError;
};

describe('readModelFile: GGUF', () => {
  it('reads architecture, shape, quant type and exact tensor bytes from a header the test wrote', async () => {
    const model = (await readModelFile('gguf', writeGguf('llama.gguf'))) as GgufModel;
    expect(model.architecture).toBe('llama');
    expect(model.dtype).toBe('Q4_K_M');
    expect(model.model).toMatchObject({
      layers: 16,
      hidden: 2048,
      heads: 32,
      kvHeads: 8,
      headDim: 64,
      vocab: 128256,
      tiedEmbeddings: true,
    });
    // Llama-3.2-1B: 1.24B parameters (HF meta-llama/Llama-3.2-1B); the exact count of this shape.
    expect(model.model.params).toBe(1_235_814_400);
    // Q4_K: 144 bytes per 256 weights, Q6_K: 210 per 256, F32: 4 (llama.cpp GGML_QUANT_SIZES).
    const linear = 16 * (2 * 2048 * 2048 + 2 * 2048 * 512 + 3 * 2048 * 8192);
    const norms = 33 * 2048;
    expect(model.tensorBytes).toBe((linear / 256) * 144 + ((2048 * 128256) / 256) * 210 + norms * 4);
    expect(model.scheme).toBe('gguf-q4_k_m');
  });

  it('a header cut in half, or a file that is no GGUF, is refused with the file named', async () => {
    const whole = writeGguf('whole.gguf');
    const cut = path.join(dir, 'cut.gguf');
    copyFileSync(whole, cut);
    const fd = openSync(cut, 'r+');
    ftruncateSync(fd, 600);
    closeSync(fd);
    expect((await refusal(readModelFile('gguf', cut))).message).toMatch(/cut\.gguf ends inside its header/);
    const notGguf = path.join(dir, 'notes.gguf');
    writeFileSync(notGguf, 'hello');
    const error = await refusal(readModelFile('gguf', notGguf));
    expect(error.where).toBe('--gguf');
    expect(error.message).toMatch(/notes\.gguf is not a GGUF file/);
  });
});

describe('readModelFile: safetensors', () => {
  function writeSafetensors(name: string, header: object, padding = 0): string {
    const json = Buffer.from(JSON.stringify(header));
    const prefix = Buffer.alloc(8);
    prefix.writeBigUInt64LE(BigInt(json.length));
    const file = path.join(dir, name);
    writeFileSync(file, Buffer.concat([prefix, json, Buffer.alloc(padding)]));
    return file;
  }

  it('counts every tensor from the header alone and takes the dtype holding most bytes', async () => {
    const file = writeSafetensors('model.safetensors', {
      __metadata__: { format: 'pt' },
      'model.embed_tokens.weight': { dtype: 'BF16', shape: [1000, 64], data_offsets: [0, 128000] },
      'model.layers.0.mlp.gate_proj.weight': { dtype: 'BF16', shape: [256, 64], data_offsets: [0, 1] },
      'model.layers.1.input_layernorm.weight': { dtype: 'F32', shape: [64], data_offsets: [0, 1] },
    });
    const model = await readModelFile('safetensors', file);
    expect(model.model).toMatchObject({
      params: 1000 * 64 + 256 * 64 + 64,
      layers: 2,
      hidden: 64,
      vocab: 1000,
      intermediate: 256,
    });
    expect(model.dtype).toBe('BF16');
  });

  it('refuses a 10 GB file with a zero header length, a header over the format limit, a header not JSON', async () => {
    const huge = path.join(dir, 'huge.safetensors');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, 10 * 2 ** 30);
    closeSync(fd);
    expect((await refusal(readModelFile('safetensors', huge))).message).toMatch(
      /huge\.safetensors ends inside its header/,
    );
    const big = path.join(dir, 'big.safetensors');
    const prefix = Buffer.alloc(8);
    prefix.writeBigUInt64LE(200_000_000n);
    writeFileSync(big, prefix);
    expect((await refusal(readModelFile('safetensors', big))).message).toMatch(
      /declares a header of 200,000,000 bytes/,
    );
    const garbled = path.join(dir, 'garbled.safetensors');
    const text = Buffer.from('{not json');
    const p = Buffer.alloc(8);
    p.writeBigUInt64LE(BigInt(text.length));
    writeFileSync(garbled, Buffer.concat([p, text]));
    expect((await refusal(readModelFile('safetensors', garbled))).message).toMatch(
      /garbled\.safetensors is not valid JSON/,
    );
  });

  it('a config.json of 10 GB is refused before it is read', async () => {
    const huge = path.join(dir, 'config.json');
    const fd = openSync(huge, 'w');
    ftruncateSync(fd, 10 * 2 ** 30);
    closeSync(fd);
    const error = await refusal(readModelFile('config', huge));
    expect(error.where).toBe('--config');
    expect(error.message).toMatch(/config\.json is larger than a model description can be/);
  });
});
