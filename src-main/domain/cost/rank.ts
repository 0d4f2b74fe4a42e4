import type { Billing, Card, Currency, ModelPreset, Offer } from '../catalog';
import type { EstimateInput, MemoryEstimate } from '../estimate/input';
import { DEFAULT_HEADROOM_FRACTION, estimateMemory } from '../estimate/memory';
import { estimateSpeed, type InferenceSpeed, type TrainingSpeed } from '../estimate/speed';
import { fmt } from '../estimate/speed-flops';
import { GIB } from '../estimate/units';
import { english } from '../messages';
import { jobCost, jobHours, jobTokens, type Workload } from './job';
import { cleanUnitPrice, roundDecimal } from './money';
import { paretoFront } from './pareto';
import { BILLING_PERIOD_HOURS, costPer1kSamples, costPer1MTokens, offerPricePerGpuHour } from './unit-cost';

export type { Workload } from './job';

export interface RankOptions {
  /** GPU counts to try per card; default [1, 2, 4, 8]. */
  gpuCounts?: number[];
  billing?: 'all' | Billing;
  /** Currency to rank in; default CNY. Offers in another currency are skipped unless a rate is given. */
  currency?: Currency;
  /** USD per 1 CNY; when set, offers in the other currency are converted (and the rate is stated). */
  rates?: { USDperCNY?: number };
  sort?: 'cost' | 'time' | 'jobCost';
  headroomFraction?: number;
  /** Corrections fitted from logged runs (DESIGN.md "Calibration"), per card and GPU count. */
  correction?: (card: Card, gpus: number) => RankCorrection | null;
}

/** Multiply the raw memory and speed by these; `runs` says how many logged runs back them. */
export interface RankCorrection {
  memoryFactor: number;
  speedFactor: number;
  runs: number;
}

/** One way to run the job: a card type × GPU count × offer that fits. */
export interface Candidate {
  card: string;
  cardName: string;
  gpus: number;
  offerId: string;
  provider: string;
  billing: Billing;
  /** Currency of every money field of this row (the ranking currency). */
  currency: Currency;
  pricePerGpuHour: number;
  fits: true;
  memoryBytesPerGpu: number;
  /** Training tokens/s over all GPUs, or decode tokens/s for inference. */
  tokensPerSecond: number;
  costPer1MTokens: number;
  costPer1kSamples: number | null;
  hours: number | null;
  jobCost: number | null;
  pareto: boolean;
  /** What bounds the speed, e.g. "memory-bound: 1008 GB/s" or "compute-bound: 165 TFLOPS × 38% MFU". */
  reason: string;
  /** The formulas with this row's values, one line each. */
  explain: string[];
}

/** A card × GPU count left out, and why. */
export interface Excluded {
  card: string;
  gpus: number;
  reason: string;
}

export interface RankContext {
  presets: ModelPreset[];
  cards: Card[];
  offers: Offer[];
}

export interface RankResult {
  candidates: Candidate[];
  excluded: Excluded[];
  currency: Currency | 'mixed';
  assumptions: string[];
}

interface PricedOffer {
  offer: Offer;
  /** The offer in the ranking currency. */
  converted: Offer;
}

/** Converts an offer into `target` with `USDperCNY`, or returns null when it cannot be. */
function convertOffer(offer: Offer, target: Currency, usdPerCny: number | undefined): Offer | null {
  if (offer.currency === target) return offer;
  if (usdPerCny === undefined || !(usdPerCny > 0)) return null;
  const factor = offer.currency === 'CNY' ? usdPerCny : 1 / usdPerCny;
  return { ...offer, price: offer.price * factor, currency: target };
}

function speedReason(speed: TrainingSpeed | InferenceSpeed, card: Card): string {
  if (speed.kind === 'train') {
    return `compute-bound: ${speed.peakTflops} TFLOPS × ${Math.round(speed.mfu * 100)}% MFU`;
  }
  if (speed.bound === 'memory') return `memory-bound: ${card.bandwidthGBps} GB/s`;
  if (speed.bound === 'compute') return `compute-bound: ${card.bf16Tflops} TFLOPS`;
  return 'overhead-bound: fixed time per token (kernel launches)';
}

const gib = (bytes: number) => roundDecimal(bytes / GIB, 1);
/** A rate as shown in explanations: whole numbers from 100 up, else 3 significant digits. */
const rate = (x: number) => (x >= 100 ? String(Math.round(x)) : fmt(x));

/**
 * Ranks every card × GPU count × offer that fits with headroom by cost per 1M tokens (or time, or job
 * cost), marks the Pareto front of (job cost or cost per 1M tokens, hours) and explains each number.
 * Money is never mixed: offers in another currency are skipped unless `rates` converts them.
 */
export function rankCandidates(
  input: EstimateInput,
  workload: Workload,
  ctx: RankContext,
  opts: RankOptions = {},
): RankResult {
  const currency = opts.currency ?? 'CNY';
  const gpuCounts = [...new Set(opts.gpuCounts ?? [1, 2, 4, 8])].sort((a, b) => a - b);
  const headroomFraction = opts.headroomFraction ?? DEFAULT_HEADROOM_FRACTION;
  const usdPerCny = opts.rates?.USDperCNY;
  const assumptions: string[] = [];
  const candidates: Omit<Candidate, 'pareto'>[] = [];
  const excluded: Excluded[] = [];
  const tokens = jobTokens(workload);
  const tokensPerSample =
    workload.tokensPerSample !== undefined && workload.tokensPerSample > 0 ? workload.tokensPerSample : undefined;

  const usable = ctx.offers.filter(
    (o) => opts.billing === undefined || opts.billing === 'all' || o.billing === opts.billing,
  );
  const priced: PricedOffer[] = [];
  let skippedCurrency = 0;
  for (const offer of usable) {
    const converted = convertOffer(offer, currency, usdPerCny);
    if (converted) priced.push({ offer, converted });
    else skippedCurrency += 1;
  }
  if (usdPerCny !== undefined && priced.some((p) => p.offer.currency !== currency)) {
    assumptions.push(`prices converted to ${currency} at 1 CNY = ${usdPerCny} USD`);
  }
  if (skippedCurrency > 0) {
    assumptions.push(`${skippedCurrency} offers not in ${currency} were skipped; give a USD/CNY rate to include them`);
  }
  if (priced.some((p) => BILLING_PERIOD_HOURS[p.offer.billing] > 1)) {
    assumptions.push('package (daily/weekly/monthly) rates per GPU-hour assume 100% use of the period');
  }
  if (priced.some((p) => p.offer.billing === 'spot'))
    assumptions.push('spot prices: interruptions and restarts not counted');

  for (const gpus of gpuCounts) {
    const memory: MemoryEstimate = estimateMemory(
      { ...input, gpus },
      { presets: ctx.presets, cards: ctx.cards, headroomFraction },
    );
    // Rank's own sentences are still English; the memory assumptions join them as English until they become codes too.
    if (gpus === gpuCounts[0]) assumptions.push(...memory.assumptions.map(english));
    for (const card of ctx.cards) {
      const fit = memory.fits.find((f) => f.card === card.id);
      if (!fit) continue;
      const correction = opts.correction?.(card, gpus) ?? null;
      const memoryBytesPerGpu = memory.perGpu.totalBytes * (correction?.memoryFactor ?? 1);
      if (memoryBytesPerGpu > fit.memoryBytes * (1 - headroomFraction)) {
        const usableGiB = gib(fit.memoryBytes * (1 - headroomFraction));
        excluded.push({
          card: card.id,
          gpus,
          reason: `does not fit: needs ${gib(memoryBytesPerGpu)} GiB of ${card.memoryGiB} (${usableGiB} usable with ${Math.round(headroomFraction * 100)}% headroom)`,
        });
        continue;
      }
      const offers = priced.filter((p) => p.offer.cardId === card.id && gpus % p.offer.gpusPerPrice === 0);
      if (offers.length === 0) {
        excluded.push({
          card: card.id,
          gpus,
          reason: `fits, but no offer in ${currency} for ${gpus} GPU${gpus > 1 ? 's' : ''}`,
        });
        continue;
      }
      const speed = estimateSpeed(memory.resolvedInput, memory.model, card, {
        tokensPerSample,
        trainableParams: memory.trainableParams,
      });
      const rawTokensPerSecond = speed.kind === 'train' ? speed.tokensPerSecond : speed.decodeTokensPerSecond;
      const tokensPerSecond = rawTokensPerSecond * (correction?.speedFactor ?? 1);
      const speedLine =
        speed.kind === 'train'
          ? `tokens/s = ${gpus} × ${rate(speed.tokensPerSecondPerGpu)} per GPU (${rate(speed.achievedTflops)} TFLOPS ÷ ${fmt(speed.flopsPerToken)} FLOPs/token × ${Math.round(speed.scalingEfficiency * 100)}% scaling) = ${rate(rawTokensPerSecond)}`
          : `decode tokens/s = ${rate(rawTokensPerSecond)} (${speed.bound}-bound)`;
      const calibrationLine =
        correction && correction.runs > 0
          ? `calibrated on ${correction.runs} logged runs: memory × ${roundDecimal(correction.memoryFactor, 3)}, speed × ${roundDecimal(correction.speedFactor, 3)} → ${rate(tokensPerSecond)} tokens/s`
          : null;
      for (const { offer, converted } of offers) {
        const pricePerGpuHour = offerPricePerGpuHour(converted);
        const per1M = costPer1MTokens(pricePerGpuHour, gpus, tokensPerSecond);
        const per1k = tokensPerSample
          ? costPer1kSamples(pricePerGpuHour, gpus, tokensPerSecond, tokensPerSample)
          : null;
        const hours = tokens === null ? null : jobHours(tokens, tokensPerSecond);
        const job = hours === null ? null : jobCost(converted, gpus, hours);
        const priceLine =
          BILLING_PERIOD_HOURS[offer.billing] > 1
            ? `price per GPU-hour = ${cleanUnitPrice(converted.price)} ${currency} ÷ ${BILLING_PERIOD_HOURS[offer.billing]} h ÷ ${offer.gpusPerPrice} GPU = ${pricePerGpuHour} ${currency}`
            : `price per GPU-hour = ${cleanUnitPrice(converted.price)} ${currency} ÷ ${offer.gpusPerPrice} GPU = ${pricePerGpuHour} ${currency} (${offer.billing})`;
        const explain = [
          `memory per GPU = ${gib(memoryBytesPerGpu)} GiB of ${card.memoryGiB} GiB`,
          speedLine,
          ...(calibrationLine ? [calibrationLine] : []),
          priceLine,
          `cost per 1M tokens = 10⁶ × ${pricePerGpuHour} × ${gpus} ÷ (3600 × ${rate(tokensPerSecond)}) = ${per1M} ${currency}`,
        ];
        if (per1k !== null)
          explain.push(`cost per 1k samples = ${per1k} ${currency} at ${tokensPerSample} tokens/sample`);
        if (hours !== null && tokens !== null) {
          explain.push(
            `hours = ${fmt(tokens)} tokens ÷ ${rate(tokensPerSecond)} tokens/s ÷ 3600 = ${roundDecimal(hours, 2)} h`,
          );
        }
        if (job) explain.push(`job cost: ${job.explain}`);
        if (offer.currency !== currency) explain.push(`converted from ${offer.price} ${offer.currency}`);
        candidates.push({
          card: card.id,
          cardName: card.name,
          gpus,
          offerId: offer.id,
          provider: offer.provider,
          billing: offer.billing,
          currency,
          pricePerGpuHour,
          fits: true,
          memoryBytesPerGpu,
          tokensPerSecond,
          costPer1MTokens: per1M,
          costPer1kSamples: per1k,
          hours,
          jobCost: job ? job.cost : null,
          reason: speedReason(speed, card),
          explain,
        });
      }
    }
  }

  const front = paretoFront(
    candidates,
    (c) => c.jobCost ?? c.costPer1MTokens,
    (c) => c.hours ?? 1 / c.tokensPerSecond,
  );
  const ranked: Candidate[] = candidates.map((c, i) => ({ ...c, pareto: front[i] === true }));
  ranked.sort(compareBy(opts.sort ?? 'cost'));
  return { candidates: ranked, excluded, currency, assumptions: [...new Set(assumptions)] };
}

function compareBy(sort: 'cost' | 'time' | 'jobCost'): (a: Candidate, b: Candidate) => number {
  const byCost = (a: Candidate, b: Candidate) => a.costPer1MTokens - b.costPer1MTokens;
  const byTime = (a: Candidate, b: Candidate) =>
    (a.hours ?? 1 / a.tokensPerSecond) - (b.hours ?? 1 / b.tokensPerSecond);
  const byJob = (a: Candidate, b: Candidate) => (a.jobCost ?? Infinity) - (b.jobCost ?? Infinity) || byCost(a, b);
  const primary = sort === 'time' ? byTime : sort === 'jobCost' ? byJob : byCost;
  const secondary = sort === 'time' ? byCost : byTime;
  return (a, b) => primary(a, b) || secondary(a, b) || a.offerId.localeCompare(b.offerId) || a.gpus - b.gpus;
}
