import type en from './en.json';
import type inputsEn from './inputs.en.json';
import type hubEn from './hub.en.json';
import type serveEn from './serve.en.json';
import type runsServingEn from './runs-serving.en.json';

/** The plural forms a catalog key may end in (`runs_one`, `runs_other`), as Intl.PluralRules names them. */
type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** Every sentence the domain can say, keyed by a stable code (the keys of en.json, inputs.en.json, hub.en.json, serve.en.json and runs-serving.en.json, plural forms as one code). */
export type MessageCode =
  | keyof typeof en
  | keyof typeof inputsEn
  | keyof typeof hubEn
  | keyof typeof serveEn
  | keyof typeof runsServingEn extends infer Key
  ? Key extends `${infer Base}_${PluralSuffix}`
    ? Base
    : Key
  : never;

/** A parameter: a value shown as is, a number formatted for the language, or a nested message. */
export type MessageParam = string | number | Message;

/**
 * A sentence the domain says, as a code with parameters: the doors translate it (the CLI in
 * English, the renderer in the user's language). The domain never builds user-facing text.
 */
export interface Message {
  code: MessageCode;
  params?: Readonly<Record<string, MessageParam>>;
}

/** A message with its parameters: `msg('assume.optimizer', { optimizer: 'AdamW' })`. */
export function msg(code: MessageCode, params?: Readonly<Record<string, MessageParam>>): Message {
  return params ? { code, params } : { code };
}

export function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}
