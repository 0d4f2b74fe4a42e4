import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { modelShapeSchema } from '../../src-main/domain/catalog';
import type { ReferenceRun } from '../../src-main/domain/reference-runs';
import { buildReferenceRuns, type LeftOut } from './build';
import type { ShapeEntry } from './reading';
import { measurementRecordSchema, type MeasurementRecord } from './record';

const shapeEntrySchema = z
  .object({
    id: z.string().min(1),
    names: z.array(z.object({ name: z.string().min(1), mapping: z.string().min(1).optional() }).strict()).min(1),
    source: z.string().url(),
    shape: modelShapeSchema.strict(),
  })
  .strict();

const readJson = (dir: string, name: string): unknown => JSON.parse(readFileSync(join(dir, name), 'utf8'));

/** data/measurements/public.json, every record checked against the measurement schema. */
export function readMeasurements(dataDir: string): MeasurementRecord[] {
  return z.array(measurementRecordSchema).parse(readJson(dataDir, 'measurements/public.json'));
}

/** Builds the reference rows from the files of `dataDir` (measurements, model shapes, card ids). */
export function buildFromDataDir(dataDir: string): { runs: ReferenceRun[]; leftOut: LeftOut[] } {
  const shapes: ShapeEntry[] = z.array(shapeEntrySchema).parse(readJson(dataDir, 'measurements/models.json'));
  const cards = [
    ...(readJson(dataDir, 'cards.json') as Array<{ id: string }>),
    ...(readJson(dataDir, 'reference-cards.json') as Array<{ id: string }>),
  ];
  return buildReferenceRuns(readMeasurements(dataDir), { shapes, cardIds: new Set(cards.map((c) => c.id)) });
}

/** The file text: two-space JSON with a final newline, as data/ has always been written. */
export function serialize(runs: ReferenceRun[]): string {
  return `${JSON.stringify(runs, null, 2)}\n`;
}
