import { z } from 'zod';
import type { Channel, DesktopChannel, EventName } from './channels';
// Type-only: the outputs are read from the handlers; nothing of them runs in the renderer.
import type { Handlers } from '../handlers';
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
import { msg, ruleIssue } from '../domain/messages';
import { errorDetail, type ContractError, type ErrorCode, type Result } from './contract-errors';
import { DEFAULT_SETTINGS, LANGUAGES } from './contract-settings';
import { planRequestSchema } from '../domain/plan/card-plan';
import { ownershipInputSchema } from '../domain/plan/ownership';
import { serveInputSchema } from '../domain/serve/input';
import {
  EXCHANGE_TEXT_MAX_CHARS,
  ledgerOptionsSchema,
  listRunsOptionsSchema,
  runInputSchema,
  runOriginSchema,
  runPatchSchema,
} from '../domain/runs';

/**
 * The one contract: for every channel, the schema of its input (parsed at run time by every door)
 * and the type of its output, read from the handler that computes it. The Electron bridge, the
 * HTTP server, the CLI and the renderer's client all derive from it.
 */

/** The plan's input lives with the plan (domain/plan/card-plan.ts); the CLI reads it here with the others. */
export { planRequestSchema };
export { DEFAULT_SETTINGS, errorDetail, type ContractError, type ErrorCode, type Result };

const empty = z.object({}).strict().optional();

export const settingsSchema = z
  .object({
    /** The UI's language as the user chose it; null until they do (the system's language is shown meanwhile). */
    language: z.enum(LANGUAGES).nullable(),
    currency: currencySchema,
    /** Share of card memory kept free when deciding that something fits (0.1 = 10%). */
    headroomFraction: z.number().min(0).max(0.9),
    /** USD per 1 CNY, set by the user: rankings convert offers in the other currency with it. */
    usdPerCny: z.number().positive().max(10).nullable(),
    /** The day the rate was read (YYYY-MM-DD), said next to every converted price. */
    usdPerCnyDate: z.iso.date().nullable(),
    /** Electricity per kWh, in the default currency: what owning a server pays for power. */
    electricityPricePerKWh: z.number().min(0).max(100),
  })
  .strict();
export type Settings = z.infer<typeof settingsSchema>;

const offerEditableSchema = offerSchema.omit({ id: true });
/** Only the fields the caller sends: no defaults, or a price edit would reset the others. */
export const offerPatchSchema = offerFieldsSchema.omit({ id: true }).partial().strict();

/** The estimate input, plus whether logged runs may correct it (default: yes). */
export const estimateRequestSchema = estimateInputSchema.extend({ calibration: z.boolean().optional() });

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

const runIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** An import file's text, up to what the app's export writes (the CLI streams bigger files). */
const importTextSchema = z.string().superRefine((text, ctx) => {
  if (text.length > EXCHANGE_TEXT_MAX_CHARS) {
    ctx.addIssue(ruleIssue([], msg('runs.importTooLarge', { mib: EXCHANGE_TEXT_MAX_CHARS / (1024 * 1024) })));
  }
});

export const contract = {
  'cards:list': { input: empty },
  'cards:save': { input: cardSchema },
  'cards:delete': { input: z.object({ id: cardIdSchema }).strict() },
  'offers:list': { input: z.object({ cardId: cardIdSchema.optional() }).strict().optional() },
  'offers:add': { input: offerEditableSchema.strict() },
  'offers:update': { input: z.object({ id: z.string().min(1).max(80), patch: offerPatchSchema }).strict() },
  'offers:delete': { input: z.object({ id: z.string().min(1).max(80) }).strict() },
  'models:list': { input: empty },
  'models:save': { input: modelPresetSchema },
  /** A model by its Hugging Face id: config.json read from the Hub (or its cached copy), parsed (issue 12). */
  'models:fetchHf': {
    input: z.object({ id: z.string().min(1).max(300), revision: z.string().min(1).max(100).optional() }).strict(),
  },
  'settings:get': { input: empty },
  'settings:set': { input: settingsSchema.partial().strict() },
  'estimate:compute': { input: estimateRequestSchema },
  /** "What would make it fit?" on one card (issue 12). */
  'estimate:fit': { input: z.object({ input: estimateInputSchema, card: cardIdSchema }).strict() },
  /** Peak memory against sequence length and batch, for the Estimate page's chart (asked apart from the estimate). */
  'estimate:sweep': { input: estimateInputSchema },
  'rank:compute': { input: rankInputSchema },
  'plan:compute': { input: planRequestSchema },
  'plan:ownership': { input: ownershipInputSchema },
  /** Serving: KV pool, concurrency, latency and cost per card × GPU count (issue 17). */
  'serve:compute': { input: serveInputSchema },
  'runs:list': { input: listRunsOptionsSchema.optional() },
  'runs:add': { input: runInputSchema },
  'runs:update': { input: z.object({ id: runIdSchema, patch: runPatchSchema }).strict() },
  'runs:delete': { input: z.object({ id: runIdSchema }).strict() },
  'runs:import': {
    input: z
      .object({
        format: z.enum(['csv', 'json']),
        text: importTextSchema,
        /** Add runs already in the log again (by default they are counted and skipped). */
        allowDuplicates: z.boolean().optional(),
      })
      .strict(),
  },
  'runs:export': { input: z.object({ format: z.enum(['csv', 'json']), origin: runOriginSchema.optional() }).strict() },
  'runs:ledger': { input: ledgerOptionsSchema },
  'runs:flags': { input: z.object({ method: methodSchema }).strict() },
} satisfies Record<Channel, { input: z.ZodType }>;

export type Contract = typeof contract;
/** What a caller sends on channel C (defaults optional). */
export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>;
/** What the handler of C receives: the input after parsing (defaults applied). */
export type ParsedInput<C extends Channel> = z.output<Contract[C]['input']>;
/** What channel C answers: read from its handler, never written out (STYLE.md "One contract, derived types"). */
export type ChannelOutput<C extends Channel> = Awaited<ReturnType<Handlers[C]>>;
export type EstimateOutput = ChannelOutput<'estimate:compute'>;
export type SweepOutput = ChannelOutput<'estimate:sweep'>;
export type ServeOutput = ChannelOutput<'serve:compute'>;

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
  z.object({ command: z.literal('language'), language: z.enum(LANGUAGES) }),
]);
export type MenuCommand = z.infer<typeof menuCommandSchema>;
export interface EventPayloads {
  'menu:command': MenuCommand;
}
export type EventPayload<E extends EventName> = EventPayloads[E];
