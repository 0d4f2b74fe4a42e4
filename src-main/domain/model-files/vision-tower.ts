import { configReader } from './file-model';

/**
 * Parameters of a VLM's vision tower and projector, from its vision_config (counted in the
 * weights; the decoder's shape stays the text model's). ViT encoder layers as in transformers'
 * modeling_siglip.py / modeling_clip.py: q, k, v, o with biases, two LayerNorms, a two-matrix MLP
 * with biases. Gemma 3 (modeling_gemma3.py): SigLIP without its head, then an RMSNorm and one
 * projection to the text width. LLaVA (modeling_llava.py): CLIP with class embedding and pre-norm,
 * then a two-layer MLP projector with biases.
 */
export function visionTowerParams(
  wrapper: 'gemma3' | 'llava',
  top: Record<string, unknown>,
  textHidden: number,
  file: string,
): number {
  const v = configReader(top.vision_config as Record<string, unknown>, file);
  const width = v.count('hidden_size');
  const mlp = v.count('intermediate_size');
  const layers = v.count('num_hidden_layers');
  const patch = v.count('patch_size');
  const image = v.count('image_size');
  const channels = v.optionalCount('num_channels') ?? 3;
  const patches = (image / patch) ** 2;
  const layer = 4 * (width * width + width) + 2 * width * mlp + mlp + width + 2 * 2 * width;
  const encoder = layers * layer;
  if (wrapper === 'gemma3') {
    const embeddings = channels * patch * patch * width + width + patches * width;
    const postNorm = 2 * width;
    const projector = width + width * textHidden;
    return embeddings + encoder + postNorm + projector;
  }
  // CLIP: a bias-free patch conv, a class token and one more position, pre- and post-LayerNorm.
  const embeddings = channels * patch * patch * width + width + (patches + 1) * width;
  const norms = 2 * (2 * width);
  const projector = width * textHidden + textHidden + textHidden * textHidden + textHidden;
  return embeddings + encoder + norms + projector;
}
