import { InputError } from '../errors';
import { modelInputObjectSchema } from '../fields/model-fields';
import { msg, type Message } from '../messages';
import type { FileModel, ReadValue } from './file-model';

/** One tensor of a GGUF header as @huggingface/gguf lists it (GGUFTensorInfo). */
export interface GgufTensor {
  name: string;
  shape: readonly bigint[];
  /** ggml_type (GGMLQuantizationType). */
  dtype: number;
}

/** What the parsed header holds: its key/values and tensor list (GGUFParseOutput, trimmed). */
export interface GgufHeader {
  metadata: Readonly<Record<string, unknown>>;
  tensorInfos: readonly GgufTensor[];
}

/**
 * Block size (weights) and bytes per block of each ggml_type: llama.cpp's GGML_QUANT_SIZES
 * (ggml-org/llama.cpp, gguf-py/gguf/constants.py; the same table in @huggingface/gguf).
 */
const QK_K = 256;
const BLOCKS: Readonly<Record<number, readonly [name: string, weights: number, bytes: number]>> = {
  0: ['F32', 1, 4],
  1: ['F16', 1, 2],
  2: ['Q4_0', 32, 2 + 16],
  3: ['Q4_1', 32, 2 + 2 + 16],
  6: ['Q5_0', 32, 2 + 4 + 16],
  7: ['Q5_1', 32, 2 + 2 + 4 + 16],
  8: ['Q8_0', 32, 2 + 32],
  9: ['Q8_1', 32, 4 + 4 + 32],
  10: ['Q2_K', QK_K, 2 + 2 + QK_K / 16 + QK_K / 4],
  11: ['Q3_K', QK_K, 2 + QK_K / 4 + QK_K / 8 + 12],
  12: ['Q4_K', QK_K, 2 + 2 + QK_K / 2 + 12],
  13: ['Q5_K', QK_K, 2 + 2 + QK_K / 2 + QK_K / 8 + 12],
  14: ['Q6_K', QK_K, 2 + QK_K / 2 + QK_K / 4 + QK_K / 16],
  15: ['Q8_K', QK_K, 4 + QK_K + QK_K / 8],
  16: ['IQ2_XXS', QK_K, 2 + QK_K / 4],
  17: ['IQ2_XS', QK_K, 2 + QK_K / 4 + QK_K / 32],
  18: ['IQ3_XXS', QK_K, 2 + QK_K / 4 + QK_K / 8],
  19: ['IQ1_S', QK_K, 2 + QK_K / 8 + QK_K / 16],
  20: ['IQ4_NL', 32, 2 + 16],
  21: ['IQ3_S', QK_K, 2 + QK_K / 4 + QK_K / 8 + QK_K / 32 + 4],
  22: ['IQ2_S', QK_K, 2 + QK_K / 4 + QK_K / 16],
  23: ['IQ4_XS', QK_K, 2 + 2 + QK_K / 2 + QK_K / 64],
  24: ['I8', 1, 1],
  25: ['I16', 1, 2],
  26: ['I32', 1, 4],
  27: ['I64', 1, 8],
  28: ['F64', 1, 8],
  29: ['IQ1_M', QK_K, QK_K / 8 + QK_K / 16 + QK_K / 32],
  30: ['BF16', 1, 2],
  34: ['TQ1_0', QK_K, 2 + 4 * 13],
  35: ['TQ2_0', QK_K, 2 + 64],
  39: ['MXFP4', 32, 1 + 16],
};

/** general.file_type (llama_ftype) names, for what the file says it is. */
const FILE_TYPES: Readonly<Record<number, string>> = {
  0: 'F32',
  1: 'F16',
  2: 'Q4_0',
  3: 'Q4_1',
  7: 'Q8_0',
  8: 'Q5_0',
  9: 'Q5_1',
  10: 'Q2_K',
  11: 'Q3_K_S',
  12: 'Q3_K_M',
  13: 'Q3_K_L',
  14: 'Q4_K_S',
  15: 'Q4_K_M',
  16: 'Q5_K_S',
  17: 'Q5_K_M',
  18: 'Q6_K',
  19: 'IQ2_XXS',
  20: 'IQ2_XS',
  21: 'Q2_K_S',
  22: 'IQ3_XS',
  23: 'IQ3_XXS',
  24: 'IQ1_S',
  25: 'IQ4_NL',
  26: 'IQ3_S',
  27: 'IQ3_M',
  28: 'IQ2_S',
  29: 'IQ2_M',
  30: 'IQ4_XS',
  31: 'IQ1_M',
  32: 'BF16',
};

/** The estimator's GGUF schemes: a file of another type is estimated with the nearest by bits. */
export type GgufScheme = 'gguf-q4_k_m' | 'gguf-q8_0';

/** The result of a GGUF header: the model, and what its tensors weigh as stored. */
export interface GgufModel extends FileModel {
  /** Bytes of every tensor as stored, exactly (the weights a runtime loads). */
  tensorBytes: number;
  /** The estimator's scheme nearest to the file's bits per weight. */
  scheme: GgufScheme;
}

/**
 * The model a GGUF header describes (llama.cpp's key names, gguf docs: `<arch>.block_count`,
 * `<arch>.embedding_length`, `<arch>.attention.head_count[_kv]`, `<arch>.feed_forward_length`,
 * `<arch>.expert_count`): its shape, exact parameter count (Σ tensor elements) and exact tensor
 * bytes from each tensor's ggml_type. Throws InputError naming `file` for a header without tensors
 * or without the keys of a decoder.
 */
export function modelFromGgufHeader(header: GgufHeader, file: string): GgufModel {
  const m = header.metadata;
  const arch = typeof m['general.architecture'] === 'string' ? m['general.architecture'] : null;
  if (arch === null) throw new InputError('model', msg('modelFile.missingKey', { file, key: 'general.architecture' }));
  if (header.tensorInfos.length === 0) throw new InputError('model', msg('modelFile.noTensors', { file }));
  const read: ReadValue[] = [{ key: 'general.architecture', value: arch }];
  const number = (key: string, required: boolean): number | null => {
    const raw = m[`${arch}.${key}`];
    const value = typeof raw === 'bigint' ? Number(raw) : Array.isArray(raw) ? Math.max(...raw.map(Number)) : raw;
    if (value === undefined || value === null) {
      if (required) throw new InputError('model', msg('modelFile.missingKey', { file, key: `${arch}.${key}` }));
      return null;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
      throw new InputError(
        'model',
        msg('modelFile.badValue', { file, key: `${arch}.${key}`, detail: 'a whole number above 0' }),
      );
    }
    read.push({ key: `${arch}.${key}`, value });
    return value;
  };
  let params = 0;
  let tensorBytes = 0;
  let vocabFromTensor: number | null = null;
  let hasOutput = false;
  for (const tensor of header.tensorInfos) {
    const elements = tensor.shape.reduce((product, dim) => product * Number(dim), 1);
    const block = BLOCKS[tensor.dtype];
    if (!block)
      throw new InputError(
        'model',
        msg('modelFile.unknownDtype', { file, tensor: tensor.name, dtype: String(tensor.dtype) }),
      );
    params += elements;
    tensorBytes += (elements / block[1]) * block[2];
    if (tensor.name === 'token_embd.weight') vocabFromTensor = Number(tensor.shape[1] ?? 0) || null;
    if (tensor.name === 'output.weight') hasOutput = true;
  }
  const hidden = number('embedding_length', true) as number;
  const layers = number('block_count', true) as number;
  const heads = number('attention.head_count', true) as number;
  const kvHeads = number('attention.head_count_kv', false) ?? heads;
  const headDim = number('attention.key_length', false) ?? Math.floor(hidden / heads);
  const experts = number('expert_count', false) ?? 1;
  const expertsPerToken = Math.min(experts, number('expert_used_count', false) ?? 1);
  const intermediate =
    (experts > 1 ? number('expert_feed_forward_length', false) : null) ??
    (number('feed_forward_length', true) as number);
  const window = number('attention.sliding_window', false);
  const tokens = m['tokenizer.ggml.tokens'];
  const vocab = vocabFromTensor ?? (Array.isArray(tokens) ? tokens.length : null);
  if (vocab === null) throw new InputError('model', msg('modelFile.missingKey', { file, key: 'token_embd.weight' }));
  const shape = {
    params,
    layers,
    hidden,
    heads,
    kvHeads,
    headDim,
    intermediate,
    vocab,
    tiedEmbeddings: !hasOutput,
    gatedMlp: true,
    experts,
    expertsPerToken,
    ...(window !== null ? { slidingWindow: window } : {}),
  };
  const checked = modelInputObjectSchema.safeParse(shape);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new InputError(
      'model',
      msg('modelFile.badValue', { file, key: String(issue?.path.join('.') ?? ''), detail: issue?.message ?? '' }),
    );
  }
  const fileType = typeof m['general.file_type'] === 'number' ? (FILE_TYPES[m['general.file_type']] ?? null) : null;
  const bitsPerWeight = (tensorBytes * 8) / params;
  // The estimator's two GGUF schemes average 4.85 and 8.5 bits per weight (weights.ts): the nearer one.
  const scheme: GgufScheme =
    Math.abs(bitsPerWeight - 4.85) <= Math.abs(bitsPerWeight - 8.5) ? 'gguf-q4_k_m' : 'gguf-q8_0';
  const type = fileType ?? 'GGUF';
  const notes: Message[] = [msg('modelFile.ggufWeights', { bytes: tensorBytes, bits: bitsPerWeight, type })];
  if ((scheme === 'gguf-q4_k_m' && type !== 'Q4_K_M') || (scheme === 'gguf-q8_0' && type !== 'Q8_0')) {
    notes.push(msg('modelFile.ggufNearestScheme', { scheme: msg(`option.quant.${scheme}`), type }));
  }
  const name = typeof m['general.name'] === 'string' ? m['general.name'] : null;
  const context = number('context_length', false);
  return {
    kind: 'gguf',
    file,
    architecture: arch,
    name,
    model: checked.data,
    dtype: fileType,
    maxContext: context,
    read,
    ignored: [],
    notes,
    tensorBytes,
    scheme,
  };
}

/** What @huggingface/gguf's `gguf()` answers, as far as the model needs it. */
export interface GgufParsed {
  metadata: unknown;
  tensorInfos: readonly GgufTensor[];
  /** Where the header's tensor list ends, in bytes from the start of the file. */
  tensorInfoByteRange: readonly [number, number];
}

/**
 * The model of a GGUF file given its first four bytes, its size and a call of the parser: the one
 * mapping of what can go wrong (not GGUF, a version the parser refuses, a cut-off header) to
 * messages naming the file, for the CLI (src-main/cli/model-file.ts) and the page
 * (src-renderer/pages/estimate/gguf-file.ts) alike. The parser reads past the end of a cut-off
 * header (a RangeError) or, on a local file, reads zeros there: a header ending beyond the file is
 * cut off too.
 */
export async function modelFromGgufFile(
  magic: Uint8Array,
  fileBytes: number,
  parse: () => Promise<GgufParsed>,
  file: string,
): Promise<GgufModel> {
  if (magic.length < 4 || new TextDecoder().decode(magic.subarray(0, 4)) !== 'GGUF') {
    throw new InputError('model', msg('modelFile.notGguf', { file }));
  }
  let parsed: GgufParsed;
  try {
    parsed = await parse();
  } catch (error) {
    const version = /version/i.test(String((error as Error).message));
    throw new InputError(
      'model',
      version
        ? msg('modelFile.ggufVersion', { file, version: '?' })
        : msg('modelFile.truncated', { file, format: 'GGUF' }),
    );
  }
  if (parsed.tensorInfoByteRange[1] > fileBytes) {
    throw new InputError('model', msg('modelFile.truncated', { file, format: 'GGUF' }));
  }
  return modelFromGgufHeader(
    { metadata: parsed.metadata as Record<string, unknown>, tensorInfos: parsed.tensorInfos },
    file,
  );
}
