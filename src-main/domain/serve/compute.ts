import { formatMoney } from '../cost/money';
import type { Card, Currency, ModelPreset, Offer } from '../catalog';
import { InputError } from '../errors';
import type { InferenceSpeed } from '../estimate/speed';
import { GIB } from '../estimate/units';
import { msg, type Message } from '../messages';
import { capacityOf, type ServeCapacity } from './capacity';
import type { ServingCalibration } from '../calibrate/serving';
import { calibratedCapacity, calibratedStep, correctionOf, type ServeCorrection } from './calibrated';
import type { ServeMemoryLines } from './engine-memory';
import { engineSetup, settleServeInput, type ResolvedServeInput, type ServeInput } from './input';
import { latencyAt, maxRateMeeting, requestCapacityPerSecond } from './queueing';
import { serveOfferCosts, type ServeOfferCost } from './serve-cost';
import { stepModel } from './throughput';

/** GPU counts per server tried when the input names none. */
export const DEFAULT_SERVE_GPU_COUNTS = [1, 2, 4, 8] as const;

export interface ServeContext {
  presets: ModelPreset[];
  cards: Card[];
  offers: Offer[];
  /** Ranking currency when the input names none. */
  currency: Currency;
  /** USD per 1 CNY from the settings, to convert offers in the other currency. */
  usdPerCny?: number;
  /** Per card id, the correction fitted from logged serving runs of this engine (absent: raw). */
  calibration?: ReadonlyMap<string, ServingCalibration>;
}

/** Speed of one server under the requested traffic. Latencies are null where the server cannot keep up. */
export interface ServeSpeed {
  /** Sequences decoded at once at full load: the concurrency limit at the average request. */
  maxBatch: number;
  decodeTokensPerSecondAtMaxBatch: number;
  bound: InferenceSpeed['bound'];
  prefillTokensPerSecond: number;
  /** Requests per second the server completes when always busy, and their output tokens per second. */
  requestCapacityPerSecond: number;
  outputTokensPerSecondCapacity: number;
  ttftMs: number | null;
  itlMs: number | null;
  /** Sequences in decode at the requested rate. */
  batchAtRate: number;
  stable: boolean;
  meetsTarget: boolean;
  /** The highest request rate meeting the TTFT and ITL targets. */
  maxRequestsPerSecond: number;
  /** The link of a tensor-parallel server (NVLink or PCIe, with its bus rate), else null. */
  link: Message | null;
}

/** One server: a card × GPU count, what it holds, how fast it serves and what it costs. */
export interface ServeSetup {
  card: string;
  cardName: string;
  gpus: number;
  fits: boolean;
  reason: Message | null;
  maxModelLen: number;
  maxNumBatchedTokens: number;
  maxNumSeqs: number;
  /** Bytes per GPU by what holds them. */
  memory: ServeMemoryLines;
  nvidiaSmiGiB: number;
  kvPoolTokens: number;
  kvPoolBlocks: number;
  kvBytesPerToken: number;
  maxConcurrentSequences: ServeCapacity['maxConcurrentSequences'];
  kvConcurrency: ServeCapacity['kvConcurrency'];
  averageRequestTokens: number;
  largestMaxModelLen: number | null;
  /** Sequences at once (KV pool and max_num_seqs) for each max_model_len on this server: the chart's points. */
  concurrencyByContext: ContextPoint[];
  /** The correction from logged serving runs on this card (already applied to the figures), or null: raw. */
  calibration: ServeCorrection | null;
  /** The raw model's KV pool and decode rate, where a correction changed them. */
  raw: { kvPoolTokens: number; decodeTokensPerSecondAtMaxBatch: number | null } | null;
  speed: ServeSpeed | null;
  /** Offers of this card, cheapest first (empty when it does not fit or has no offer in the currency). */
  offers: ServeOfferCost[];
}

/** One point of concurrency against context length. */
export interface ContextPoint {
  maxModelLen: number;
  /** Sequences of that length held at once; 0 where the server would not start with it. */
  sequences: number;
}

/** One row of the ranking: a server under one offer. */
export interface ServeRankRow extends ServeOfferCost {
  card: string;
  cardName: string;
  gpus: number;
  kvPoolTokens: number;
  maxConcurrentSequences: number;
  decodeTokensPerSecondAtMaxBatch: number;
  ttftMs: number | null;
  itlMs: number | null;
  maxRequestsPerSecond: number;
  meetsTarget: boolean;
}

export interface ServeResult {
  model: { id: string | null; name: string; maxContext: number | null };
  resolved: ResolvedServeInput & { maxModelLen: number };
  currency: Currency;
  setups: ServeSetup[];
  /** Every fitting server × offer: those meeting the latency targets at the rate first, then by cost per 1M output tokens. */
  ranking: ServeRankRow[];
  /** The answer in one line: the cheapest server that meets the targets, or why none does. */
  answer: Message;
  assumptions: Message[];
}

/**
 * Serving on every card × GPU count (or the one named): the engine's memory per GPU and KV pool, concurrency,
 * decode speed, latency at the request rate, the highest rate meeting the targets, and the cost per offer, ranked.
 * Throws InputError for incoherent input (a max_model_len above the model's limit, an unknown card).
 */
export function serveCompute(input: ServeInput, ctx: ServeContext): ServeResult {
  const settled = settleServeInput(input, ctx.presets);
  const v = settled.values;
  const cards = v.gpu === undefined ? ctx.cards : ctx.cards.filter((c) => c.id === v.gpu);
  if (v.gpu !== undefined && cards.length === 0) throw new InputError('gpu', msg('serve.unknownCard', { card: v.gpu }));
  const counts = v.gpus === undefined ? [...DEFAULT_SERVE_GPU_COUNTS] : [v.gpus];
  const currency = v.currency ?? ctx.currency;
  const traffic = {
    promptTokens: v.promptTokens,
    outputTokens: v.outputTokens,
    requestsPerSecond: v.requestsPerSecond,
  };
  const assumptions = [...settled.assumptions, ...engineAssumptions(v)];

  const setups: ServeSetup[] = [];
  for (const card of cards) {
    const cardOffers = ctx.offers.filter((o) => o.cardId === card.id);
    for (const gpus of counts) {
      const setup = engineSetup(settled, card, gpus);
      const correction = correctionOf(ctx.calibration?.get(card.id));
      const rawCapacity = capacityOf(settled.model, card, setup, traffic);
      const capacity = calibratedCapacity(rawCapacity, settled.model, setup, correction?.kvPoolFactor ?? 1);
      const speed = capacity.fits ? serveSpeed(settled, card, setup, capacity, v, correction?.speedFactor) : null;
      const rawSpeed = correction && rawCapacity.fits ? serveSpeed(settled, card, setup, rawCapacity, v) : null;
      const offers =
        speed === null
          ? []
          : serveOfferCosts(
              cardOffers,
              gpus,
              speed.outputTokensPerSecondCapacity,
              v.outputTokens,
              v.targetUtilization,
              currency,
              ctx.usdPerCny,
            );
      setups.push({
        card: card.id,
        cardName: card.name,
        gpus,
        fits: capacity.fits,
        reason: capacity.reason,
        maxModelLen: setup.maxModelLen,
        maxNumBatchedTokens: setup.maxNumBatchedTokens,
        maxNumSeqs: setup.maxNumSeqs,
        memory: capacity.memory.lines,
        nvidiaSmiGiB: Math.round((capacity.memory.lines.nvidiaSmiBytes / GIB) * 100) / 100,
        kvPoolTokens: capacity.memory.kvPoolTokens,
        kvPoolBlocks: capacity.memory.kvPoolBlocks,
        kvBytesPerToken: capacity.memory.kvBytesPerToken,
        maxConcurrentSequences: capacity.maxConcurrentSequences,
        kvConcurrency: capacity.kvConcurrency,
        averageRequestTokens: capacity.averageRequestTokens,
        largestMaxModelLen: capacity.largestMaxModelLen,
        concurrencyByContext: contextLengths(settled.modelMaxContext ?? setup.maxModelLen).map((maxModelLen) => {
          const at = { ...setup, maxModelLen };
          const raw = capacityOf(settled.model, card, at, traffic);
          // The logged serving runs' KV correction holds at every length (calibrated.ts).
          const held = calibratedCapacity(raw, settled.model, at, correction?.kvPoolFactor ?? 1);
          return { maxModelLen, sequences: held.maxConcurrentSequences.atMaxModelLen };
        }),
        calibration: correction,
        raw: correction
          ? {
              kvPoolTokens: rawCapacity.memory.kvPoolTokens,
              decodeTokensPerSecondAtMaxBatch: rawSpeed?.decodeTokensPerSecondAtMaxBatch ?? null,
            }
          : null,
        speed,
        offers,
      });
    }
  }
  const ranking = rankRows(setups);
  return {
    model: { id: settled.model.id, name: settled.model.name, maxContext: settled.modelMaxContext },
    resolved: { ...v, maxModelLen: settled.maxModelLen },
    currency,
    setups,
    ranking,
    answer: answerOf(ranking, setups, currency),
    assumptions,
  };
}

/** Speed and latency of a server that fits (serve-data scores decode tokens/s and TTFT against published tables). */
export function serveSpeed(
  settled: ReturnType<typeof settleServeInput>,
  card: Card,
  setup: ReturnType<typeof engineSetup>,
  capacity: ServeCapacity,
  v: ResolvedServeInput,
  /** Measured ÷ predicted decode rate of the logged serving runs on this card (serving calibration). */
  speedFactor = 1,
): ServeSpeed {
  const traffic = {
    promptTokens: v.promptTokens,
    outputTokens: v.outputTokens,
    requestsPerSecond: v.requestsPerSecond,
  };
  const step = calibratedStep(stepModel(settled.model, v.model, card, setup, traffic), speedFactor);
  const maxBatch = Math.max(1, capacity.maxConcurrentSequences.atAverageRequest);
  const latency = latencyAt(step, traffic, maxBatch);
  const targets = { ttftTargetMs: v.ttftTargetMs, itlTargetMs: v.itlTargetMs };
  const perSecond = requestCapacityPerSecond(step, traffic, maxBatch);
  const finite = (x: number) => (Number.isFinite(x) ? x : null);
  const ttftMs = latency.stable ? finite(latency.ttftMs) : null;
  const itlMs = latency.stable ? finite(latency.itlMs) : null;
  return {
    maxBatch,
    decodeTokensPerSecondAtMaxBatch: maxBatch / step.stepSeconds(maxBatch),
    bound: step.bound(maxBatch),
    prefillTokensPerSecond: step.prefillTokensPerSecond,
    requestCapacityPerSecond: perSecond,
    outputTokensPerSecondCapacity: perSecond * v.outputTokens,
    ttftMs,
    itlMs,
    batchAtRate: latency.batch,
    stable: latency.stable,
    meetsTarget: ttftMs !== null && itlMs !== null && ttftMs <= v.ttftTargetMs && itlMs <= v.itlTargetMs,
    maxRequestsPerSecond: maxRateMeeting(step, traffic, maxBatch, targets),
    link: step.link,
  };
}

/** The context lengths a chart shows: powers of two from 512 below `limit`, and the limit itself. */
export function contextLengths(limit: number): number[] {
  const lengths: number[] = [];
  for (let length = 512; length < limit; length *= 2) lengths.push(length);
  return [...lengths, limit];
}

function rankRows(setups: readonly ServeSetup[]): ServeRankRow[] {
  const rows: ServeRankRow[] = [];
  for (const s of setups) {
    if (!s.speed) continue;
    for (const offer of s.offers) {
      rows.push({
        ...offer,
        card: s.card,
        cardName: s.cardName,
        gpus: s.gpus,
        kvPoolTokens: s.kvPoolTokens,
        maxConcurrentSequences: s.maxConcurrentSequences.atAverageRequest,
        decodeTokensPerSecondAtMaxBatch: s.speed.decodeTokensPerSecondAtMaxBatch,
        ttftMs: s.speed.ttftMs,
        itlMs: s.speed.itlMs,
        maxRequestsPerSecond: s.speed.maxRequestsPerSecond,
        meetsTarget: s.speed.meetsTarget,
      });
    }
  }
  return rows.sort(
    (a, b) =>
      Number(b.meetsTarget) - Number(a.meetsTarget) ||
      a.costPer1MOutputTokens - b.costPer1MOutputTokens ||
      a.gpus - b.gpus ||
      a.offerId.localeCompare(b.offerId),
  );
}

function answerOf(ranking: readonly ServeRankRow[], setups: readonly ServeSetup[], currency: Currency): Message {
  const best = ranking[0];
  if (best) {
    return msg(best.meetsTarget ? 'serve.answer.cheapest' : 'serve.answer.cheapestMissesTarget', {
      card: best.cardName,
      gpus: best.gpus,
      provider: best.provider,
      cost: formatMoney(best.costPer1MOutputTokens, currency),
      rate: best.maxRequestsPerSecond,
    });
  }
  if (setups.some((s) => s.fits)) return msg('serve.answer.noOffer', { currency });
  const first = setups[0];
  return first?.reason ? msg('serve.answer.fitsNowhere', { reason: first.reason }) : msg('serve.answer.noCards');
}

function engineAssumptions(v: ResolvedServeInput): Message[] {
  const said: Message[] = [msg(`serve.assume.engine.${v.engine}`)];
  if (v.maxNumBatchedTokens === undefined && v.engine !== 'llamacpp') said.push(msg('serve.assume.batchDefaults'));
  if (v.maxNumSeqs === undefined) said.push(msg(`serve.assume.maxNumSeqs.${v.engine}`));
  said.push(msg('serve.assume.speedModel'), msg('serve.assume.queueing'));
  return said;
}
