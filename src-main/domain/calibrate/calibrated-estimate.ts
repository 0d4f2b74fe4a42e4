import type { Card, ModelPreset } from '../catalog';
import type { CardFit, EstimateInput, MemoryEstimate } from '../estimate/input';
import { DEFAULT_HEADROOM_FRACTION, estimateMemory, usableBytes } from '../estimate/memory';
import { fitSolver } from '../estimate/solve';
import { memoryInterval, type MemoryInterval } from '../estimate/memory-interval';
import { speedInterval, type SpeedInterval } from '../estimate/speed-interval';
import { estimateResolvedSpeed, type InferenceSpeed, type TrainingSpeed } from '../estimate/speed';
import { GIB } from '../estimate/units';
import { fitVerdict, type Verdict } from '../estimate/verdict';
import { calibrate } from './calibrate';
import type { CalibrationValidation } from './groups';
import type { Calibration, CalibrationRun } from './types';
import { CALIBRATION_VALIDATION } from './validated';

/** A card's fit after the memory correction fitted on the runs logged on its family. */
export interface CalibratedFit extends CardFit {
  /** What this card needs per GPU: the raw total × the memory correction. */
  neededBytes: number;
  /** Logged runs behind that correction (0 = the raw estimate). */
  calibrationRuns: number;
  /** Largest micro-batch that fits this card with the headroom and the correction (0 = none). */
  largestBatch: number;
  /** Longest sequence (tokens) that fits this card at this batch size (0 = none). */
  longestSeq: number;
  /** Where this card's measured peak is likely to fall: the held-out spread around `neededBytes`. */
  neededInterval: MemoryInterval;
  /** Fits, tight (the card's memory falls inside `neededInterval`) or does not fit. */
  verdict: Verdict;
}

/** The raw figures of the named card, corrected by `calibration`. */
export interface CalibratedFigures {
  totalBytes: number;
  allocatedBytes: number;
  tokensPerSecond?: number;
  decodeTokensPerSecond?: number;
}

/** The estimate as `estimate:compute` answers it: memory, the corrected fit on every card, speed on one. */
export interface CalibratedEstimate extends Omit<MemoryEstimate, 'fits'> {
  fits: CalibratedFit[];
  /** Where the measured nvidia-smi peak per GPU is likely to fall (80% of held-out runs did). */
  memoryInterval: MemoryInterval;
  /** Speed on `input.gpu`, when a card was named. */
  speed?: TrainingSpeed | InferenceSpeed;
  /** Where the measured rate of `speed` is likely to fall (80% of held-out runs of its group did). */
  speedInterval?: SpeedInterval;
  /** The correction fitted from logged runs for `input.gpu` (DESIGN.md "Calibration"). */
  calibration?: Calibration & { card: string };
  /** The raw numbers above, corrected by `calibration`. */
  calibrated?: CalibratedFigures;
}

/** What the calibrated estimate needs besides the input: the catalog, the headroom and the logged runs. */
export interface CalibratedContext {
  presets: ModelPreset[];
  cards: Card[];
  headroomFraction?: number;
  /** Runs loaded for the input's method; null turns calibration off (raw figures, no `calibration` block). */
  runs: CalibrationRun[] | null;
  /** Which groups are on, and the prior; default the shipped table (validated.ts). */
  validation?: CalibrationValidation;
}

/**
 * The correction for `input` on any card from `runs` (with the presets, a run logged as "llama-2-13b"
 * is compared by size with an estimate given as "13b"). Its text is keyed once, so a ranking asks each
 * of a thousand cards for a lookup, not for the input's JSON again (that was most of what calibration
 * added at 1,000 offers).
 * Memoised per runs array (the handler hands out one per write version) and presets: the same input
 * asked again (a ranking per GPU count, a page re-rendered, a batch file's repeats) is not re-fitted.
 */
function correctionsOf(
  input: EstimateInput,
  runs: CalibrationRun[],
  presets: ModelPreset[],
  validation: CalibrationValidation = CALIBRATION_VALIDATION,
): (cardId: string) => Calibration {
  let memo = corrections.get(runs);
  if (memo?.presets !== presets || memo.validation !== validation) {
    memo = { presets, validation, byInput: new Map(), size: 0 };
    corrections.set(runs, memo);
  }
  const held = memo;
  // By the input's text once, then by card: a key of card + input text hashed the input's whole JSON on
  // every card of a ranking (most of what calibration still added at 1,000 offers).
  const inputKey = JSON.stringify(input);
  let byCard = held.byInput.get(inputKey);
  return (cardId) => {
    let correction = byCard?.get(cardId);
    if (!correction) {
      correction = calibrate({ config: input, card: cardId }, runs, { presets, validation });
      if (held.size >= MEMO_SIZE) {
        held.byInput.clear();
        held.size = 0;
        byCard = undefined;
      }
      if (!byCard) {
        byCard = new Map();
        held.byInput.set(inputKey, byCard);
      }
      byCard.set(cardId, correction);
      held.size += 1;
    }
    return correction;
  };
}

/** Corrections remembered per runs array before the memo starts over. */
const MEMO_SIZE = 10_000;
const corrections = new WeakMap<
  readonly CalibrationRun[],
  {
    presets: ModelPreset[];
    validation: CalibrationValidation;
    /** Corrections by the input's text, then by card id. */
    byInput: Map<string, Map<string, Calibration>>;
    /** Corrections held in all. */
    size: number;
  }
>();

/**
 * The correction the ranking applies to each card × GPU count; null everywhere without runs, so
 * a ranking with calibration off (or nothing logged) shows the raw figures.
 */
export function rankCorrection(
  input: EstimateInput,
  runs: CalibrationRun[],
  presets: ModelPreset[],
): (card: Card, gpus: number) => Calibration | null {
  if (runs.length === 0) return () => null;
  // One keyed input per GPU count, asked for every card of the ranking.
  const byGpus = new Map<number, (cardId: string) => Calibration>();
  return (card, gpus) => {
    let forGpus = byGpus.get(gpus);
    if (!forGpus) {
      forGpus = correctionsOf({ ...input, gpus }, runs, presets);
      byGpus.set(gpus, forGpus);
    }
    return forGpus(card.id);
  };
}

/** The raw estimate as it is: what every card gets while calibration is off. */
const RAW: Calibration = {
  memoryFactor: 1,
  speedFactor: 1,
  runs: 0,
  mine: 0,
  published: 0,
  interval: { memory: [1, 1], speed: [1, 1] },
  flags: [],
};

/**
 * Peak memory of `input` with every card's verdict, largest batch and longest sequence corrected by
 * the runs logged on that card's family, and speed (raw and corrected) on the named card `card`.
 */
export function calibratedEstimate(
  input: EstimateInput,
  card: Card | undefined,
  ctx: CalibratedContext,
): CalibratedEstimate {
  const headroomFraction = ctx.headroomFraction ?? DEFAULT_HEADROOM_FRACTION;
  const estimateCtx = { presets: ctx.presets, cards: ctx.cards, headroomFraction };
  const estimate = estimateMemory(input, estimateCtx);
  // Calibration off: no card is corrected (and no fit is run on an empty log per card and call).
  const correctionOf = ctx.runs === null ? () => RAW : correctionsOf(input, ctx.runs, ctx.presets, ctx.validation);

  // One solver for every card (the input resolved once; same-size cards answered once), cards by id.
  const limitsFor = fitSolver(input, estimateCtx, estimate);
  const cardsById = new Map(ctx.cards.map((c) => [c.id, c]));
  const fits: CalibratedFit[] = [];
  for (const fit of estimate.fits) {
    const fitCard = cardsById.get(fit.card);
    if (!fitCard) continue;
    const correction = correctionOf(fit.card);
    const neededBytes = estimate.perGpu.totalBytes * correction.memoryFactor;
    const usable = usableBytes(fitCard, headroomFraction);
    const fitsCard = neededBytes <= usable;
    const neededInterval = memoryInterval(neededBytes, estimate.resolvedInput.method);
    // fits(raw × f, usable) ⟺ fits(raw, usable ÷ f): the solvers search the raw peak against the divided budget.
    const { largestBatch, longestSeq } = limitsFor(usable / correction.memoryFactor);
    // Every field named, no `...fit`: a spread that adds fields costs about 1 µs a card on Node 20 (memory.ts setupAt).
    fits.push({
      card: fit.card,
      memoryBytes: fit.memoryBytes,
      fits: fitsCard,
      headroomBytes: fit.memoryBytes - neededBytes,
      neededBytes,
      calibrationRuns: correction.runs,
      largestBatch,
      longestSeq,
      neededInterval,
      verdict: fitVerdict(fitsCard, fitCard.memoryGiB * GIB, neededInterval),
    });
  }

  const speed = card
    ? estimateResolvedSpeed(estimate.resolvedInput, estimate.model, card, { trainableParams: estimate.trainableParams })
    : undefined;
  // Named fields rather than `...estimate` with new ones (a slow spread on Node 20: see the fits above).
  const result: CalibratedEstimate = {
    model: estimate.model,
    resolvedInput: estimate.resolvedInput,
    trainableParams: estimate.trainableParams,
    perGpu: estimate.perGpu,
    assumptions: estimate.assumptions,
    fits,
    memoryInterval: memoryInterval(estimate.perGpu.totalBytes, estimate.resolvedInput.method),
  };
  if (speed) {
    result.speed = speed;
    result.speedInterval = speedInterval(speed, estimate.resolvedInput);
  }
  if (card && ctx.runs !== null) {
    const correction = correctionOf(card.id);
    result.calibration = { card: card.id, ...correction };
    result.calibrated = corrected(estimate, speed, correction);
  }
  return result;
}

function corrected(
  estimate: MemoryEstimate,
  speed: TrainingSpeed | InferenceSpeed | undefined,
  c: Calibration,
): CalibratedFigures {
  return {
    totalBytes: estimate.perGpu.totalBytes * c.memoryFactor,
    allocatedBytes: estimate.perGpu.allocatedBytes * c.memoryFactor,
    ...(speed?.kind === 'train' ? { tokensPerSecond: speed.tokensPerSecond * c.speedFactor } : {}),
    ...(speed?.kind === 'inference' ? { decodeTokensPerSecond: speed.decodeTokensPerSecond * c.speedFactor } : {}),
  };
}
