import type { Billing, Card, Currency, ModelPreset, Offer } from '../catalog';
import { splitsBase, type Framework, type Sharding } from '../estimate/choices';
import { frameworkTraits, shardingsToFit } from '../estimate/framework-traits';
import type { EstimateInput, MemoryEstimate } from '../estimate/input';
import { DEFAULT_HEADROOM_FRACTION, estimateMemory, usableBytes } from '../estimate/memory';
import { estimateResolvedSpeed, type InferenceSpeed, type TrainingSpeed } from '../estimate/speed';
import { fmt } from '../estimate/speed-flops';
import { speedInterval, type SpeedInterval } from '../estimate/speed-interval';
import { GIB } from '../estimate/units';
import { msg, type Message } from '../messages';
import { jobCost, jobHours, jobTokens, type Workload } from './job';
import { cleanUnitPrice, roundDecimal } from './money';
import { paretoFront } from './pareto';
import { rankAnswer, type RankAnswer } from './rank-answer';
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
  /** The day the rate was read (YYYY-MM-DD), stated with it. */
  rateDate?: string | null;
  /** Default: the job's cost when a job is given, else the cost per 1M tokens. */
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
  /**
   * How the training state is split over the GPUs: the set-up's own ('none' for inference), or, where plain data
   * parallel does not fit on several GPUs, the ZeRO stage or FSDP the ranking chose to fit it (by its framework).
   */
  sharding: Sharding;
  /** True when the ranking chose `sharding` because plain data parallel does not fit this card and count. */
  shardedToFit: boolean;
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
  /**
   * The job's cost at the ends of the speed's held-out interval (speed-interval.ts: 80% of the published runs of its
   * kind ran within it of their estimate): at the fast end, then at the slow end. Null without a job.
   */
  jobCostLikely: { low: number; high: number } | null;
  /** The job's compute hours at the same two ends (fast, slow): what the Plan page prices. Null without a job. */
  hoursLikely: { fast: number; slow: number } | null;
  pareto: boolean;
  /** What bounds the speed, e.g. "memory-bound: 1,008 GB/s" or "compute-bound: 165 TFLOPS × 38% MFU". */
  reason: Message;
  /** The formulas with this row's values, one line each. */
  explain: Message[];
}

/** A card × GPU count left out, and why. */
export interface Excluded {
  card: string;
  gpus: number;
  reason: Message;
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
  assumptions: Message[];
  /** The answer in one or two lines: the cheapest set-up, and the fastest within 20% of its cost. */
  answer: RankAnswer | null;
}

interface PricedOffer {
  offer: Offer;
  /** The offer in the ranking currency. */
  converted: Offer;
}

/** Converts an offer into `target` with `USDperCNY`, or returns null when it cannot be. */
export function convertOffer(offer: Offer, target: Currency, usdPerCny: number | undefined): Offer | null {
  if (offer.currency === target) return offer;
  if (usdPerCny === undefined || !(usdPerCny > 0)) return null;
  const factor = offer.currency === 'CNY' ? usdPerCny : 1 / usdPerCny;
  return { ...offer, price: offer.price * factor, currency: target };
}

function speedReason(speed: TrainingSpeed | InferenceSpeed, card: Card): Message {
  if (speed.kind === 'train')
    return msg('rank.reason.trainCompute', { tflops: speed.peakTflops, mfu: speed.mfu * 100 });
  if (speed.bound === 'memory') return msg('rank.reason.memory', { bandwidth: card.bandwidthGBps });
  if (speed.bound === 'compute') return msg('rank.reason.compute', { tflops: card.bf16Tflops });
  return msg('rank.reason.overhead');
}

const gib = (bytes: number) => roundDecimal(bytes / GIB, 1);
/** A rate as shown in explanations: whole numbers from 100 up, else 3 significant digits. */
const rate = (x: number) => (x >= 100 ? String(Math.round(x)) : fmt(x));

/**
 * Ranks every card × GPU count × offer that fits with headroom by the job's cost when a job is given
 * (else cost per 1M tokens; or by time), marks the Pareto front of (job cost or cost per 1M tokens,
 * hours), explains each number and states the answer first (rank-answer.ts). A package whose period
 * is longer than the job is left out, and the assumptions say so. Money is never mixed: offers in
 * another currency are skipped unless `rates` converts them.
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
  const assumptions: Message[] = [];
  // pareto is false until the front is known (below).
  const candidates: Candidate[] = [];
  const excluded: Excluded[] = [];
  const tokens = jobTokens(workload);
  const tokensPerSample =
    workload.tokensPerSample !== undefined && workload.tokensPerSample > 0 ? workload.tokensPerSample : undefined;

  const usable = ctx.offers.filter(
    (o) => opts.billing === undefined || opts.billing === 'all' || o.billing === opts.billing,
  );
  const priced: PricedOffer[] = [];
  // Packages left out of a job shorter than their period (a month cannot be bought for 5 hours).
  const longPackages = new Set<string>();
  let skippedCurrency = 0;
  for (const offer of usable) {
    const converted = convertOffer(offer, currency, usdPerCny);
    if (converted) priced.push({ offer, converted });
    else skippedCurrency += 1;
  }
  if (usdPerCny !== undefined && priced.some((p) => p.offer.currency !== currency)) {
    assumptions.push(
      opts.rateDate
        ? msg('rank.assume.convertedOn', { currency, rate: usdPerCny, date: opts.rateDate })
        : msg('rank.assume.converted', { currency, rate: usdPerCny }),
    );
  }
  if (skippedCurrency > 0) {
    assumptions.push(msg('rank.assume.skippedCurrency', { count: skippedCurrency, currency }));
  }
  if (priced.some((p) => BILLING_PERIOD_HOURS[p.offer.billing] > 1)) {
    assumptions.push(msg('rank.assume.packageFullUse'));
  }
  if (priced.some((p) => p.offer.billing === 'spot')) assumptions.push(msg('rank.assume.spotNoInterruptions'));

  // Offers and fits by card once, not searched per card: a catalog of 1,000 cards made the ranking quadratic.
  const pricedByCard = new Map<string, typeof priced>();
  for (const p of priced) {
    const list = pricedByCard.get(p.offer.cardId);
    if (list) list.push(p);
    else pricedByCard.set(p.offer.cardId, [p]);
  }
  // The framework whose way of splitting a ranked row took, for the assumption that says so.
  let splitFramework: Framework | null = null;
  for (const gpus of gpuCounts) {
    const ways = waysToRun(input, gpus, { presets: ctx.presets, cards: ctx.cards, headroomFraction });
    if (gpus === gpuCounts[0]) assumptions.push(...ways.plain.assumptions);
    for (const card of ctx.cards) {
      const correction = opts.correction?.(card, gpus) ?? null;
      const roomBytes = usableBytes(card, headroomFraction);
      const needOf = (way: MemoryEstimate) => way.perGpu.totalBytes * (correction?.memoryFactor ?? 1);
      let memory = needOf(ways.plain) <= roomBytes ? ways.plain : undefined;
      for (let stage = 0; !memory && stage < ways.stages; stage++) {
        if (needOf(ways.split(stage)) <= roomBytes) memory = ways.split(stage);
      }
      if (!memory) {
        const tightest = ways.stages > 0 ? ways.split(ways.stages - 1) : undefined;
        excluded.push({
          card: card.id,
          gpus,
          reason: tightest
            ? msg('rank.excluded.noFitSharded', {
                need: gib(needOf(tightest)),
                sharding: msg(`option.sharding.${tightest.resolvedInput.sharding}`),
                plain: gib(needOf(ways.plain)),
                memory: card.memoryGiB,
                usable: gib(roomBytes),
                headroom: headroomFraction * 100,
              })
            : msg('rank.excluded.noFit', {
                need: gib(needOf(ways.plain)),
                memory: card.memoryGiB,
                usable: gib(roomBytes),
                headroom: headroomFraction * 100,
              }),
        });
        continue;
      }
      const memoryBytesPerGpu = needOf(memory);
      const sharding = memory.resolvedInput.sharding;
      const shardedToFit = memory !== ways.plain;
      const offers = (pricedByCard.get(card.id) ?? []).filter((p) => gpus % p.offer.gpusPerPrice === 0);
      if (offers.length === 0) {
        excluded.push({ card: card.id, gpus, reason: msg('rank.excluded.noOffer', { currency, count: gpus }) });
        continue;
      }
      // Each row explains its speed in its own words (speedLine below): the estimate's lines would be dropped.
      const speed = estimateResolvedSpeed(memory.resolvedInput, memory.model, card, {
        tokensPerSample,
        trainableParams: memory.trainableParams,
        explain: false,
      });
      const rawTokensPerSecond = speed.kind === 'train' ? speed.tokensPerSecond : speed.decodeTokensPerSecond;
      const speedFactor = correction?.speedFactor ?? 1;
      const tokensPerSecond = rawTokensPerSecond * speedFactor;
      const speedLine =
        speed.kind === 'train'
          ? msg('rank.explain.trainSpeed', {
              gpus,
              perGpu: rate(speed.tokensPerSecondPerGpu),
              tflops: rate(speed.achievedTflops),
              flops: fmt(speed.flopsPerToken),
              scaling: speed.scalingEfficiency * 100,
              total: rate(rawTokensPerSecond),
            })
          : msg('rank.explain.decodeSpeed', {
              total: rate(rawTokensPerSecond),
              bound: msg(`speed.bound.${speed.bound}`),
            });
      // The lines every offer of this card and GPU count shares, built once for them.
      const tokensPerSecondText = rate(tokensPerSecond);
      const calibrationLine =
        correction && correction.runs > 0
          ? msg('rank.explain.calibrated', {
              count: correction.runs,
              memory: correction.memoryFactor,
              speed: correction.speedFactor,
              tokensPerSecond: tokensPerSecondText,
            })
          : null;
      const memoryLines = [
        ...(shardedToFit
          ? [
              msg('rank.explain.sharded', {
                sharding: msg(`option.sharding.${sharding}`),
                gpus,
                plain: gib(needOf(ways.plain)),
                usable: gib(roomBytes),
              }),
            ]
          : []),
        msg('rank.explain.memory', { need: gib(memoryBytesPerGpu), memory: card.memoryGiB }),
      ];
      const hours = tokens === null ? null : jobHours(tokens, tokensPerSecond);
      const hoursLine =
        hours === null || tokens === null
          ? null
          : msg('rank.explain.hours', { tokens: fmt(tokens), tokensPerSecond: tokensPerSecondText, hours });
      // The job's hours at both ends of the raw rate's held-out range, on the corrected rate (wider than the
      // corrected rate's own range).
      const likely =
        tokens === null ? null : likelyHours(tokens, speedInterval(speed, memory.resolvedInput), speedFactor);
      // The same for every offer of this card and GPU count.
      const hoursLikely = likely ? { fast: likely.fastHours, slow: likely.slowHours } : null;
      let kept = 0;
      for (const { offer, converted } of offers) {
        const periodHours = BILLING_PERIOD_HOURS[offer.billing];
        if (hours !== null && periodHours > 1 && hours < periodHours) {
          longPackages.add(offer.id);
          continue;
        }
        kept += 1;
        const pricePerGpuHour = offerPricePerGpuHour(converted);
        const per1M = costPer1MTokens(pricePerGpuHour, gpus, tokensPerSecond);
        const per1k = tokensPerSample
          ? costPer1kSamples(pricePerGpuHour, gpus, tokensPerSecond, tokensPerSample)
          : null;
        const job = hours === null ? null : jobCost(converted, gpus, hours);
        const jobLikely =
          likely === null
            ? null
            : {
                low: jobCost(converted, gpus, likely.fastHours).cost,
                high: jobCost(converted, gpus, likely.slowHours).cost,
              };
        // Parameters named one by one: a spread that adds fields costs about 1 µs per offer on Node 20
        // (scripts/bench/spread.ts), and a ranking builds these for every card × GPU count × offer.
        const unitPrice = cleanUnitPrice(converted.price);
        const priceLine =
          BILLING_PERIOD_HOURS[offer.billing] > 1
            ? msg('rank.explain.pricePackage', {
                price: unitPrice,
                currency,
                perGpuHour: pricePerGpuHour,
                periodHours: BILLING_PERIOD_HOURS[offer.billing],
                gpusPerPrice: offer.gpusPerPrice,
              })
            : msg('rank.explain.priceHourly', {
                price: unitPrice,
                currency,
                perGpuHour: pricePerGpuHour,
                gpusPerPrice: offer.gpusPerPrice,
                billing: msg(`word.billing.${offer.billing}`),
              });
        const explain: Message[] = [
          ...memoryLines,
          speedLine,
          ...(calibrationLine ? [calibrationLine] : []),
          priceLine,
          msg('rank.explain.costPer1M', {
            perGpuHour: pricePerGpuHour,
            gpus,
            tokensPerSecond: tokensPerSecondText,
            cost: per1M,
            currency,
          }),
        ];
        if (per1k !== null)
          explain.push(msg('rank.explain.costPer1k', { cost: per1k, currency, tokensPerSample: tokensPerSample ?? 0 }));
        if (hoursLine) explain.push(hoursLine);
        if (job) explain.push(msg('rank.explain.jobCost', { explain: job.explain }));
        if (jobLikely && likely) {
          explain.push(
            msg('rank.explain.likelyJob', {
              low: jobLikely.low,
              high: jobLikely.high,
              currency,
              fastHours: likely.fastHours,
              slowHours: likely.slowHours,
              rows: likely.rows,
              sources: likely.sources,
            }),
          );
        }
        if (offer.currency !== currency) {
          explain.push(msg('rank.explain.converted', { price: offer.price, currency: offer.currency }));
        }
        if (shardedToFit) splitFramework = memory.resolvedInput.framework;
        candidates.push({
          card: card.id,
          cardName: card.name,
          gpus,
          sharding,
          shardedToFit,
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
          jobCostLikely: jobLikely,
          hoursLikely,
          reason: speedReason(speed, card),
          explain,
          pareto: false,
        });
      }
      if (kept === 0 && hours !== null) {
        excluded.push({ card: card.id, gpus, reason: msg('rank.excluded.packagesLongerThanJob', { hours }) });
      }
    }
  }
  if (longPackages.size > 0) {
    assumptions.push(msg('rank.assume.packagesLongerThanJob', { count: longPackages.size }));
  }
  if (splitFramework) {
    const framework = msg(`option.framework.${splitFramework}`);
    assumptions.push(
      frameworkTraits(splitFramework).ownFsdpLoop
        ? msg('rank.assume.shardedToFitFsdp', { framework })
        : msg('rank.assume.shardedToFit', { framework }),
    );
  }

  const front = paretoFront(
    candidates,
    (c) => c.jobCost ?? c.costPer1MTokens,
    (c) => c.hours ?? 1 / c.tokensPerSecond,
  );
  // The candidates are this call's own objects: marked in place rather than copied with a field added.
  candidates.forEach((c, i) => {
    c.pareto = front[i] === true;
  });
  candidates.sort(compareBy(opts.sort ?? (tokens === null ? 'cost' : 'jobCost')));
  return {
    candidates,
    excluded,
    currency,
    assumptions: distinctMessages(assumptions),
    answer: rankAnswer(candidates),
  };
}

/**
 * The job on `gpus` GPUs as it was set up (`plain`) and, only when that trains over several GPUs without sharding (a
 * DeepSpeed or FSDP framework shards as it is set), split with each of the shardings its framework fits with
 * (shardingsToFit: `split(0)` … `split(stages - 1)`), each estimated when first asked for: a set-up that fits every
 * card never is.
 */
function waysToRun(
  input: EstimateInput,
  gpus: number,
  memoryCtx: Parameters<typeof estimateMemory>[1],
): { plain: MemoryEstimate; stages: number; split: (stage: number) => MemoryEstimate } {
  const plain = estimateMemory({ ...input, gpus }, memoryCtx);
  const { framework, sharding, quant } = plain.resolvedInput;
  const method = input.method;
  const stages =
    gpus > 1 && method !== 'inference' && sharding === 'none' && splitsBase(quant)
      ? shardingsToFit(framework, method)
      : [];
  const split: MemoryEstimate[] = [];
  return {
    plain,
    stages: stages.length,
    split: (stage) => (split[stage] ??= estimateMemory({ ...input, gpus, sharding: stages[stage] }, memoryCtx)),
  };
}

/** The messages in order, each code-and-parameters once. */
function distinctMessages(messages: readonly Message[]): Message[] {
  const seen = new Set<string>();
  return messages.filter((message) => {
    const key = JSON.stringify(message);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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

/** A job's hours at the fast and slow ends of a speed interval, on a rate corrected by `speedFactor`. */
function likelyHours(tokens: number, interval: SpeedInterval, speedFactor: number) {
  return {
    fastHours: jobHours(tokens, interval.highTokensPerSecond * speedFactor),
    slowHours: jobHours(tokens, interval.lowTokensPerSecond * speedFactor),
    rows: interval.rows,
    sources: interval.sources,
  };
}
