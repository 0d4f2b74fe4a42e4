import { z } from 'zod';
import { cardIdSchema, cardSchema, type Card } from '../catalog';
import type { MessageCode } from '../messages';
import { fieldBuilders } from './field';
import { patchSchema, tableSchemaWithDefaults } from './schema';

const { field, optional, required } = fieldBuilders<void>();

/**
 * A rate or size of a card, within a plausible range for a GPU people rent: the bounds catch a
 * unit mistake (TB/s typed as GB/s, sparse TFLOPS, MiB for GiB) without refusing any real card
 * (the largest today: B200 192 GB, 8 TB/s, 2.25 dense BF16 PFLOPS; the smallest: 8 GB, 200 GB/s).
 */
function rate(spec: {
  label: MessageCode;
  flag: string;
  help: string;
  min: number;
  max: number;
  unit: 'GiB' | 'GB/s' | 'TFLOPS' | 'TOPS' | 'W';
}) {
  return {
    schema: z.number().min(spec.min).max(spec.max),
    unit: spec.unit,
    label: spec.label,
    flag: { name: spec.flag, value: 'N', help: `${spec.help} (${spec.unit}, ${spec.min}–${spec.max})` },
    control: { kind: 'number' as const, group: 'gpus' as const, min: spec.min, step: 'any' as const },
  };
}

/**
 * A card of the user's own (issue 12): what `cardwise cards add|edit` and the Catalog's card form
 * take, with units and plausible ranges. The catalog's card schema (catalog.ts) is what is stored;
 * cardFromFields maps these fields onto it.
 */
export const cardFields = {
  id: required({
    schema: cardIdSchema,
    label: 'field.card.id',
    flag: { name: 'id', value: 'ID', help: 'card id: lowercase letters, digits, "." and "-" (e.g. rtx-4080-super)' },
    control: { kind: 'text', group: 'gpus', placeholder: 'rtx-4080-super' },
  }),
  name: required({
    schema: z.string().trim().min(1).max(80),
    label: 'field.card.name',
    flag: { name: 'name', value: 'TEXT', help: "the card's name as a provider lists it" },
    control: { kind: 'text', group: 'gpus', placeholder: 'RTX 4080 SUPER' },
  }),
  memoryGiB: required(
    rate({ label: 'field.card.memoryGiB', flag: 'memory', help: 'memory', min: 4, max: 1024, unit: 'GiB' }),
  ),
  bandwidthGBps: required(
    rate({
      label: 'field.card.bandwidthGBps',
      flag: 'bandwidth',
      help: 'memory bandwidth',
      min: 100,
      max: 20_000,
      unit: 'GB/s',
    }),
  ),
  bf16Tflops: required(
    rate({
      label: 'field.card.bf16Tflops',
      flag: 'bf16-tflops',
      help: 'dense BF16/FP16 tensor rate with FP32 accumulate',
      min: 5,
      max: 10_000,
      unit: 'TFLOPS',
    }),
  ),
  fp8Tflops: optional(
    rate({
      label: 'field.card.fp8Tflops',
      flag: 'fp8-tflops',
      help: 'dense FP8 tensor rate, where the card has FP8',
      min: 5,
      max: 20_000,
      unit: 'TFLOPS',
    }),
  ),
  fp32Tflops: required(
    rate({
      label: 'field.card.fp32Tflops',
      flag: 'fp32-tflops',
      help: 'FP32 (non-tensor) rate',
      min: 1,
      max: 1000,
      unit: 'TFLOPS',
    }),
  ),
  int8Tops: optional(
    rate({
      label: 'field.card.int8Tops',
      flag: 'int8-tops',
      help: 'dense INT8 tensor rate',
      min: 5,
      max: 20_000,
      unit: 'TOPS',
    }),
  ),
  tdpW: field({
    ...rate({ label: 'field.card.tdpW', flag: 'tdp', help: 'board power', min: 30, max: 2000, unit: 'W' }),
    default: 300,
  }),
  nvlinkGBps: optional(
    rate({
      label: 'field.card.nvlinkGBps',
      flag: 'nvlink',
      help: 'NVLink bandwidth, both directions; leave out for none',
      min: 10,
      max: 3600,
      unit: 'GB/s',
    }),
  ),
  pcieGen: field({
    schema: z.number().int().min(3).max(6),
    default: 4,
    label: 'field.card.pcieGen',
    flag: { name: 'pcie-gen', value: 'N', help: 'PCIe generation of the host link (3–6)' },
    control: { kind: 'number', group: 'gpus', min: 3, step: 1 },
  }),
  vendor: field({
    schema: z.string().trim().min(1).max(40),
    default: 'NVIDIA',
    label: 'field.card.vendor',
    flag: { name: 'vendor', value: 'TEXT', help: 'maker' },
    control: { kind: 'text', group: 'gpus' },
  }),
  architecture: field({
    schema: z.string().trim().min(1).max(40),
    default: 'unknown',
    label: 'field.card.architecture',
    flag: { name: 'architecture', value: 'TEXT', help: 'architecture, e.g. "Ada AD103 (sm_89)"' },
    control: { kind: 'text', group: 'gpus' },
  }),
  launchYear: field({
    schema: z.number().int().min(2000).max(2100),
    default: 2024,
    label: 'field.card.launchYear',
    flag: { name: 'year', value: 'N', help: 'year the card came out' },
    control: { kind: 'number', group: 'gpus', min: 2000, step: 1 },
  }),
  source: field({
    schema: z.string().trim().min(1).max(2000),
    default: 'added by the user',
    label: 'field.card.source',
    flag: { name: 'source', value: 'TEXT', help: 'where the numbers come from (a datasheet link)' },
    control: { kind: 'textarea', group: 'gpus' },
  }),
};

/** A user card as sent (defaults filled by zod), strict. */
export const cardFieldsSchema = tableSchemaWithDefaults(cardFields);
export type CardFields = z.infer<typeof cardFieldsSchema>;
/** A change to some of a card's fields (`cards edit`); null clears an optional rate. */
export const cardPatchSchema = patchSchema(cardFields).omit({ id: true });
export type CardPatch = z.infer<typeof cardPatchSchema>;

/** The stored card of these fields (the interconnect nested, absent rates as null). */
export function cardFromFields(f: CardFields): Card {
  return cardSchema.parse({
    id: f.id,
    name: f.name,
    vendor: f.vendor,
    memoryGiB: f.memoryGiB,
    bandwidthGBps: f.bandwidthGBps,
    bf16Tflops: f.bf16Tflops,
    fp8Tflops: f.fp8Tflops ?? null,
    int8Tops: f.int8Tops ?? null,
    fp32Tflops: f.fp32Tflops,
    tdpW: f.tdpW,
    interconnect: { nvlinkGBps: f.nvlinkGBps ?? null, pcieGen: f.pcieGen },
    architecture: f.architecture,
    launchYear: f.launchYear,
    source: f.source,
  });
}

/** The fields of a stored card, for an edit to start from. */
export function fieldsOfCard(card: Card): CardFields {
  return {
    id: card.id,
    name: card.name,
    vendor: card.vendor,
    memoryGiB: card.memoryGiB,
    bandwidthGBps: card.bandwidthGBps,
    bf16Tflops: card.bf16Tflops,
    ...(card.fp8Tflops !== null ? { fp8Tflops: card.fp8Tflops } : {}),
    ...(card.int8Tops !== null ? { int8Tops: card.int8Tops } : {}),
    fp32Tflops: card.fp32Tflops,
    tdpW: card.tdpW,
    ...(card.interconnect.nvlinkGBps !== null ? { nvlinkGBps: card.interconnect.nvlinkGBps } : {}),
    pcieGen: card.interconnect.pcieGen,
    architecture: card.architecture,
    launchYear: card.launchYear,
    source: card.source,
  };
}

/** A stored card with a patch applied (null clears an optional rate), checked again as a whole. */
export function patchCard(card: Card, patch: CardPatch): Card {
  const merged: Record<string, unknown> = { ...fieldsOfCard(card) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  return cardFromFields(cardFieldsSchema.parse(merged));
}
