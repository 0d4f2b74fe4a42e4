import { createHash } from 'node:crypto';
import { z } from 'zod';
import { cardSchema, modelPresetSchema, offerSchema, type Card, type ModelPreset, type Offer } from '../domain/catalog';
import type { DataFiles } from './assets';
import { zodSummary } from './validate';

/** Bumped when the way seed rows are written changes, so an unchanged data folder reseeds once. */
const SEED_FORMAT = 1;

/** A seed data file that cannot be used, naming the file, the row and the field. */
export class SeedDataError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'SeedDataError';
  }
}

/** The parsed contents of data/{cards,offers,models}.json and a hash of the files. */
export interface SeedData {
  cards: Card[];
  offers: Offer[];
  models: ModelPreset[];
  /** sha256 over the three files' bytes (and the seed format), to skip unchanged seeds. */
  hash: string;
}

const FILES = ['cards.json', 'offers.json', 'models.json'] as const;

/** The three seed files' texts; only hashes them (no parsing) so an unchanged seed costs little. */
export function hashSeedFiles(data: DataFiles): { hash: string; texts: Record<(typeof FILES)[number], string> } {
  const hasher = createHash('sha256').update(`cardwise-seed-${SEED_FORMAT}\0`);
  const texts = {} as Record<(typeof FILES)[number], string>;
  for (const name of FILES) {
    texts[name] = dataFile(data, name);
    hasher.update(`${name}\0${texts[name]}\0`);
  }
  return { hash: hasher.digest('hex'), texts };
}

/** One seed file's text; a file the data lacks is named in the error. */
export function dataFile(data: DataFiles, name: string): string {
  const text = data[name];
  if (text === undefined) throw new SeedDataError(name, "cannot read the seed file (it is not in the app's data)");
  return text;
}

/** Parses and validates the seed files; any bad row throws SeedDataError naming it. */
export function readSeedData(data: DataFiles): SeedData {
  const { hash, texts } = hashSeedFiles(data);
  const cards = parseRows('cards.json', texts['cards.json'], cardSchema);
  const offers = parseRows('offers.json', texts['offers.json'], offerSchema);
  const models = parseRows('models.json', texts['models.json'], modelPresetSchema);
  const cardIds = new Set(cards.map((c) => c.id));
  offers.forEach((offer, i) => {
    if (!cardIds.has(offer.cardId)) {
      throw new SeedDataError(
        'offers.json',
        `row ${i} (id "${offer.id}"): cardId "${offer.cardId}" is not in cards.json`,
      );
    }
  });
  return { cards, offers, models, hash };
}

function parseRows<S extends z.ZodType<{ id: string }>>(file: string, text: string, schema: S): z.output<S>[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SeedDataError(file, `not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(json)) throw new SeedDataError(file, 'expected a JSON array of rows');
  const seen = new Set<string>();
  return json.map((raw: unknown, i) => {
    const parsed = schema.safeParse(raw);
    const id = (raw as { id?: unknown } | null)?.id;
    const label = `row ${i}${typeof id === 'string' ? ` (id "${id}")` : ''}`;
    if (!parsed.success) throw new SeedDataError(file, `${label}: ${zodSummary(parsed.error)}`);
    if (seen.has(parsed.data.id)) throw new SeedDataError(file, `${label}: the id appears twice`);
    seen.add(parsed.data.id);
    return parsed.data;
  });
}
