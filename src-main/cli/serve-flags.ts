import { serveFields } from '../domain/fields/serve-fields';
import { serveInputSchema, type ServeInput } from '../domain/serve/input';
import type { FlagValues, OptionSpecs } from './command';
import { checkFlags, flagFinder, inputFromBindings, tableBindings, tableOptions } from './flag-input';

/** The flags of `cardwise capacity`, one per field of the serve table (domain/fields/serve-fields.ts). */
const bindings = tableBindings(serveFields);

export const serveOptions: OptionSpecs = tableOptions(serveFields);

/** The flag behind a serve-input field ("maxModelLen" -> "--max-model-len"). */
export const flagForServeField = flagFinder(bindings);

/** The serve:compute input the flags describe, checked by the contract's schema (a problem names its flag). */
export function serveInputFromFlags(flags: FlagValues): ServeInput {
  const input = inputFromBindings(bindings, flags);
  return checkFlags(serveInputSchema, input, bindings, flags, 'capacity');
}
