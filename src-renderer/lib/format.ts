import type { TFunction } from 'i18next';
import type { Currency } from '../../src-main/domain/catalog';
import { GIB } from '../../src-main/domain/estimate/units';
import { numberFormat } from '../../src-main/domain/messages/number-format';

/** Bytes in one GiB (2^30), the domain's unit: cards and meters report memory in it. */
export { GIB };

const CURRENCY_SYMBOL: Record<Currency, string> = { CNY: '¥', USD: '$' };

/** "¥" for CNY, "$" for USD. */
export function currencySymbol(currency: Currency): string {
  return CURRENCY_SYMBOL[currency];
}

/** Bytes as GiB with one decimal: 16106127360 -> "15.0 GiB". */
export function formatGiB(bytes: number): string {
  return `${(bytes / GIB).toFixed(1)} GiB`;
}

/** A GiB figure as stored on a card (24 -> "24 GiB", 95.6 -> "95.6 GiB"). */
export function formatCardGiB(memoryGiB: number): string {
  return `${formatNumber(memoryGiB, 1)} GiB`;
}

/** A price with its currency symbol; sub-unit prices keep a third decimal (0.345 -> "$0.345"). */
export function formatPrice(amount: number, currency: Currency): string {
  const maxDigits = Math.abs(amount) < 1 ? 3 : 2;
  const sign = amount < 0 ? '-' : '';
  return `${sign}${CURRENCY_SYMBOL[currency]}${numberFormat('en-US', maxDigits, 2).format(Math.abs(amount))}`;
}

/** A plain number with thousands separators and at most `maxDigits` decimals. */
export function formatNumber(value: number, maxDigits = 0): string {
  return numberFormat('en-US', maxDigits).format(value);
}

/** A parameter count in the units model cards use: 8.03e9 -> "8.03B", 3.5e8 -> "350M". */
export function formatParams(params: number): string {
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (params >= size) return `${formatNumber(params / size, params / size < 10 ? 2 : 1)}${suffix}`;
  }
  return formatNumber(params);
}

/** A fraction as a percentage, whole unless it is between 0 and 1%: 0.1 -> "10%", 0.005 -> "0.5%". */
export function formatPercent(fraction: number): string {
  return `${formatNumber(fraction * 100, fraction < 0.01 && fraction > 0 ? 1 : 0)}%`;
}

/**
 * Hours to about three significant digits: two decimals below 10, one below 100, none above
 * ("2.39 h", "14.2 h", "120 h"; "14.2 小时" in Chinese, `unit.hours`); null -> "—".
 */
export function formatHours(hours: number | null, t: TFunction): string {
  if (hours === null) return '—';
  return t('unit.hours', { value: formatNumber(hours, hours < 10 ? 2 : hours < 100 ? 1 : 0) });
}

/**
 * A long source cut for a table cell; the full text goes in a title. A URL, or a note that cites one, shows as its
 * site and path (the seeded offers' notes are English sentences around their link: a Chinese page shows where they
 * come from, not the sentence); any other citation as written.
 */
export function shortenSource(source: string, maxChars = 32): string {
  let text = source.trim();
  const cited = /https?:\/\/[^\s"'<>]+/.exec(text)?.[0].replace(/[).,;:]+$/, '');
  try {
    const url = new URL(cited ?? text);
    text = url.hostname.replace(/^www\./, '') + (url.pathname === '/' ? '' : url.pathname);
  } catch {
    // Not a URL: keep the citation as written.
  }
  return text.length > maxChars ? text.slice(0, maxChars - 1) + '…' : text;
}
