import type { Sharding } from '../estimate/choices';
import { msg, type Message } from '../messages';
import { formatMoney } from './money';
import type { Candidate } from './rank';

/** "The fastest within 20% of that cost": how much more than the cheapest a faster set-up may cost. */
export const FASTER_WITHIN_FRACTION = 0.2;

/** The ranking's answer in a line or two, for the top of Compare and of `cardwise rank`. */
export interface RankAnswer {
  /** The cheapest set-up: by job cost when a job is given, else by cost per 1M tokens. */
  cheapest: Candidate;
  /** The fastest set-up costing at most 20% more than the cheapest; null when that is the cheapest. */
  faster: Candidate | null;
  /** The sentences, in order. */
  lines: Message[];
}

const costOf = (c: Candidate): number => c.jobCost ?? c.costPer1MTokens;
const timeOf = (c: Candidate): number => c.hours ?? 1 / c.tokensPerSecond;

/** The row's sharding where it splits something (several GPUs, not plain data parallel), else null. */
export function splitBy(c: Pick<Candidate, 'gpus' | 'sharding'>): Exclude<Sharding, 'none'> | null {
  return c.gpus > 1 && c.sharding !== 'none' ? c.sharding : null;
}

/** "RTX 4090 ×4", with the sharding where the row splits the training state: "RTX 4090 ×4 with ZeRO-3". */
export function setUpOf(c: Candidate): Message {
  const sharding = splitBy(c);
  return sharding
    ? msg('rank.setUpSharded', { card: c.cardName, gpus: c.gpus, sharding: msg(`option.sharding.${sharding}`) })
    : msg('rank.setUp', { card: c.cardName, gpus: c.gpus });
}

function line(code: 'cheapest' | 'faster', c: Candidate): Message {
  const setUp = { setUp: setUpOf(c), provider: c.provider };
  if (c.jobCost !== null && c.hours !== null) {
    return msg(`rank.answer.${code}Job`, { ...setUp, cost: formatMoney(c.jobCost, c.currency), hours: c.hours });
  }
  return msg(`rank.answer.${code}Unit`, {
    ...setUp,
    cost: formatMoney(c.costPer1MTokens, c.currency),
    tokensPerSecond: Math.round(c.tokensPerSecond),
  });
}

/**
 * The cheapest candidate (lowest job cost, or cost per 1M tokens without a job; ties go to the
 * faster) and the fastest one whose cost is within FASTER_WITHIN_FRACTION of it. Null when
 * nothing fits. The order of `candidates` does not matter.
 */
export function rankAnswer(candidates: readonly Candidate[]): RankAnswer | null {
  let cheapest: Candidate | undefined;
  for (const c of candidates) {
    if (!cheapest || costOf(c) < costOf(cheapest) || (costOf(c) === costOf(cheapest) && timeOf(c) < timeOf(cheapest)))
      cheapest = c;
  }
  if (!cheapest) return null;
  const limit = costOf(cheapest) * (1 + FASTER_WITHIN_FRACTION);
  let faster: Candidate | null = null;
  for (const c of candidates) {
    if (costOf(c) <= limit && timeOf(c) < timeOf(faster ?? cheapest)) faster = c;
  }
  const lines = [line('cheapest', cheapest)];
  // What the cheapest job may cost, at the ends of its speed's held-out interval.
  if (cheapest.jobCostLikely) {
    lines.push(
      msg('rank.answer.likelyJob', {
        low: formatMoney(cheapest.jobCostLikely.low, cheapest.currency),
        high: formatMoney(cheapest.jobCostLikely.high, cheapest.currency),
      }),
    );
  }
  if (faster) lines.push(line('faster', faster));
  return { cheapest, faster, lines };
}

/** One offer's rows: the best GPU count first (in ranking order), the other counts behind it. */
export interface OfferRows {
  best: Candidate;
  others: Candidate[];
}

/**
 * Collapses the 1/2/4/8-card rows of each offer into its best row (the first in `ranked`, which is
 * in ranking order), keeping the others for "show other GPU counts". Order of first appearance.
 */
export function rowsByOffer(ranked: readonly Candidate[]): OfferRows[] {
  const groups = new Map<string, OfferRows>();
  for (const c of ranked) {
    const group = groups.get(c.offerId);
    if (group) group.others.push(c);
    else groups.set(c.offerId, { best: c, others: [] });
  }
  return [...groups.values()];
}
