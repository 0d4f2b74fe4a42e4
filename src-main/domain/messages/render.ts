import type { Message, MessageParam } from './message';
import { numberFormat } from './number-format';

/** code -> template. Templates use `{{name}}`, or `{{name:N}}` for a number with at most N decimals. */
export type Catalog = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{\{\s*([a-zA-Z0-9_]+)\s*(?::\s*(\d))?\s*\}\}/g;

/** Plural rules by language, made once (the Compare page renders hundreds of numbered messages per answer). */
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralRule(language: string): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules;
}

/**
 * The text of a message in one language. A `count` parameter picks `<code>_one` / `<code>_other`
 * when the catalog has them (Intl plural rules); numbers get the language's grouping; nested
 * messages are rendered first. An unknown code renders as the code itself, never as nothing.
 */
export function renderMessage(message: Message, catalog: Catalog, language = 'en'): string {
  const params = message.params ?? {};
  const template = pickTemplate(message.code, params, catalog, language);
  return template.replace(PLACEHOLDER, (whole, name: string, digits: string | undefined) => {
    const value = params[name];
    return value === undefined ? whole : renderParam(value, digits, catalog, language);
  });
}

function pickTemplate(
  code: string,
  params: Readonly<Record<string, MessageParam>>,
  catalog: Catalog,
  language: string,
): string {
  const count = params['count'];
  if (typeof count === 'number') {
    const plural = catalog[`${code}_${pluralRule(language).select(count)}`] ?? catalog[`${code}_other`];
    if (plural !== undefined) return plural;
  }
  return catalog[code] ?? code;
}

function renderParam(value: MessageParam, digits: string | undefined, catalog: Catalog, language: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value);
    const maximumFractionDigits = digits === undefined ? 2 : Number(digits);
    return numberFormat(language, maximumFractionDigits).format(value);
  }
  return renderMessage(value, catalog, language);
}
