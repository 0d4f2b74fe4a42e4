import { numberFormat } from '../domain/messages/number-format';

const BYTES_PER_GIB = 1024 ** 3;

/** Bytes as GiB with one decimal ("23.4"), the unit nvidia-smi users read. */
export function formatGiB(bytes: number): string {
  return (bytes / BYTES_PER_GIB).toFixed(1);
}

/** A count with k/M/B/T suffix: 13000000000 -> "13.0B", 350e6 -> "350M". */
export function formatCount(count: number): string {
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [scale, suffix] of units) {
    if (Math.abs(count) >= scale) {
      const scaled = count / scale;
      return `${scaled >= 100 ? scaled.toFixed(0) : scaled.toFixed(1)}${suffix}`;
    }
  }
  return String(Math.round(count));
}

/** A rate or other figure with digit grouping and at most `decimals` decimals. */
export function formatNumber(value: number, decimals = 0): string {
  return numberFormat('en-US', decimals, decimals).format(value);
}

/**
 * A small price (per request, per token batch) as money: two decimals, or enough to show two
 * significant digits under one cent ("0.0042 CNY"), never more than six.
 */
export function formatPrice(amount: number, currency: string): string {
  if (amount === 0 || Math.abs(amount) >= 0.01) return formatMoney(amount, currency);
  const decimals = Math.min(6, 1 - Math.floor(Math.log10(Math.abs(amount))));
  return `${formatNumber(amount, decimals)} ${currency}`;
}

/** Money with two decimals and the currency code: "12.34 CNY". */
export function formatMoney(amount: number, currency: string): string {
  return `${formatNumber(amount, 2)} ${currency}`;
}
