import { z } from 'zod';
import { readDataFile } from '../data-files';
import { servingRecordSchema, type ServingRecord } from './record';

/** data/measurements/serving.json, every record checked against the serving measurement schema. */
export function readServingMeasurements(): ServingRecord[] {
  return z.array(servingRecordSchema).parse(readDataFile<unknown>('measurements/serving.json'));
}
