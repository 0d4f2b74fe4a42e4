import type { z } from 'zod';
import { isChannel, type Channel } from './channels';
import {
  contract,
  type ChannelInput,
  type ChannelOutput,
  type ContractError,
  type ParsedInput,
  type Result,
} from './contract';
import { InputError } from '../domain/errors';
import { ImportError } from '../domain/runs/import-issues';
import { english, firstProblem, msg, type Message } from '../domain/messages';

/**
 * What a handler map must be: a plain function per channel, parsed input in, anything out (may
 * throw; the dispatcher catches). Outputs are not written here: `ChannelOutput` reads each one
 * from the handler itself (Actual Budget's `type Handlers = { 'x:y': typeof fn }`).
 */
export type HandlerMap<Deps> = {
  [C in Channel]: (input: ParsedInput<C>, deps: Deps) => unknown;
};

/** Maps an error a handler threw to a contract error; stores add their own codes. */
export type ErrorMapper = (error: unknown) => ContractError | null;

export interface Dispatcher {
  /** Parse, call, wrap: never throws, whatever the caller sends; typed by the channel named. */
  dispatch<C extends Channel>(channel: C, rawInput: unknown): Promise<Result<ChannelOutput<C>>>;
  /** A door that got the channel's name as text (HTTP path, IPC message) learns its type only at run time. */
  dispatch(channel: string, rawInput: unknown): Promise<Result<unknown>>;
}

/**
 * The first zod issue as a sentence with the schema's limits (`detail`, for the doors to translate)
 * and in English with its field first (`message`, "batchSize: too big: …"), so the caller sees which
 * field is wrong.
 */
export function describeZodError(error: z.ZodError, schema: z.ZodType): ContractError {
  const { field, detail } = firstProblem(error, schema);
  return { code: 'bad-input', message: withField(field, detail), detail, ...(field ? { field } : {}) };
}

function withField(field: string | undefined, detail: Message): string {
  return `${field ? `${field}: ` : ''}${english(detail)}`;
}

/**
 * The register step shared by every door (IPC, HTTP, CLI): check the channel, parse the
 * input with the channel's schema, call the handler, return `{ ok, data } | { ok: false, error }`.
 */
export function createDispatcher<Deps>(handlers: HandlerMap<Deps>, deps: Deps, mapError?: ErrorMapper): Dispatcher {
  return {
    async dispatch(channel: string, rawInput: unknown): Promise<Result<never>> {
      if (!isChannel(channel)) {
        return {
          ok: false,
          error: unknownChannel(String(channel).slice(0, 80)),
        };
      }
      const schema = contract[channel].input;
      const parsed = schema.safeParse(rawInput);
      if (!parsed.success) return { ok: false, error: describeZodError(parsed.error, schema) };
      try {
        // The one place a channel's output type meets its value: `handlers` is the map the type is read from.
        const handler = handlers[channel] as (input: unknown, deps: Deps) => never;
        return { ok: true, data: await handler(parsed.data, deps) };
      } catch (error) {
        return { ok: false, error: toContractError(error, mapError) };
      }
    },
  };
}

/**
 * A dispatcher that runs every call of `inner` through `around` (a retry while the store is busy,
 * a log), answering what `inner` answers: its per-channel types hold unchanged.
 */
export function aroundDispatcher(
  inner: Dispatcher,
  around: (call: () => Promise<Result<unknown>>) => Promise<Result<unknown>>,
  /** Told each channel name before the call (a test's tally, a log). */
  seen?: (channel: string) => void,
): Dispatcher {
  return {
    dispatch(channel: string, rawInput: unknown) {
      seen?.(channel);
      // `around` hands back inner's own answer, so the channel's output type is inner's.
      return around(() => inner.dispatch(channel, rawInput)) as Promise<Result<never>>;
    },
  };
}

function unknownChannel(channel: string): ContractError {
  const detail = msg('error.unknownChannel', { channel });
  return { code: 'unknown-channel', message: english(detail), detail };
}

/** What a handler's throw becomes for the caller (also for the desktop window's own channels). */
export function toContractError(error: unknown, mapError?: ErrorMapper): ContractError {
  if (error instanceof ImportError) {
    return {
      code: 'bad-input',
      message: `${error.field}: ${error.message}`,
      field: error.field,
      detail: error.summary,
      issues: error.issues.map(({ line, field, message }) => ({
        line,
        field,
        message: english(message),
        detail: message,
      })),
      issuesTotal: error.total,
    };
  }
  if (error instanceof InputError) {
    return {
      code: 'bad-input',
      message: `${error.field}: ${error.message}`,
      field: error.field,
      detail: error.detail,
    };
  }
  const mapped = mapError?.(error);
  if (mapped) return mapped;
  // Never leak a stack trace to the caller; the message alone is enough to act on (the UI says it in words).
  const message = error instanceof Error ? error.message : 'unexpected error';
  return { code: 'internal', message, detail: msg('error.internal') };
}

/** Typed call for in-process doors (CLI): unwraps the Result or throws it. */
export async function callChannel<C extends Channel>(
  dispatcher: Dispatcher,
  channel: C,
  input: ChannelInput<C>,
): Promise<ChannelOutput<C>> {
  const result = await dispatcher.dispatch(channel, input);
  if (!result.ok) throw new ContractCallError(result.error);
  return result.data;
}

export class ContractCallError extends Error {
  constructor(readonly error: ContractError) {
    super(error.message);
    this.name = 'ContractCallError';
  }
}
