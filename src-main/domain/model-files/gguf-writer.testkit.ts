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
