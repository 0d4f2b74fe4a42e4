import { english } from '../domain/messages';
import type { TokenBand } from '../domain/estimate/speed-interval';
import type { EstimateOutput } from '../ipc/contract';
import { formatCount, formatGiB, formatNumber } from './format';
import { renderTable } from './table';

const PARTS = ['weights', 'gradients', 'optimizer', 'activations', 'logits', 'kvCache', 'runtime'] as const;
const PART_LABEL: Record<(typeof PARTS)[number], string> = {
  weights: 'weights',
  gradients: 'gradients',
  optimizer: 'optimizer states',
  activations: 'activations',
  logits: 'logits and loss',
  kvCache: 'KV cache',
  runtime: 'CUDA context and runtime',
};

/** A card's verdict: tight = its memory falls inside the interval of the likely peak. */
const VERDICT_TEXT = { fits: 'fits', tight: 'tight', no: 'does not fit' } as const;

/** The human report of one estimate: model, set-up, assumptions, breakdown, fit per card, speed. */
export function renderEstimate(output: EstimateOutput): string {
  const lines: string[] = [];
  const { model } = output;
  const moe =
    model.experts > 1
      ? `, ${model.experts} experts (${model.expertsPerToken} per token, ${formatCount(model.activeParams)} active)`
      : '';
  lines.push(
    `Model        ${model.name}${model.id ? ` (${model.id})` : ''}: ${formatCount(model.params)} params, ${model.layers} layers, ` +
      `hidden ${model.hidden}, ${model.heads}/${model.kvHeads} heads, vocab ${formatNumber(model.vocab)}${moe}`,
  );
  lines.push(`Set-up       ${describeSetup(output.resolvedInput)}`);
  if (output.trainableParams > 0 && output.resolvedInput.method !== 'inference') {
    lines.push(`Trainable    ${formatCount(output.trainableParams)} params`);
  }
  if (output.assumptions.length > 0) {
    lines.push('Assumptions');
    for (const assumption of output.assumptions) lines.push(`  - ${english(assumption)}`);
  }
  lines.push('');
  lines.push(
    renderTable(
      [{ header: 'Memory per GPU' }, { header: 'GiB', align: 'right' }],
      PARTS.map((part) => [PART_LABEL[part], formatGiB(output.perGpu.breakdown[part])]),
    ),
  );
  const total = formatGiB(output.perGpu.totalBytes);
  const allocated = formatGiB(output.perGpu.allocatedBytes);
  const width = Math.max(total.length, allocated.length);
  const memory = calibratedMemory(output);
  const { lowBytes, highBytes } = output.memoryInterval;
  // The held-out spread: 80% of published runs measured within it (memory-interval.ts).
  const likely = `likely ${formatGiB(lowBytes)}–${formatGiB(highBytes)} GiB`;
  lines.push(`Total (nvidia-smi)      ${total.padStart(width)} GiB   ${likely}${memory ? `   ${memory.total}` : ''}`);
  lines.push(`Allocated (torch peak)  ${allocated.padStart(width)} GiB${memory ? `   ${memory.allocated}` : ''}`);
  lines.push('');
  lines.push(
    renderTable(
      [
        { header: 'Card' },
        { header: 'Memory GiB', align: 'right' },
        { header: 'Fits' },
        { header: 'Headroom GiB', align: 'right' },
        { header: 'Largest batch', align: 'right' },
        { header: 'Longest seq', align: 'right' },
      ],
      output.fits.map((fit) => [
        fit.card,
        formatGiB(fit.memoryBytes),
        VERDICT_TEXT[fit.verdict],
        formatGiB(fit.headroomBytes),
        fit.largestBatch > 0 ? String(fit.largestBatch) : '-',
        fit.longestSeq > 0 ? fit.longestSeq.toLocaleString('en-US') : '-',
      ]),
    ),
  );
  if (output.speed) {
    lines.push('');
    const speedLines = describeSpeed(output.speed, String(output.resolvedInput.gpu ?? ''));
    const speed = calibratedSpeed(output);
    // Right under the raw speed, before its assumptions: where the measured rate likely falls, then the calibrated one.
    const interval = output.speedInterval;
    const likely = interval
      ? [`  ${likelySpeed(interval)}`, ...(interval.prefill ? [`  ${likelyPrefill(interval.prefill)}`] : [])]
      : [];
    speedLines.splice(1, 0, ...likely, ...(speed ? [`  ${speed}`] : []));
    lines.push(...speedLines);
  }
  if (output.calibration && output.calibration.flags.length > 0) {
    lines.push('', 'Calibration');
    for (const flag of output.calibration.flags) lines.push(`  - ${english(flag)}`);
  }
  return lines.join('\n');
}

function describeSetup(input: Record<string, unknown>): string {
  const training = input.method !== 'inference';
  const parts = [
    training ? `${String(input.method)} (${String(input.framework)})` : String(input.method),
    input.quant && input.quant !== 'none'
      ? `${String(input.precision)} (${String(input.quant)})`
      : String(input.precision),
    `batch ${String(input.batchSize)} x seq ${String(input.seqLen)}`,
    `${String(input.gpus)} GPU${input.gpus === 1 ? '' : 's'}${input.sharding && input.sharding !== 'none' ? ` (${String(input.sharding)})` : ''}`,
  ];
  if (training) {
    if (Number(input.gradientAccumulationSteps) > 1)
      parts.push(`${String(input.gradientAccumulationSteps)} micro-batches per step`);
    if (input.packing !== 'padded') parts.push(String(input.packing));
    parts.push(`optimizer ${String(input.optimizer)}`);
    parts.push(input.mixedPrecision ? 'mixed precision' : 'pure 16-bit');
    parts.push(`grad checkpointing ${input.gradientCheckpointing ? 'on' : 'off'}`);
    if (input.optimizerInBackward) parts.push('optimizer in backward');
    if (input.chunkedCrossEntropy) parts.push('chunked cross-entropy');
    if (input.activationOffload) parts.push('activation offload');
    if (input.optimizerOffload) parts.push('optimizer offload');
  } else {
    parts.push(`KV cache ${String(input.kvCachePrecision)}`);
    parts.push(
      input.inferenceRuntime === 'eager' ? 'eager runtime (HF generate)' : `engine ${String(input.inferenceRuntime)}`,
    );
    if (Number(input.tensorParallel) > 1) parts.push(`tensor parallel ${String(input.tensorParallel)}`);
  }
  parts.push(`FlashAttention ${input.flashAttention ? 'on' : 'off'}`);
  if (input.torchCompile) parts.push('torch.compile');
  const lora = input.lora as { rank: number; targets: string | string[] } | undefined;
  if (lora) parts.push(`LoRA r=${lora.rank} on ${Array.isArray(lora.targets) ? lora.targets.join(',') : lora.targets}`);
  return parts.join(', ');
}

function describeSpeed(speed: NonNullable<EstimateOutput['speed']>, card: string): string[] {
  const lines =
    speed.kind === 'train'
      ? [
          `Speed on ${card}: ${formatNumber(speed.tokensPerSecond)} tokens/s (${formatNumber(speed.tokensPerSecondPerGpu)} per GPU), ` +
            `MFU ${formatNumber(speed.mfu * 100)}%, scaling ${formatNumber(speed.scalingEfficiency * 100)}%`,
        ]
      : [
          `Speed on ${card}: decode ${formatNumber(speed.decodeTokensPerSecond)} tokens/s, ` +
            `prefill ${formatNumber(speed.prefillTokensPerSecond)} tokens/s (${speed.bound}-bound)`,
        ];
  for (const assumption of speed.assumptions) lines.push(`  - ${english(assumption)}`);
  return lines;
}

/** "based on 3 runs: 1 yours, 2 published" */
function basis(calibration: NonNullable<EstimateOutput['calibration']>): string {
  return `based on ${calibration.runs} run${calibration.runs === 1 ? '' : 's'}: ${calibration.mine} yours, ${calibration.published} published`;
}

/** The calibrated memory next to the raw figures, when similar logged runs exist for --gpu. */
function calibratedMemory(output: EstimateOutput): { total: string; allocated: string } | null {
  const { calibration, calibrated } = output;
  if (!calibration || !calibrated || calibration.runs === 0) return null;
  return {
    total: `calibrated: ${formatGiB(calibrated.totalBytes)} GiB (×${calibration.memoryFactor.toFixed(2)}, ${basis(calibration)})`,
    allocated: `calibrated: ${formatGiB(calibrated.allocatedBytes)} GiB`,
  };
}

/** Where the measured rate likely falls, and which held-out runs say so (speed-interval.ts). */
function likelySpeed(interval: NonNullable<EstimateOutput['speedInterval']>): string {
  const runs = !interval.group
    ? 'published runs'
    : 'band' in interval.group
      ? `published runs at ${BAND_TEXT[interval.group.band]} tokens per micro-batch`
      : `published ${interval.group.decode === 'eager' ? 'eager (HF generate)' : 'engine'} decode runs`;
  return (
    `likely ${formatNumber(interval.lowTokensPerSecond)}–${formatNumber(interval.highTokensPerSecond)} tokens/s: ` +
    `80% of ${interval.rows} ${runs} (${interval.sources} sources, each held out) measured within this range of their estimate`
  );
}

/** Where the measured prompt processing rate likely falls: the prefill estimate is the weakest (README "How accurate is it?"). */
function likelyPrefill(prefill: NonNullable<NonNullable<EstimateOutput['speedInterval']>['prefill']>): string {
  return (
    `prompt processing likely ${formatNumber(prefill.lowTokensPerSecond)}–${formatNumber(prefill.highTokensPerSecond)} tokens/s: ` +
    `80% of ${prefill.rows} published prefill runs (${prefill.sources} sources, each held out) measured within this range of their estimate`
  );
}

const BAND_TEXT: Record<TokenBand, string> = {
  under1k: 'under 1k',
  '1kTo4k': '1k–4k',
  '4kTo16k': '4k–16k',
  over16k: 'over 16k',
};

/** The calibrated speed, when the logged runs moved it. */
function calibratedSpeed(output: EstimateOutput): string | null {
  const { calibration, calibrated } = output;
  if (!calibration || !calibrated || calibration.runs === 0 || calibration.speedFactor === 1) return null;
  const rate = calibrated.tokensPerSecond ?? calibrated.decodeTokensPerSecond;
  if (rate === undefined) return null;
  const what = calibrated.tokensPerSecond === undefined ? 'decode tokens/s' : 'tokens/s';
  return `calibrated: ${formatNumber(rate)} ${what} (×${calibration.speedFactor.toFixed(2)}, ${basis(calibration)})`;
}
