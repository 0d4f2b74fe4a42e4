import { z } from 'zod';
import type { Channel, DesktopChannel, EventName } from './channels';
import {
  billingSchema,
  cardIdSchema,
  cardSchema,
  currencySchema,
  modelPresetSchema,
  offerFieldsSchema,
  offerSchema,
} from '../domain/catalog';
import { estimateInputSchema, methodSchema } from '../domain/estimate/input';
import type { FitAdvice } from '../domain/estimate/fit-changes';
import { isMessage, type Message } from '../domain/messages';
import { extrasSchema, spotSettingsSchema } from '../domain/plan/input';
import { jobPlanSchema, planOptionSchema } from '../domain/plan/output';
import { ownershipInputSchema } from '../domain/plan/ownership';
import {
  EXCHANGE_TEXT_MAX_CHARS,
  ledgerOptionsSchema,
  listRunsOptionsSchema,
  runFieldsSchema,
  runInputSchema,
  runOriginSchema,
  runPatchSchema,
} from '../domain/runs';

/**
 * The one contract: for every channel, the schema of its input and of its output. The
 * Electron bridge, the HTTP server, the CLI and the renderer's client all derive from it.
 */

const empty = z.object({}).strict().optional();

export const settingsSchema = z
  .object({
    language: z.enum(['en', 'zh-CN']),
    currency: currencySchema,
    /** Share of card memory kept free when deciding that something fits (0.1 = 10%). */
    headroomFraction: z.number().min(0).max(0.9),
    /** Exchange rate the user set, used only when they ask to mix currencies. */
    usdPerCny: z.number().positive().max(10).nullable(),
  })
  .strict();
export type Settings = z.infer<typeof settingsSchema>;

const offerEditableSchema = offerSchema.omit({ id: true });
/** Only the fields the caller sends: no defaults, or a price edit would reset the others. */
export const offerPatchSchema = offerFieldsSchema.omit({ id: true }).partial().strict();

const breakdownSchema = z.object({
  weights: z.number(),
  gradients: z.number(),
  optimizer: z.number(),
  activations: z.number(),
  logits: z.number(),
  kvCache: z.number(),
  runtime: z.number(),
});

const resolvedModelSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  params: z.number(),
  activeParams: z.number(),
  layers: z.number(),
  hidden: z.number(),
  heads: z.number(),
  kvHeads: z.number(),
  headDim: z.number(),
  intermediate: z.number(),
  vocab: z.number(),
  tiedEmbeddings: z.boolean(),
  gatedMlp: z.boolean(),
  experts: z.number(),
  expertsPerToken: z.number(),
});

const speedSchema = z.union([
  z.object({
    kind: z.literal('train'),
    tokensPerSecond: z.number(),
    tokensPerSecondPerGpu: z.number(),
    samplesPerSecond: z.number().optional(),
    /** Dense peak TFLOPS the MFU applies to (FP32 for pure fp32 training, else BF16). */
    peakTflops: z.number(),
    mfu: z.number(),
    bound: z.literal('compute'),
    scalingEfficiency: z.number(),
    assumptions: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('inference'),
    decodeTokensPerSecond: z.number(),
    prefillTokensPerSecond: z.number(),
    bound: z.enum(['memory', 'compute', 'overhead']),
    assumptions: z.array(z.string()),
  }),
]);

const calibrationSchema = z.object({
  card: z.string(),
  memoryFactor: z.number(),
  speedFactor: z.number(),
  /** Runs that carried weight, and how many are the user's own vs published. */
  runs: z.number(),
  mine: z.number(),
  published: z.number(),
  interval: z.object({ memory: z.tuple([z.number(), z.number()]), speed: z.tuple([z.number(), z.number()]) }),
  flags: z.array(z.string()),
});

/** The estimate input, plus whether logged runs may correct it (default: yes). */
export const estimateRequestSchema = estimateInputSchema.extend({ calibration: z.boolean().optional() });

export const estimateOutputSchema = z.object({
  model: resolvedModelSchema,
  resolvedInput: z.record(z.string(), z.unknown()),
  trainableParams: z.number(),
  perGpu: z.object({ totalBytes: z.number(), allocatedBytes: z.number(), breakdown: breakdownSchema }),
  assumptions: z.array(z.custom<Message>(isMessage)),
  fits: z.array(
    z.object({
      card: z.string(),
      memoryBytes: z.number(),
      fits: z.boolean(),
      headroomBytes: z.number(),
      /** What this card needs per GPU: the total, corrected by the runs logged on its family. */
      neededBytes: z.number(),
      /** Logged runs behind that correction (0 = the raw estimate). */
      calibrationRuns: z.number(),
      /** Largest micro-batch that fits this card with the user's headroom (0 = none). */
      largestBatch: z.number(),
      /** Longest sequence (tokens) that fits this card at this batch size (0 = none). */
      longestSeq: z.number(),
    }),
  ),
  /** Speed on `input.gpu`, when a card was named. */
  speed: speedSchema.optional(),
  /** The correction fitted from logged runs for `input.gpu` (DESIGN.md "Calibration"). */
  calibration: calibrationSchema.optional(),
  /** The raw numbers above, corrected by `calibration`. */
  calibrated: z
    .object({
      totalBytes: z.number(),
      allocatedBytes: z.number(),
      tokensPerSecond: z.number().optional(),
      decodeTokensPerSecond: z.number().optional(),
    })
    .optional(),
});
export type EstimateOutput = z.infer<typeof estimateOutputSchema>;

export const workloadSchema = z
  .object({
    /** Dataset tokens per epoch (training) or tokens to generate (inference). */
    tokens: z.number().positive().max(1e16).optional(),
    epochs: z.number().positive().max(10_000).optional(),
    tokensPerSample: z.number().int().positive().max(10_000_000).optional(),
  })
  .strict();

export const rankInputSchema = z
  .object({
    input: estimateInputSchema,
    workload: workloadSchema.default({}),
    options: z
      .object({
        gpuCounts: z.array(z.number().int().min(1).max(64)).min(1).max(8).optional(),
        billing: z.union([z.literal('all'), billingSchema]).optional(),
        currency: currencySchema.optional(),
        sort: z.enum(['cost', 'time', 'jobCost']).optional(),
        /** Correct memory and speed with logged runs (default: yes). */
        calibration: z.boolean().optional(),
      })
      .strict()
      .default({}),
  })
  .strict();

const candidateSchema = z.object({
  card: z.string(),
  cardName: z.string(),
  gpus: z.number(),
  offerId: z.string(),
  provider: z.string(),
  billing: billingSchema,
  currency: currencySchema,
  pricePerGpuHour: z.number(),
  fits: z.literal(true),
  memoryBytesPerGpu: z.number(),
  tokensPerSecond: z.number(),
  costPer1MTokens: z.number(),
  costPer1kSamples: z.number().nullable(),
  hours: z.number().nullable(),
  jobCost: z.number().nullable(),
  pareto: z.boolean(),
  reason: z.string(),
  explain: z.array(z.string()),
});

export const rankOutputSchema = z.object({
  candidates: z.array(candidateSchema),
  excluded: z.array(z.object({ card: z.string(), gpus: z.number(), reason: z.string() })),
  currency: z.union([currencySchema, z.literal('mixed')]),
  assumptions: z.array(z.string()),
});

export const planRequestSchema = z
  .object({
    card: cardIdSchema,
    gpus: z.number().int().min(1).max(64).default(1),
    /** Only this provider's offers; all providers of the card when absent. */
    provider: z.string().min(1).max(80).optional(),
    currency: currencySchema.optional(),
    /** Hours of compute the job needs on this set-up (from the ranking, or the user's own figure). */
    computeHours: z.number().positive().max(100_000),
    setupHours: z.number().min(0).max(10_000).optional(),
    idleHours: z.number().min(0).max(10_000).optional(),
    spot: spotSettingsSchema.partial().strict().optional(),
    extras: extrasSchema.partial().strict().optional(),
    /** Points per curve in the cost-vs-job-length chart. */
    seriesPoints: z.number().int().min(10).max(400).default(60),
  })
  .strict();

const costSeriesSchema = z.object({
  currency: currencySchema,
  series: z.array(
    z.object({
      key: z.string(),
      billing: z.string(),
      label: z.string(),
      points: z.array(z.object({ computeHours: z.number(), total: z.number() })),
    }),
  ),
  crossings: z.array(z.object({ computeHours: z.number(), cheaperBefore: z.string(), cheaperAfter: z.string() })),
});

export const planOutputSchema = z.object({
  card: z.string(),
  gpus: z.number(),
  computeHours: z.number(),
  /** Every billing option of every provider, each with its total and bill lines. */
  options: z.array(planOptionSchema.extend({ provider: z.string() })),
  plans: z.array(jobPlanSchema.extend({ provider: z.string(), currency: currencySchema, series: costSeriesSchema })),
});

export const ownershipOutputSchema = z.object({
  currency: currencySchema,
  monthly: z.object({
    depreciation: z.number(),
    power: z.number(),
    hosting: z.number(),
    other: z.number(),
    total: z.number(),
  }),
  cardHoursPerMonth: z.number(),
  costPerUsedCardHour: z.number(),
  breakEvenUtilization: z.number().nullable(),
  series: z.array(z.object({ utilization: z.number(), costPerUsedCardHour: z.number() })),
});

const predictionSchema = z
  .object({ totalBytes: z.number(), allocatedBytes: z.number(), tokensPerSecond: z.number().nullable() })
  .nullable();

/** A logged run as stored: the input plus what the store adds. */
export const runSchema = runFieldsSchema.extend({
  id: z.number(),
  origin: runOriginSchema,
  citation: z.string().nullable(),
  /** The estimate at the time the run was logged. */
  estimate: z.unknown(),
  modelLabel: z.string(),
  createdAt: z.string(),
});

const runIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** An import file's text, up to what the app's export writes (the CLI streams bigger files). */
const importTextSchema = z.string().max(EXCHANGE_TEXT_MAX_CHARS, {
  error: `the file is larger than ${EXCHANGE_TEXT_MAX_CHARS / (1024 * 1024)} MiB, the most the app imports at once; import it with \`cardwise runs import FILE\` (no limit)`,
});

export const contract = {
  'cards:list': { input: empty, output: z.object({ cards: z.array(cardSchema) }) },
  'cards:save': { input: cardSchema, output: cardSchema },
  'cards:delete': { input: z.object({ id: cardIdSchema }).strict(), output: z.object({ id: z.string() }) },
  'offers:list': {
    input: z.object({ cardId: cardIdSchema.optional() }).strict().optional(),
    output: z.object({ offers: z.array(offerSchema) }),
  },
  'offers:add': { input: offerEditableSchema.strict(), output: offerSchema },
  'offers:update': {
    input: z.object({ id: z.string().min(1).max(80), patch: offerPatchSchema }).strict(),
    output: offerSchema,
  },
  'offers:delete': {
    input: z.object({ id: z.string().min(1).max(80) }).strict(),
    output: z.object({ id: z.string() }),
  },
  'models:list': { input: empty, output: z.object({ models: z.array(modelPresetSchema) }) },
  'models:save': { input: modelPresetSchema, output: modelPresetSchema },
  'settings:get': { input: empty, output: settingsSchema },
  'settings:set': { input: settingsSchema.partial().strict(), output: settingsSchema },
  'estimate:compute': { input: estimateRequestSchema, output: estimateOutputSchema },
  /** "What would make it fit?" on one card (issue 12): the domain's FitAdvice as it is. */
  'estimate:fit': {
    input: z.object({ input: estimateInputSchema, card: cardIdSchema }).strict(),
    output: z.custom<FitAdvice>(),
  },
  'rank:compute': { input: rankInputSchema, output: rankOutputSchema },
  'plan:compute': { input: planRequestSchema, output: planOutputSchema },
  'plan:ownership': { input: ownershipInputSchema, output: ownershipOutputSchema },
  'runs:list': {
    input: listRunsOptionsSchema.optional(),
    output: z.object({
      runs: z.array(runSchema.extend({ predicted: predictionSchema })),
      total: z.number(),
    }),
  },
  'runs:add': { input: runInputSchema, output: runSchema },
  'runs:update': { input: z.object({ id: runIdSchema, patch: runPatchSchema }).strict(), output: runSchema },
  'runs:delete': { input: z.object({ id: runIdSchema }).strict(), output: runSchema },
  'runs:import': {
    input: z
      .object({
        format: z.enum(['csv', 'json']),
        text: importTextSchema,
        /** Add runs already in the log again (by default they are counted and skipped). */
        allowDuplicates: z.boolean().optional(),
      })
      .strict(),
    output: z.object({
      imported: z.number(),
      duplicates: z.number(),
      duplicateLines: z.array(z.number()),
      ids: z.object({ first: z.number(), last: z.number() }).nullable(),
    }),
  },
  'runs:export': {
    input: z.object({ format: z.enum(['csv', 'json']), origin: runOriginSchema.optional() }).strict(),
    output: z.object({ format: z.enum(['csv', 'json']), filename: z.string(), text: z.string() }),
  },
  'runs:ledger': {
    input: ledgerOptionsSchema,
    output: z.object({
      rows: z.array(
        z.object({
          key: z.string().nullable(),
          runs: z.number(),
          gpuHours: z.number(),
          runsWithoutDuration: z.number(),
          cost: z.record(z.string(), z.number()),
        }),
      ),
    }),
  },
  'runs:flags': {
    input: z.object({ method: methodSchema }).strict(),
    output: z.object({ flags: z.array(z.object({ runIds: z.array(z.string()), reason: z.string() })) }),
  },
} satisfies Record<Channel, { input: z.ZodType; output: z.ZodType }>;

export type Contract = typeof contract;
export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<Contract[C]['output']>;

/** `busy`: another process holds the database's write lock; the same call succeeds a moment later. */
export type ErrorCode = 'bad-input' | 'unknown-channel' | 'not-found' | 'forbidden' | 'busy' | 'store' | 'internal';
export interface ContractError {
  code: ErrorCode;
  /** The English sentence (the CLI prints it; logs keep it). */
  message: string;
  /** The same sentence as a code with parameters, which the renderer shows in the user's language. */
  detail?: Message;
  /** Dotted path of the input field at fault, when one is. */
  field?: string;
  /** For `busy`: seconds to wait before trying again (HTTP sends it as Retry-After). */
  retryAfterSeconds?: number;
  /** The first 100 bad rows of an import file (line: 1-based data line of a CSV, index in a JSON array). */
  issues?: { line: number; field: string; message: string; detail?: Message }[];
  /** How many problems the import file had in all (issues holds the first 100). */
  issuesTotal?: number;
}
export type Result<T> = { ok: true; data: T } | { ok: false; error: ContractError };

/**
 * The desktop window's own channels (DESKTOP_CHANNELS): native dialogs, parsed in the main
 * process like every other channel. A cancelled dialog answers `null`.
 */
export const desktopContract = {
  'runs:open-file': { input: empty },
  'runs:save-file': {
    /** Without a format the dialog offers both, and the chosen name's extension decides (CSV unless .json). */
    input: z.object({ format: z.enum(['csv', 'json']).optional(), origin: runOriginSchema.optional() }).strict(),
  },
} satisfies Record<DesktopChannel, { input: z.ZodType }>;

export interface DesktopOutputs {
  /** The chosen file's name and text, for the same checks and `runs:import` as an uploaded file. */
  'runs:open-file': { file: { name: string; text: string } | null };
  /** Where the export was written (its file name, shown to the user). */
  'runs:save-file': { saved: { name: string } | null };
}
export type DesktopInput<C extends DesktopChannel> = z.input<(typeof desktopContract)[C]['input']>;

/** The app menu's commands, sent to the window as `menu:command` events. */
export const menuCommandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('import-runs') }),
  z.object({ command: z.literal('export-runs') }),
  z.object({ command: z.literal('guide') }),
  z.object({ command: z.literal('language'), language: settingsSchema.shape.language }),
]);
export type MenuCommand = z.infer<typeof menuCommandSchema>;
export interface EventPayloads {
  'menu:command': MenuCommand;
}
export type EventPayload<E extends EventName> = EventPayloads[E];
