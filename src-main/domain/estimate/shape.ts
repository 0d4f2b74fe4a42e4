import type { ModelPreset } from '../catalog';
import { InputError } from '../errors';
import { msg, type Message } from '../messages';
import type { EstimateInput, ModelInputObject, ResolvedModel } from './input';
import { MAX_PARAMS, parseParamCount } from './units';

type Template = Omit<
  ResolvedModel,
  'id' | 'name' | 'params' | 'activeParams' | 'layers' | 'slidingWindow' | 'slidingWindowLayers' | 'kvLatentDim'
> & { upTo: number };

/**
 * Typical modern decoders by size (GQA, SwiGLU, RMSNorm), from config.json values: Qwen2.5-0.5B
 * (with a 32K vocabulary), Llama-3.2-1B, Llama-3.2-3B width with Phi-3-mini's 32×96 heads,
 * Llama-3.1-8B, Qwen2.5-14B/32B, Llama-3.1-70B/405B. Vocabulary and heads never shrink with size.
 * Layers are solved from P, so a guess can step down in depth where the width steps up.
 */
const TEMPLATES: Template[] = [
  {
    upTo: 0.75e9,
    hidden: 896,
    heads: 14,
    kvHeads: 2,
    headDim: 64,
    intermediate: 4864,
    vocab: 32000,
    tiedEmbeddings: true,
    gatedMlp: true,
    experts: 1,
    expertsPerToken: 1,
  },
  {
    upTo: 2e9,
    hidden: 2048,
    heads: 32,
    kvHeads: 8,
    headDim: 64,
    intermediate: 8192,
    vocab: 128256,
    tiedEmbeddings: true,
    gatedMlp: true,
    experts: 1,
    expertsPerToken: 1,
  },
  {
    upTo: 5e9,
    hidden: 3072,
    heads: 32,
    kvHeads: 8,
    headDim: 96,
    intermediate: 8192,
    vocab: 128256,
    tiedEmbeddings: true,
    gatedMlp: true,
    experts: 1,
    expertsPerToken: 1,
  },
  {
    upTo: 11e9,
    hidden: 4096,
    heads: 32,
    kvHeads: 8,
    headDim: 128,
    intermediate: 14336,
    vocab: 128256,
    tiedEmbeddings: false,
    gatedMlp: true,
    experts: 1,
    expertsPerToken: 1,
  },
  {
    upTo: 22e9,
    hidden: 5120,
    heads: 40,
    kvHeads: 8,
    headDim: 128,
    intermediate: 13824,
    vocab: 152064,
    tiedEmbeddings: false,
    gatedMlp: true,
    experts: 1,
    expertsPerToken: 1,
  },
  {
    upTo: 45e9,
    hidden: 5120,
    heads: 40,
    kvHeads: 8,
    headDim: 128,
    intermediate: 27648,
    vocab: 152064,
    tiedEmbeddings: false,
    gatedMlp: true,
    experts: 1,
    expertsPerToken: 1,
  },
  {
    upTo: 150e9,
    hidden: 8192,
    heads: 64,
    kvHeads: 8,
    headDim: 128,
    intermediate: 28672,
    vocab: 128256,
    tiedEmbeddings: false,
    gatedMlp: true,
    experts: 1,
    expertsPerToken: 1,
  },
  {
    upTo: Infinity,
    hidden: 16384,
    heads: 128,
    kvHeads: 8,
    headDim: 128,
    intermediate: 53248,
    vocab: 128256,
    tiedEmbeddings: false,
    gatedMlp: true,
    experts: 1,
    expertsPerToken: 1,
  },
];

const LARGEST_TEMPLATE: Template = TEMPLATES[TEMPLATES.length - 1] as Template;

/** Parameters in one decoder layer (attention + MLP + two norms), for a shape. */
export function layerParams(
  m: Pick<ResolvedModel, 'hidden' | 'heads' | 'kvHeads' | 'headDim' | 'intermediate' | 'gatedMlp' | 'experts'>,
): number {
  const attention = m.hidden * m.headDim * (2 * m.heads + 2 * m.kvHeads);
  const mlp = (m.gatedMlp ? 3 : 2) * m.hidden * m.intermediate * m.experts;
  const router = m.experts > 1 ? m.hidden * m.experts : 0;
  return attention + mlp + router + 2 * m.hidden;
}

/** Parameters in the token embedding and LM head (once when tied). */
export function embeddingParams(m: Pick<ResolvedModel, 'vocab' | 'hidden' | 'tiedEmbeddings'>): number {
  return m.vocab * m.hidden * (m.tiedEmbeddings ? 1 : 2);
}

/**
 * Resolves `EstimateInput.model` (a preset id, a size such as "13b", or a partial shape) into a
 * full shape. Throws InputError('model', …) for an unknown preset or an unreadable size.
 */
export function resolveModel(
  model: EstimateInput['model'],
  presets: ModelPreset[],
): { model: ResolvedModel; assumptions: Message[] } {
  if (typeof model === 'string') {
    const key = model.trim().toLowerCase();
    const preset = presets.find((p) => p.id === key);
    if (preset) return { model: fromPreset(preset), assumptions: [] };
    const params = parseParamCount(key);
    if (params === null) {
      throw new InputError('model', msg('model.unknown', { model: model.trim() }));
    }
    if (params < 1e6) throw new InputError('model', msg('model.tooSmall', { params }));
    if (params > MAX_PARAMS) throw new InputError('model', msg('model.tooLarge', { max: MAX_PARAMS }));
    return fromShape({ params }, `${model.trim()} model`);
  }
  return fromShape(model, 'custom model');
}

function fromPreset(p: ModelPreset): ResolvedModel {
  return {
    id: p.id,
    name: p.name,
    layers: p.layers,
    hidden: p.hidden,
    heads: p.heads,
    kvHeads: p.kvHeads,
    headDim: p.headDim,
    intermediate: p.intermediate,
    vocab: p.vocab,
    tiedEmbeddings: p.tiedEmbeddings,
    gatedMlp: p.gatedMlp,
    experts: p.experts,
    expertsPerToken: p.expertsPerToken,
    params: p.params,
    activeParams: p.activeParams,
    ...attentionOf(p.layers, p),
  };
}

/** Sliding window and MLA as a preset or a shape states them (a window without a layer count covers every layer). */
function attentionOf(
  layers: number,
  given: { slidingWindow?: number | null; slidingWindowLayers?: number | null; kvLatentDim?: number | null },
): Pick<ResolvedModel, 'slidingWindow' | 'slidingWindowLayers' | 'kvLatentDim'> {
  const slidingWindow = given.slidingWindow ?? null;
  const slidingWindowLayers = slidingWindow === null ? 0 : Math.min(layers, given.slidingWindowLayers ?? layers);
  return { slidingWindow, slidingWindowLayers, kvLatentDim: given.kvLatentDim ?? null };
}

function fromShape(given: ModelInputObject, name: string): { model: ResolvedModel; assumptions: Message[] } {
  // An MoE model's width follows its dense-equivalent size, not its total: the MLP (about 65%
  // of a dense block's parameters, e.g. Llama/Mixtral) is repeated once per expert.
  const denseEquivalent =
    (given.experts ?? 1) > 1 ? given.params / (1 + ((given.experts ?? 1) - 1) * 0.65) : given.params;
  const t: Template = TEMPLATES.find((x) => denseEquivalent <= x.upTo) ?? LARGEST_TEMPLATE;
  const guessed: string[] = [];
  const pick = <K extends keyof Template>(key: K & keyof ModelInputObject, fallback: Template[K]): Template[K] => {
    const value = given[key] as Template[K] | undefined;
    if (value === undefined) guessed.push(key);
    return value ?? fallback;
  };
  const hidden = pick('hidden', t.hidden);
  const headsFallback = given.hidden !== undefined ? Math.max(1, Math.round(hidden / 128)) : t.heads;
  const heads = pick('heads', headsFallback);
  const headDim = pick(
    'headDim',
    given.hidden !== undefined || given.heads !== undefined ? Math.max(1, Math.round(hidden / heads)) : t.headDim,
  );
  const kvHeads = pick('kvHeads', Math.min(heads, t.kvHeads));
  const gatedMlp = pick('gatedMlp', t.gatedMlp);
  const intermediateFallback =
    given.hidden !== undefined ? roundTo(hidden * (t.intermediate / t.hidden), 256) : t.intermediate;
  const intermediate = pick('intermediate', intermediateFallback);
  const vocab = pick('vocab', t.vocab);
  const tiedEmbeddings = pick('tiedEmbeddings', t.tiedEmbeddings);
  const experts = pick('experts', 1);
  const expertsPerToken = Math.min(experts, pick('expertsPerToken', Math.min(experts, 2)));
  const shape = {
    hidden,
    heads,
    kvHeads,
    headDim,
    intermediate,
    vocab,
    tiedEmbeddings,
    gatedMlp,
    experts,
    expertsPerToken,
  };
  const perLayer = layerParams(shape);
  const layers = given.layers ?? Math.max(1, Math.round((given.params - embeddingParams(shape) - hidden) / perLayer));
  if (given.layers === undefined) guessed.push('layers');
  const activePerLayer = layerParams({ ...shape, experts: expertsPerToken });
  const activeParams = Math.min(
    given.params,
    given.activeParams ??
      (experts > 1 ? Math.min(given.params, given.params - layers * (perLayer - activePerLayer)) : given.params),
  );
  const assumptions = guessed.length === 0 ? [] : [msg('model.shapeGuessed', { fields: guessed.join(', ') })];
  const params = checkedParams(given, layers * perLayer + embeddingParams(shape) + hidden, assumptions);
  const model: ResolvedModel = {
    id: null,
    name,
    layers,
    ...shape,
    params,
    activeParams: params === given.params ? activeParams : Math.min(params, activeParams * (params / given.params)),
    ...attentionOf(layers, given),
  };
  return { model, assumptions };
}

/** How far a stated parameter count may sit from the one its shape gives before the estimate says so. */
export const PARAMS_TOLERANCE = 0.03;

/**
 * The parameter count of a model given with its whole shape (layers, widths, vocabulary): the larger of the
 * stated count and the shape's own. Below the shape, the weights its layers hold are there whatever was
 * typed; above it, the stated count may hold what the shape does not describe (a vision tower, biases, shared
 * experts, a multi-token-prediction head). A difference over 3% is said. MLA attention (kvLatentDim) has
 * projections this count does not describe: its stated count stands.
 */
function checkedParams(given: ModelInputObject, shapeParams: number, assumptions: Message[]): number {
  const whole = [given.layers, given.hidden, given.intermediate, given.vocab].every((v) => v !== undefined);
  if (!whole || given.kvLatentDim != null) return given.params;
  const used = Math.max(given.params, shapeParams);
  const difference = given.params / shapeParams - 1;
  if (Math.abs(difference) <= PARAMS_TOLERANCE) return used;
  const counts = { stated: billions(given.params), shape: billions(shapeParams) };
  const percent = (100 * Math.abs(difference)).toFixed(1);
  assumptions.push(msg(difference < 0 ? 'model.paramsBelowShape' : 'model.paramsAboveShape', { ...counts, percent }));
  return used;
}

function billions(params: number): string {
  return (params / 1e9).toFixed(2);
}

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}
