import { msg } from '../messages';
import { RecipeReader, type RecipeFile } from './recipe';

/** accelerate's FSDP sharding strategies (by name or by number, as `accelerate config` writes them) to the estimator's. */
const FSDP_STRATEGY: Record<string, 'fsdp' | 'zero2' | 'none'> = {
  FULL_SHARD: 'fsdp',
  HYBRID_SHARD: 'fsdp',
  SHARD_GRAD_OP: 'zero2',
  HYBRID_SHARD_ZERO2: 'zero2',
  NO_SHARD: 'none',
  '1': 'fsdp',
  '2': 'zero2',
  '3': 'none',
  '4': 'fsdp',
};
const MIXED: Record<string, 'bf16' | 'fp16' | 'fp8' | 'fp32'> = { bf16: 'bf16', fp16: 'fp16', fp8: 'fp8', no: 'fp32' };

/**
 * An accelerate config YAML (huggingface/accelerate docs/source/package_reference/cli.md and
 * examples/config_yaml_templates): GPU count, mixed precision, and the DeepSpeed or FSDP plugin's
 * stage, offload and checkpointing. It holds no model and no method: those come from flags.
 */
export function readAccelerate(data: Record<string, unknown>, file: string): RecipeFile {
  const r = new RecipeReader('accelerate', file, data);
  r.number('num_processes', 'gpus');
  const mixed = r.text('mixed_precision');
  if (mixed !== undefined) {
    if (!MIXED[mixed]) throw r.bad('mixed_precision', mixed, 'precision');
    r.set('mixed_precision', 'precision', MIXED[mixed], mixed);
  }
  const type = r.text('distributed_type');
  if (type === 'DEEPSPEED') readDeepSpeedPlugin(r);
  else if (type === 'FSDP') readFsdpPlugin(r);
  else if (type === 'MULTI_GPU') r.set('distributed_type', 'sharding', 'none', type);
  return r.finish();
}

function readDeepSpeedPlugin(r: RecipeReader): void {
  const configFile = r.text('deepspeed_config.deepspeed_config_file');
  if (configFile) {
    r.recipe.deepspeedFile = configFile;
    return;
  }
  const stage = r.get('deepspeed_config.zero_stage') ?? 2;
  if (stage !== 0 && stage !== 1 && stage !== 2 && stage !== 3)
    throw r.bad('deepspeed_config.zero_stage', stage, 'sharding');
  r.set('deepspeed_config.zero_stage', 'sharding', (['none', 'zero1', 'zero2', 'zero3'] as const)[stage], stage);
  r.number('deepspeed_config.gradient_accumulation_steps', 'gradientAccumulationSteps', { allowAuto: true });
  for (const part of ['offload_optimizer_device', 'offload_param_device'] as const) {
    const key = `deepspeed_config.${part}`;
    const device = r.text(key);
    if (device === 'cpu' || device === 'nvme') {
      r.set(key, 'optimizerOffload', true, device);
      if (part === 'offload_param_device') r.note(msg('recipeFile.paramOffload', { key }));
    }
  }
}

function readFsdpPlugin(r: RecipeReader): void {
  const strategy = r.get('fsdp_config.fsdp_sharding_strategy');
  const reshard = r.get('fsdp_config.fsdp_reshard_after_forward');
  // FSDP2 (fsdp_version: 2) names the strategy by fsdp_reshard_after_forward: false keeps parameters gathered (ZeRO-2-like).
  const sharding = strategy !== undefined ? FSDP_STRATEGY[String(strategy)] : reshard === false ? 'zero2' : 'fsdp';
  if (!sharding) throw r.bad('fsdp_config.fsdp_sharding_strategy', strategy, 'sharding');
  r.set(
    strategy !== undefined ? 'fsdp_config.fsdp_sharding_strategy' : 'distributed_type',
    'sharding',
    sharding,
    String(strategy ?? 'FSDP'),
  );
  r.set('distributed_type', 'framework', 'fsdp', 'FSDP');
  const offload = r.get('fsdp_config.fsdp_offload_params');
  if (offload === true) {
    r.set('fsdp_config.fsdp_offload_params', 'optimizerOffload', true, true);
    r.note(msg('recipeFile.paramOffload', { key: 'fsdp_config.fsdp_offload_params' }));
  }
  r.flag('fsdp_config.fsdp_activation_checkpointing', 'gradientCheckpointing');
}
