import type { ModelPreset } from '../catalog';
import type { ModelInputObject } from '../fields/model-fields';

/** What a preset is made from: the model a file gave, with its name and context where the file states them. */
export interface PresetSource {
  file: string;
  architecture: string | null;
  name: string | null;
  maxContext: number | null;
  model: ModelInputObject;
}

/** A default preset id from a file's model name ("Qwen/Qwen2.5-7B" -> "qwen2.5-7b") or its file name. */
export function presetIdFrom(text: string): string {
  const last = text.split('/').pop() ?? text;
  return (
    last
      .toLowerCase()
      .replace(/\.(json|gguf|safetensors)$/, '')
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[^a-z0-9]+/, '')
      .slice(0, 80) || 'my-model'
  );
}

/** The default name shown in lists: the model's own name (without its owner), else the id. */
export function presetNameFrom(source: PresetSource, id: string): string {
  return source.name?.split('/').pop() ?? id;
}

/**
 * A user model preset with the exact shape read from a file (`cardwise models add`, the app's
 * "Save as my model"), unchecked: the caller checks it against modelPresetSchema. A context the
 * file does not state is 4096.
 */
export function presetFromFile(source: PresetSource, id: string, name: string, savedBy: string): ModelPreset {
  const m = source.model;
  return {
    id,
    name,
    family: source.architecture ?? 'custom',
    params: m.params,
    activeParams: m.activeParams ?? m.params,
    layers: m.layers,
    hidden: m.hidden,
    heads: m.heads,
    kvHeads: m.kvHeads,
    headDim: m.headDim,
    intermediate: m.intermediate,
    vocab: m.vocab,
    tiedEmbeddings: m.tiedEmbeddings,
    gatedMlp: m.gatedMlp,
    experts: m.experts,
    expertsPerToken: m.expertsPerToken,
    ...(m.slidingWindow !== undefined ? { slidingWindow: m.slidingWindow } : {}),
    ...(m.slidingWindowLayers !== undefined ? { slidingWindowLayers: m.slidingWindowLayers } : {}),
    ...(m.kvLatentDim !== undefined ? { kvLatentDim: m.kvLatentDim } : {}),
    maxContext: source.maxContext ?? 4096,
    source: `read from ${source.file} by ${savedBy}`,
  } as ModelPreset;
}
