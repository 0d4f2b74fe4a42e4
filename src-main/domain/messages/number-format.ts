/**
 * Intl.NumberFormat objects by locale and digits, made once: making one costs tens of microseconds (and
 * `toLocaleString` with options makes one per call), while a results page, a CLI table or a message catalog formats
 * hundreds to thousands of numbers at a time. Shared by the messages, money, the CLI's tables and the renderer.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function numberFormat(
  locale: string,
  maximumFractionDigits: number,
  minimumFractionDigits = 0,
): Intl.NumberFormat {
  const key = `${locale}:${minimumFractionDigits}:${maximumFractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits });
    formats.set(key, format);
  }
  return format;
}
