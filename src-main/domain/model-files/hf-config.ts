import { InputError } from '../errors';
import type { ModelInputObject } from '../fields/model-fields';
import { msg, type Message } from '../messages';
import { modelInputObjectSchema } from '../fields/model-fields';
import { visionTowerParams } from './vision-tower';
import { configReader, type ConfigReader, type FileModel } from './file-model';

/**
 * The families whose config.json this reader knows, by `model_type` (transformers' names). Each
 * family's parameter count follows its modeling_*.py in huggingface/transformers: which matrices
 * have a bias, which norms a layer has, how its MLP is split into experts.
 */
const TEXT_FAMILIES = [
  'llama',
  'mistral',
  'qwen2',
  'qwen3',
  'qwen2_moe',
  'qwen3_moe',
  'gemma',
  'gemma2',
  'gemma3_text',
  'phi3',
  'mixtral',
  'deepseek_v2',
  'deepseek_v3',
] as const;
type TextFamily = (typeof TEXT_FAMILIES)[number];

/** Wrappers of a text model and a vision tower (the tower counts in the weights, not in the text shape). */
const VISION_WRAPPERS = ['gemma3', 'llava'] as const;

/** The largest config.json read (real ones are under 100 KB; Phi-3's rope tables make the longest). */
export const MAX_CONFIG_BYTES = 4 * 2 ** 20;

/** transformers' config-class defaults where a family's config.json may leave a key out. */
const DEFAULTS: Partial<Record<TextFamily, Record<string, unknown>>> = {
  // LlamaConfig(): what a LLaVA text_config that only names its base leaves to the class.
  llama: {
    vocab_size: 32000,
    hidden_size: 4096,
    intermediate_size: 11008,
    num_hidden_layers: 32,
    num_attention_heads: 32,
    tie_word_embeddings: false,
  },
  // Gemma3TextConfig() (transformers v4.50 configuration_gemma3.py): google/gemma-3-4b-it's text_config names only
  // its width, depth, MLP and window, and leaves heads, head_dim, vocabulary and the 5:1 pattern to the class.
  gemma3_text: {
    vocab_size: 262_208,
    hidden_size: 2304,
    intermediate_size: 9216,
    num_hidden_layers: 26,
    num_attention_heads: 8,
    num_key_value_heads: 4,
    head_dim: 256,
    sliding_window: 4096,
    sliding_window_pattern: 6,
    tie_word_embeddings: true,
  },
};

/** Keys read for what they are, so not listed as ignored (training switches, ids, rope details). */
const HARMLESS =
  /^(_|model_type|architectures|auto_map|bos_token_id|eos_token_id|pad_token_id|transformers_version|torch_dtype|dtype|initializer_range|rms_norm_eps|layer_norm_eps|rope_|use_cache|attention_dropout|hidden_act|hidden_activation|max_position_embeddings)/;

/**
 * Reads a Hugging Face config.json (its text) into the exact shape the estimator takes: head_dim,
 * tied embeddings, sliding-window layers, MoE experts (routed and shared), MLA's latent and a
 * VLM's vision tower (counted in params). Throws InputError('model', …) naming `file` when the
 * text is no JSON object, the architecture is unknown, or a number is missing or impossible.
 */
export function modelFromConfigText(text: string, file: string): FileModel {
  if (text.length > MAX_CONFIG_BYTES) {
    throw new InputError('model', msg('modelFile.tooLarge', { file, max: MAX_CONFIG_BYTES }));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError('model', msg('modelFile.notJson', { file, detail: (error as Error).message }));
  }
  return modelFromConfig(value, file);
}

/** The same from a parsed config.json. */
export function modelFromConfig(value: unknown, file: string): FileModel {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new InputError('model', msg('modelFile.notObject', { file }));
  }
  const top = value as Record<string, unknown>;
  const modelType = typeof top.model_type === 'string' ? top.model_type : undefined;
  if (modelType === undefined) throw new InputError('model', msg('modelFile.noModelType', { file }));
  const notes: Message[] = [];
  let textConfig = top;
  let textType: string = modelType;
  let visionParams = 0;
  if ((VISION_WRAPPERS as readonly string[]).includes(modelType)) {
    const inner = top.text_config;
    const vision = top.vision_config;
    if (inner === null || typeof inner !== 'object' || vision === null || typeof vision !== 'object') {
      throw new InputError('model', msg('modelFile.missingKey', { file, key: 'text_config / vision_config' }));
    }
    textConfig = inner as Record<string, unknown>;
    textType =
      typeof textConfig.model_type === 'string'
        ? textConfig.model_type
        : modelType === 'gemma3'
          ? 'gemma3_text'
          : 'llama';
    if (textType === 'gemma3') textType = 'gemma3_text';
  }
  if (!(TEXT_FAMILIES as readonly string[]).includes(textType)) {
    throw new InputError(
      'model',
      msg('modelFile.unknownArchitecture', { file, architecture: textType, known: TEXT_FAMILIES.join(', ') }),
    );
  }
  const family = textType as TextFamily;
  const read = configReader({ ...DEFAULTS[family], ...textConfig }, file);
  const text = textShape(family, read);
  let params = text.params;
  if (textConfig !== top) {
    const textHidden = text.model.hidden ?? 0;
    visionParams = visionTowerParams(modelType as (typeof VISION_WRAPPERS)[number], top, textHidden, file);
    params += visionParams;
    notes.push(msg('modelFile.visionTower', { params: visionParams }));
  }
  notes.push(...text.notes);
  const model: ModelInputObject = { ...text.model, params, activeParams: text.activeParams + visionParams };
  // The shape goes through the contract's own schema: an impossible number is refused here, naming the file.
  const checked = modelInputObjectSchema.safeParse(model);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new InputError(
      'model',
      msg('modelFile.badValue', { file, key: String(issue?.path.join('.') ?? ''), detail: issue?.message ?? '' }),
    );
  }
  const ignored = Object.keys(textConfig).filter((key) => !read.used.has(key) && !HARMLESS.test(key));
  const dtype =
    typeof top.torch_dtype === 'string' ? top.torch_dtype : typeof top.dtype === 'string' ? top.dtype : null;
  const maxContext = read.optionalCount('max_position_embeddings');
  return {
    kind: 'config',
    file,
    architecture: modelType,
    name: typeof top._name_or_path === 'string' && top._name_or_path !== '' ? top._name_or_path : null,
    model: checked.data,
    dtype,
    maxContext,
    read: read.values(),
    ignored,
    notes,
  };
}

interface TextShape {
  model: Omit<ModelInputObject, 'params' | 'activeParams'>;
  params: number;
  activeParams: number;
  notes: Message[];
}

/** The decoder's shape and its exact parameter counts, total and per token. */
function textShape(family: TextFamily, c: ConfigReader): TextShape {
  const notes: Message[] = [];
  const hidden = c.count('hidden_size');
  const layers = c.count('num_hidden_layers');
  const heads = c.count('num_attention_heads');
  const vocab = c.count('vocab_size');
  const mla = family === 'deepseek_v2' || family === 'deepseek_v3';
  // MLA decompresses a full key and value per head: num_key_value_heads only repeats num_attention_heads.
  const statedKvHeads = c.optionalCount('num_key_value_heads');
  const kvHeads = mla ? heads : (statedKvHeads ?? heads);
  const ropeDim = mla ? c.count('qk_rope_head_dim') : 0;
  const headDim = mla
    ? c.count('qk_nope_head_dim') + ropeDim
    : (c.optionalCount('head_dim') ?? Math.floor(hidden / heads));
  const tied = c.flag('tie_word_embeddings', family.startsWith('gemma'));
  const norms = family === 'gemma2' || family === 'gemma3_text' ? 4 : 2;
  const qkNorm = family === 'qwen3' || family === 'qwen3_moe' || family === 'gemma3_text' ? 2 * headDim : 0;

  const attention = mla
    ? mlaAttentionParams(c, hidden, heads)
    : gqaAttentionParams(family, c, hidden, heads, kvHeads, headDim);
  const denseWidth = c.count('intermediate_size');
  const mlpBias = c.flag('mlp_bias', false);
  const denseMlp = 3 * hidden * denseWidth + (mlpBias ? 2 * denseWidth + hidden : 0);
  const moe = moeLayout(family, c, layers, hidden, denseWidth);
  const perLayerFixed = attention + norms * hidden + qkNorm;
  const sparseLayers = moe?.sparseLayers ?? 0;
  const denseLayers = layers - sparseLayers;
  const embeddings = vocab * hidden * (tied ? 1 : 2);
  const params =
    embeddings + hidden + layers * perLayerFixed + denseLayers * denseMlp + sparseLayers * (moe?.totalPerLayer ?? 0);
  const activeParams =
    embeddings + hidden + layers * perLayerFixed + denseLayers * denseMlp + sparseLayers * (moe?.activePerLayer ?? 0);
  if (moe && moe.sharedExperts > 0) notes.push(msg('modelFile.sharedExperts', { count: moe.sharedExperts }));
  if (moe && denseLayers > 0) notes.push(msg('modelFile.denseLayers', { count: denseLayers }));
  if (family === 'deepseek_v3' && (c.optionalCount('num_nextn_predict_layers') ?? 0) > 0) {
    notes.push(msg('modelFile.mtpExcluded'));
  }

  const window = slidingWindow(family, c, layers);
  if (window) notes.push(msg('modelFile.slidingWindow', { window: window.tokens, count: window.layers }));
  const model: TextShape['model'] = {
    layers,
    hidden,
    heads,
    kvHeads,
    headDim,
    intermediate: moe ? moe.expertWidth : denseWidth,
    vocab,
    tiedEmbeddings: tied,
    gatedMlp: true,
    experts: moe ? moe.experts : 1,
    expertsPerToken: moe ? Math.min(moe.experts, moe.activeExperts) : 1,
    ...(window ? { slidingWindow: window.tokens, slidingWindowLayers: window.layers } : {}),
    ...(mla ? { kvLatentDim: c.count('kv_lora_rank') + ropeDim } : {}),
  };
  if (mla) notes.push(msg('modelFile.mla', { dim: model.kvLatentDim ?? 0 }));
  return { model, params, activeParams, notes };
}

/** q, k, v, o (and their biases where the family has them): Llama-style GQA attention. */
function gqaAttentionParams(
  family: TextFamily,
  c: ConfigReader,
  hidden: number,
  heads: number,
  kvHeads: number,
  headDim: number,
): number {
  // Qwen2 (and Qwen2-MoE) always put a bias on q, k and v; the others only with attention_bias.
  const qkvBias = family === 'qwen2' || family === 'qwen2_moe' || c.flag('attention_bias', false);
  const outBias = family !== 'qwen2' && family !== 'qwen2_moe' && c.flag('attention_bias', false);
  const q = heads * headDim;
  const kv = kvHeads * headDim;
  return hidden * (q + 2 * kv) + q * hidden + (qkvBias ? q + 2 * kv : 0) + (outBias ? hidden : 0);
}

/**
 * DeepSeek V2/V3 multi-head latent attention (modeling_deepseek_v3.py): q through a low-rank
 * q_a/q_b pair with a norm (or one q_proj when q_lora_rank is null), kv_a_proj_with_mqa to the
 * latent plus the shared rope key, its norm, kv_b_proj back to per-head k_nope and v, and o_proj.
 */
function mlaAttentionParams(c: ConfigReader, hidden: number, heads: number): number {
  const nope = c.count('qk_nope_head_dim');
  const rope = c.count('qk_rope_head_dim');
  const v = c.count('v_head_dim');
  const kvRank = c.count('kv_lora_rank');
  const qRank = c.optionalCount('q_lora_rank');
  const qHead = heads * (nope + rope);
  const q = qRank === null ? hidden * qHead : hidden * qRank + qRank + qRank * qHead;
  const kv = hidden * (kvRank + rope) + kvRank + kvRank * heads * (nope + v);
  return q + kv + heads * v * hidden;
}

interface MoeLayout {
  experts: number;
  /** Routed experts per token plus the shared ones counted in routed-expert widths. */
  activeExperts: number;
  sharedExperts: number;
  expertWidth: number;
  sparseLayers: number;
  totalPerLayer: number;
  activePerLayer: number;
}

/** Which layers are sparse and what one sparse layer's MLP holds, total and per token. */
function moeLayout(
  family: TextFamily,
  c: ConfigReader,
  layers: number,
  hidden: number,
  denseWidth: number,
): MoeLayout | null {
  const expertMlp = (width: number) => 3 * hidden * width;
  if (family === 'mixtral') {
    const experts = c.count('num_local_experts');
    const topK = c.count('num_experts_per_tok');
    const router = hidden * experts;
    return {
      experts,
      activeExperts: topK,
      sharedExperts: 0,
      expertWidth: denseWidth,
      sparseLayers: layers,
      totalPerLayer: router + experts * expertMlp(denseWidth),
      activePerLayer: router + topK * expertMlp(denseWidth),
    };
  }
  if (family === 'qwen2_moe' || family === 'qwen3_moe') {
    const experts = c.count('num_experts');
    const topK = c.count('num_experts_per_tok');
    const width = c.count('moe_intermediate_size');
    const step = c.optionalCount('decoder_sparse_step') ?? 1;
    const denseOnly = new Set(c.countList('mlp_only_layers'));
    let sparseLayers = 0;
    for (let i = 0; i < layers; i++) if (!denseOnly.has(i) && (i + 1) % step === 0) sparseLayers++;
    const sharedWidth = family === 'qwen2_moe' ? c.count('shared_expert_intermediate_size') : 0;
    // Qwen2-MoE's shared expert is one MLP of its own width with a sigmoid gate (hidden → 1).
    const shared = sharedWidth > 0 ? expertMlp(sharedWidth) + hidden : 0;
    const router = hidden * experts;
    return {
      experts,
      activeExperts: topK + Math.round(sharedWidth / width),
      sharedExperts: sharedWidth > 0 ? 1 : 0,
      expertWidth: width,
      sparseLayers,
      totalPerLayer: router + experts * expertMlp(width) + shared,
      activePerLayer: router + topK * expertMlp(width) + shared,
    };
  }
  if (family === 'deepseek_v2' || family === 'deepseek_v3') {
    const experts = c.count('n_routed_experts');
    const topK = c.count('num_experts_per_tok');
    const width = c.count('moe_intermediate_size');
    const shared = c.optionalCount('n_shared_experts') ?? 0;
    const firstDense = c.optionalCount('first_k_dense_replace') ?? 0;
    const frequency = c.optionalCount('moe_layer_freq') ?? 1;
    let sparseLayers = 0;
    for (let i = firstDense; i < layers; i++) if (i % frequency === 0) sparseLayers++;
    // V3's router adds one correction bias per expert (e_score_correction_bias, noaux_tc routing).
    const router = hidden * experts + (family === 'deepseek_v3' ? experts : 0);
    const sharedMlp = shared * expertMlp(width);
    return {
      experts,
      activeExperts: topK + shared,
      sharedExperts: shared,
      expertWidth: width,
      sparseLayers,
      totalPerLayer: router + experts * expertMlp(width) + sharedMlp,
      activePerLayer: router + topK * expertMlp(width) + sharedMlp,
    };
  }
  return null;
}

/** Where the family's transformers code applies a window, how many tokens and how many layers. */
function slidingWindow(family: TextFamily, c: ConfigReader, layers: number): { tokens: number; layers: number } | null {
  const layerTypes = c.stringList('layer_types');
  const tokens = c.optionalCount('sliding_window');
  if (tokens === null) return null;
  if (layerTypes.length > 0) {
    const windowed = layerTypes.filter((type) => type === 'sliding_attention').length;
    return windowed > 0 ? { tokens, layers: windowed } : null;
  }
  switch (family) {
    case 'gemma2':
      // Gemma2DecoderLayer: is_sliding = not bool(layer_idx % 2), the even layers.
      return { tokens, layers: Math.ceil(layers / 2) };
    case 'gemma3_text': {
      // Gemma 3: every sliding_window_pattern-th layer is global, the others local.
      const pattern = c.optionalCount('sliding_window_pattern') ?? 6;
      return { tokens, layers: layers - Math.floor(layers / pattern) };
    }
    case 'qwen2':
    case 'qwen3':
    case 'qwen2_moe':
    case 'qwen3_moe': {
      // Qwen: only with use_sliding_window, on the layers from max_window_layers on.
      if (!c.flag('use_sliding_window', false)) return null;
      const from = c.optionalCount('max_window_layers') ?? layers;
      return from < layers ? { tokens, layers: layers - from } : null;
    }
    case 'mistral':
    case 'mixtral':
    case 'phi3':
      return { tokens, layers };
    default:
      return null;
  }
}
