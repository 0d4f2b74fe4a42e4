import type { Currency } from '../catalog';
import {
  CNY_PER_USD_FOR_DEFAULTS,
  DEFAULT_EGRESS_CNY_PER_GB,
  DEFAULT_SNAPSHOT_CNY_PER_GB_MONTH,
  DEFAULT_STORAGE_CNY_PER_GB_MONTH,
  HOURS_PER_MONTH,
} from './defaults';
import type { PlanInput } from './input';
import type { PlanLine } from './output';
import { msg } from '../messages';

/** Extras with every price resolved for the offers' currency. */
export interface ResolvedExtras {
  storageGB: number;
  storagePricePerGBMonth: number;
  storageDays?: number;
  egressGB: number;
  egressPricePerGB: number;
  snapshotGB: number;
  snapshotPricePerGBMonth: number;
  snapshotDays: number;
}

/** Converts a CNY default into the offers' currency (USD at an assumed rate, see defaults.ts). */
function defaultIn(currency: Currency, cny: number): number {
  return currency === 'CNY' ? cny : cny / CNY_PER_USD_FOR_DEFAULTS;
}

/** Fills the prices the user left out with the articles' figures in the offers' currency. */
export function resolveExtras(extras: PlanInput['extras'], currency: Currency): ResolvedExtras {
  return {
    ...extras,
    storagePricePerGBMonth: extras.storagePricePerGBMonth ?? defaultIn(currency, DEFAULT_STORAGE_CNY_PER_GB_MONTH),
    egressPricePerGB: extras.egressPricePerGB ?? defaultIn(currency, DEFAULT_EGRESS_CNY_PER_GB),
    snapshotPricePerGBMonth: extras.snapshotPricePerGBMonth ?? defaultIn(currency, DEFAULT_SNAPSHOT_CNY_PER_GB_MONTH),
  };
}

/**
 * The bill lines around the run: disk (GB × price per GB·month × months), traffic out (GB × price)
 * and saved images (GB × price per GB·month × months), article 004 §2.1, §3.1, §3.2.
 * Disk is billed for `instanceHours` unless the user fixed the days.
 */
export function extraLines(extras: ResolvedExtras, instanceHours: number): PlanLine[] {
  const storageHours = extras.storageDays === undefined ? instanceHours : extras.storageDays * 24;
  const storageMonths = storageHours / HOURS_PER_MONTH;
  const snapshotMonths = (extras.snapshotDays * 24) / HOURS_PER_MONTH;
  return [
    {
      item: 'storage',
      amount: extras.storageGB * extras.storagePricePerGBMonth * storageMonths,
      detail: msg('plan.line.storage', {
        gb: extras.storageGB,
        price: extras.storagePricePerGBMonth,
        days: storageHours / 24,
      }),
    },
    {
      item: 'egress',
      amount: extras.egressGB * extras.egressPricePerGB,
      detail: msg('plan.line.egress', { gb: extras.egressGB, price: extras.egressPricePerGB }),
    },
    {
      item: 'snapshot',
      amount: extras.snapshotGB * extras.snapshotPricePerGBMonth * snapshotMonths,
      detail: msg('plan.line.snapshot', {
        gb: extras.snapshotGB,
        price: extras.snapshotPricePerGBMonth,
        days: extras.snapshotDays,
      }),
    },
  ];
}
