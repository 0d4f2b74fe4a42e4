/**
 * Writes a GGUF v3 header (gguf docs, ggml-org/ggml docs/gguf.md: magic, version, tensor count,
 * key/value count, key/values, tensor infos, alignment padding) and, optionally, zeroed tensor
 * data: a real file for the header readers to parse, without a model download.
 */
export type GgufValue =
  { type: 'u32'; value: number } | { type: 'string'; value: string } | { type: 'strings'; value: string[] };

export interface GgufTensorSpec {
  name: string;
  /** ne0 first, as GGUF stores dims (token_embd.weight is [hidden, vocab]). */
  dims: number[];
  /** ggml_type: 0 F32, 1 F16, 8 Q8_0, 12 Q4_K, 14 Q6_K. */
  type: number;
}

export function ggufHeaderBytes(metadata: Record<string, GgufValue>, tensors: GgufTensorSpec[]): Uint8Array {
  const parts: number[] = [];
  const u32 = (n: number) => {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, n, true);
    parts.push(...b);
  };
  const u64 = (n: number) => {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(n), true);
    parts.push(...b);
  };
  const str = (s: string) => {
    const bytes = new TextEncoder().encode(s);
    u64(bytes.length);
    parts.push(...bytes);
  };
  parts.push(...new TextEncoder().encode('GGUF'));
  u32(3);
  u64(tensors.length);
  u64(Object.keys(metadata).length);
  for (const [key, v] of Object.entries(metadata)) {
    str(key);
    if (v.type === 'u32') {
      u32(4);
      u32(v.value);
    } else if (v.type === 'string') {
      u32(8);
      str(v.value);
    } else {
      u32(9);
      u32(8);
      u64(v.value.length);
      v.value.forEach(str);
    }
  }
  let offset = 0;
  for (const t of tensors) {
    str(t.name);
    u32(t.dims.length);
    t.dims.forEach(u64);
    u32(t.type);
    u64(offset);
    offset += 32;
  }
  while (parts.length % 32 !== 0) parts.push(0);
  return Uint8Array.from(parts);
}

/** Llama-3.2-1B's tensors (config.json: 16 layers, 2048 wide, 32/8 heads of 64, MLP 8192, vocab 128256, tied). */
function llama32Tensors(): GgufTensorSpec[] {
  const h = 2048;
  const kv = 8 * 64;
  const f = 8192;
  const tensors: GgufTensorSpec[] = [{ name: 'token_embd.weight', dims: [h, 128256], type: 14 }];
  for (let i = 0; i < 16; i++) {
    tensors.push(
      { name: `blk.${i}.attn_norm.weight`, dims: [h], type: 0 },
      { name: `blk.${i}.attn_q.weight`, dims: [h, h], type: 12 },
      { name: `blk.${i}.attn_k.weight`, dims: [h, kv], type: 12 },
      { name: `blk.${i}.attn_v.weight`, dims: [h, kv], type: 12 },
      { name: `blk.${i}.attn_output.weight`, dims: [h, h], type: 12 },
      { name: `blk.${i}.ffn_norm.weight`, dims: [h], type: 0 },
      { name: `blk.${i}.ffn_gate.weight`, dims: [h, f], type: 12 },
      { name: `blk.${i}.ffn_up.weight`, dims: [h, f], type: 12 },
      { name: `blk.${i}.ffn_down.weight`, dims: [f, h], type: 12 },
    );
  }
  tensors.push({ name: 'output_norm.weight', dims: [h], type: 0 });
  return tensors;
}

/** The header of a Llama-3.2-1B Q4_K_M GGUF file (tensors as llama32Tensors, metadata as llama.cpp writes it). */
export function llama32GgufHeader(): Uint8Array {
  return ggufHeaderBytes(
    {
      'general.architecture': { type: 'string', value: 'llama' },
      'general.name': { type: 'string', value: 'Llama 3.2 1B' },
      'general.file_type': { type: 'u32', value: 15 },
      'llama.block_count': { type: 'u32', value: 16 },
      'llama.context_length': { type: 'u32', value: 131072 },
      'llama.embedding_length': { type: 'u32', value: 2048 },
      'llama.feed_forward_length': { type: 'u32', value: 8192 },
      'llama.attention.head_count': { type: 'u32', value: 32 },
      'llama.attention.head_count_kv': { type: 'u32', value: 8 },
    },
    llama32Tensors(),
  );
}
