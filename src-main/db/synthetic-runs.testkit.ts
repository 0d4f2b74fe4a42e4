/**
 * A deterministic run log of any size for store tests and benches: varied cards, configurations,
 * outcomes, dates and notes (every run physically possible on its card), spread by index arithmetic (i × a prime modulo a range), no
 * randomness, so the same index always gives the same run. Every run passes runInputSchema.
 */
import type { RunInputDraft } from '../domain/runs';

const CARDS = ['rtx-3090', 'rtx-4090', 'rtx-5090', 'a100-80gb-sxm', 'a800-80gb', 'h20-96gb'] as const;
const MODELS = ['qwen2.5-7b', 'llama-3.1-8b', 'qwen2.5-14b', 'mistral-7b', '13b', '70b'] as const;
/** Nominal billions of parameters of MODELS: speeds scale with 1 ÷ size so no run beats its card's peak. */
const BILLIONS: Record<(typeof MODELS)[number], number> = {
  'qwen2.5-7b': 7,
  'llama-3.1-8b': 8,
  'qwen2.5-14b': 14,
  'mistral-7b': 7,
  '13b': 13,
  '70b': 70,
};
/** GiB of CARDS (a100-80gb-sxm is no catalog id: a card the catalog lacks). */
const CARD_GIB: Record<(typeof CARDS)[number], number> = {
  'rtx-3090': 24,
  'rtx-4090': 24,
  'rtx-5090': 32,
  'a100-80gb-sxm': 80,
  'a800-80gb': 80,
  'h20-96gb': 96,
};
const OUTCOMES = ['ok', 'ok', 'ok', 'ok', 'oom', 'crashed', 'preempted'] as const;
const PROVIDERS = ['AutoDL', '恒源云', 'Vast', 'RunPod', undefined] as const;
const NOTES = ['', '', '', 'second try, larger batch', 'throttled instance?', '中文备注：显存不足', '=SUM(A1) test'];

function pick<T>(list: readonly T[], i: number, prime: number): T {
  return list[(i * prime) % list.length] as T;
}

/** The run at index `i` (0-based) of the synthetic log. */
export function syntheticRun(i: number): RunInputDraft {
  const method = pick(['lora', 'qlora', 'full', 'inference'] as const, i, 3);
  const batchSize = 1 << (i % 4);
  const seqLen = 512 << ((i * 5) % 4);
  const outcome = pick(OUTCOMES, i, 11);
  const provider = pick(PROVIDERS, i, 7);
  const day = 1 + (i % 28);
  const month = 1 + ((i * 13) % 12);
  const second = i % 86_400;
  const time = `${String(Math.floor(second / 3600)).padStart(2, '0')}:${String(Math.floor(second / 60) % 60).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}`;
  const model = pick(MODELS, i, 5);
  const card = pick(CARDS, i, 7);
  const run: RunInputDraft = {
    config: {
      model,
      method,
      precision: method === 'qlora' ? 'int4' : 'bf16',
      batchSize,
      seqLen,
      ...(method === 'qlora' ? { quant: 'bnb' as const } : {}),
      ...(method === 'lora' || method === 'qlora'
        ? { lora: { rank: 8 << (i % 3), targets: 'all-linear' as const } }
        : {}),
      ...(i % 5 === 0 ? { gradientCheckpointing: true } : {}),
    },
    card,
    gpus: 1,
    // Never above the card's memory: such a run is refused (domain/runs/plausibility.ts).
    peakMemoryGiB: outcome === 'oom' ? null : 4 + ((i * 7919) % ((CARD_GIB[card] - 4) * 100)) / 100,
    memoryMeter: outcome === 'oom' ? null : 'nvidia-smi',
    outcome,
    startedAt: `2025-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${time}+08:00`,
    notes: `${pick(NOTES, i, 3)} #${i}`,
  };
  if (outcome === 'ok') {
    // Within every card's BF16 peak at 6 FLOPs per parameter and token (plausibility.ts).
    run.tokensPerSecond = ((100 + ((i * 104_729) % 1_000)) * 7) / BILLIONS[model];
    run.throughputKind = method === 'inference' ? 'decode' : 'train';
    run.durationHours = ((i * 31) % 1000) / 10;
  }
  if (provider) {
    run.provider = provider;
    run.cost = ((i * 13) % 10_000) / 10;
    run.currency = provider === 'Vast' || provider === 'RunPod' ? 'USD' : 'CNY';
  }
  return run;
}

/** Runs `from` (inclusive) to `to` (exclusive) of the synthetic log. */
export function* syntheticRuns(from: number, to: number): Generator<RunInputDraft> {
  for (let i = from; i < to; i++) yield syntheticRun(i);
}
