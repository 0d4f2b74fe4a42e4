import { InputError } from '../errors';
import { modelInputObjectSchema, type ModelInputObject } from '../fields/model-fields';
import { msg, type Message } from '../messages';
import type { FileModel, ReadValue } from './file-model';

/** The safetensors format's own limit on its JSON header (huggingface/safetensors, MAX_HEADER_SIZE). */
export const MAX_SAFETENSORS_HEADER_BYTES = 100_000_000;

/** Bytes per element of each safetensors dtype (huggingface/safetensors, Dtype). */
const DTYPE_BYTES: Readonly<Record<string, number>> = {
  BOOL: 1,
  U8: 1,
  I8: 1,
  F8_E5M2: 1,
  F8_E4M3: 1,
  F8_E8M0: 1,
  I16: 2,
  U16: 2,
  F16: 2,
  BF16: 2,
  I32: 4,
  U32: 4,
  F32: 4,
  I64: 8,
  U64: 8,
  F64: 8,
};

/**
 * The JSON header's length from a file's first 8 bytes (little-endian u64), checked against the
 * format's limit and the file's size. Throws InputError naming `file` for a short file, an
 * oversized or a cut-off header.
 */
export function safetensorsHeaderLength(prefix: Uint8Array, fileBytes: number, file: string): number {
  if (prefix.length < 8) throw new InputError('model', msg('modelFile.truncated', { file, format: 'safetensors' }));
  const length = Number(new DataView(prefix.buffer, prefix.byteOffset, 8).getBigUint64(0, true));
  if (length > MAX_SAFETENSORS_HEADER_BYTES) {
    throw new InputError(
      'model',
      msg('modelFile.headerTooLarge', {
        file,
        bytes: length,
        max: MAX_SAFETENSORS_HEADER_BYTES,
        format: 'safetensors',
      }),
    );
  }
  if (length < 2 || 8 + length > fileBytes) {
    throw new InputError('model', msg('modelFile.truncated', { file, format: 'safetensors' }));
  }
  return length;
}

interface TensorEntry {
  name: string;
  dtype: string;
  shape: number[];
}

/**
 * A model from a safetensors file's JSON header (the bytes after the length): the exact
 * parameter count (Σ of every tensor's elements) and the dtype holding most bytes, without a
 * byte of the weights; layers, width, vocabulary and MLP width from the Llama-style tensor
 * names and shapes where present. Throws InputError naming `file` for a header that is not one.
 */
export function modelFromSafetensorsHeader(headerText: string, file: string): FileModel {
  const header = parseObject(headerText, file);
  const tensors: TensorEntry[] = [];
  for (const [name, value] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    const entry = value as { dtype?: unknown; shape?: unknown };
    if (
      typeof entry?.dtype !== 'string' ||
      !Array.isArray(entry.shape) ||
      !entry.shape.every((d) => Number.isInteger(d) && (d as number) >= 0)
    ) {
      throw new InputError(
        'model',
        msg('modelFile.notSafetensors', { file, detail: `tensor "${name}" has no dtype and shape` }),
      );
    }
    if (DTYPE_BYTES[entry.dtype] === undefined) {
      throw new InputError('model', msg('modelFile.unknownDtype', { file, tensor: name, dtype: entry.dtype }));
    }
    tensors.push({ name, dtype: entry.dtype, shape: entry.shape as number[] });
  }
  if (tensors.length === 0) throw new InputError('model', msg('modelFile.noTensors', { file }));
  const bytesByDtype = new Map<string, number>();
  let params = 0;
  for (const t of tensors) {
    const elements = t.shape.reduce((a, b) => a * b, 1);
    params += elements;
    bytesByDtype.set(t.dtype, (bytesByDtype.get(t.dtype) ?? 0) + elements * (DTYPE_BYTES[t.dtype] as number));
  }
  const dtype = [...bytesByDtype].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const read: ReadValue[] = [
    { key: 'tensors', value: tensors.length },
    { key: 'dtype', value: dtype ?? '' },
  ];
  const { shape, notes } = shapeFromTensors(tensors);
  return finish('safetensors', file, { params, ...shape }, dtype, read, notes);
}

/**
 * A model from `model.safetensors.index.json`: its tensor names give layers and experts; its
 * parameters are `metadata.total_parameters` where stated, else `total_size` bytes ÷ the bytes of
 * `dtype` (the config's torch_dtype; bf16 assumed, and said, without one).
 */
export function modelFromSafetensorsIndex(text: string, file: string, dtype: string | null = null): FileModel {
  const index = parseObject(text, file);
  const metadata = (index.metadata ?? {}) as Record<string, unknown>;
  const weightMap = index.weight_map;
  if (weightMap === null || typeof weightMap !== 'object') {
    throw new InputError('model', msg('modelFile.missingKey', { file, key: 'weight_map' }));
  }
  const names = Object.keys(weightMap);
  if (names.length === 0) throw new InputError('model', msg('modelFile.noTensors', { file }));
  const notes: Message[] = [];
  const read: ReadValue[] = [{ key: 'weight_map', value: `${names.length} tensors` }];
  let params: number;
  if (typeof metadata.total_parameters === 'number' && metadata.total_parameters > 0) {
    params = metadata.total_parameters;
    read.push({ key: 'metadata.total_parameters', value: params });
  } else if (typeof metadata.total_size === 'number' && metadata.total_size > 0) {
    const stated = dtype === null ? null : torchDtypeBytes(dtype);
    const used = stated ?? 2;
    if (stated === null) notes.push(msg('modelFile.indexNeedsDtype', { file, dtype: 'bfloat16' }));
    params = metadata.total_size / used;
    read.push({ key: 'metadata.total_size', value: metadata.total_size });
  } else {
    throw new InputError('model', msg('modelFile.missingKey', { file, key: 'metadata.total_size' }));
  }
  const layers = countIndices(names, /^model\.layers\.(\d+)\./);
  const experts = countIndices(names, /\.mlp\.experts\.(\d+)\./);
  const shape: Partial<ModelInputObject> = {
    ...(layers > 0 ? { layers } : {}),
    ...(experts > 1 ? { experts } : {}),
    ...(names.some((n) => n === 'lm_head.weight') ? { tiedEmbeddings: false } : {}),
  };
  return finish('safetensors-index', file, { params, ...shape }, dtype, read, notes);
}

function finish(
  kind: FileModel['kind'],
  file: string,
  shape: ModelInputObject,
  dtype: string | null,
  read: ReadValue[],
  notes: Message[],
): FileModel {
  const checked = modelInputObjectSchema.safeParse(shape);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new InputError(
      'model',
      msg('modelFile.badValue', { file, key: String(issue?.path.join('.') ?? ''), detail: issue?.message ?? '' }),
    );
  }
  return {
    kind,
    file,
    architecture: null,
    name: null,
    model: checked.data,
    dtype,
    maxContext: null,
    read,
    ignored: [],
    notes,
  };
}

function parseObject(text: string, file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError('model', msg('modelFile.notJson', { file, detail: (error as Error).message }));
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InputError('model', msg('modelFile.notObject', { file }));
  }
  return value as Record<string, unknown>;
}

/** Bytes per parameter of a config's torch_dtype, or null for one not named here. */
function torchDtypeBytes(dtype: string): number | null {
  const bytes: Record<string, number> = { float32: 4, float16: 2, bfloat16: 2, float8_e4m3fn: 1 };
  return bytes[dtype] ?? null;
}

function countIndices(names: readonly string[], pattern: RegExp): number {
  const seen = new Set<number>();
  for (const name of names) {
    const match = pattern.exec(name);
    if (match) seen.add(Number(match[1]));
  }
  return seen.size === 0 ? 0 : Math.max(...seen) + 1;
}

/** Llama-style names (transformers' LlamaForCausalLM and its kin): what their shapes say about the model. */
function shapeFromTensors(tensors: readonly TensorEntry[]): { shape: Partial<ModelInputObject>; notes: Message[] } {
  const byName = new Map(tensors.map((t) => [t.name, t.shape]));
  const names = tensors.map((t) => t.name);
  const layers = countIndices(names, /^model\.layers\.(\d+)\./);
  const embedding = byName.get('model.embed_tokens.weight');
  const gate = byName.get('model.layers.0.mlp.gate_proj.weight');
  const experts = countIndices(names, /\.mlp\.experts\.(\d+)\./);
  const shape: Partial<ModelInputObject> = {};
  if (layers > 0) shape.layers = layers;
  if (embedding?.length === 2) {
    shape.vocab = embedding[0];
    shape.hidden = embedding[1];
    shape.tiedEmbeddings = !byName.has('lm_head.weight');
  }
  if (gate?.length === 2) {
    shape.intermediate = gate[0];
    shape.gatedMlp = true;
  }
  if (experts > 1) shape.experts = experts;
  const found = Object.keys(shape).length > 0;
  return { shape, notes: found ? [msg('modelFile.shapeFromTensors')] : [] };
}
