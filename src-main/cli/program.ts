import { Command as Program, CommanderError, Option } from 'commander';
import type { Command, FlagValues, OptionSpec, OptionSpecs } from './command';
import { UsageError } from './report-error';

/** Flags every command takes. */
export const globalOptions: OptionSpecs = {
  db: { type: 'string', value: 'PATH', description: "database file (else $CARDWISE_DB, else the app's own file)" },
  json: { type: 'boolean', description: 'print exactly one JSON value on stdout' },
};

/** What the parse picked: the command to run, its flags (by flag name, as typed) and its words. */
export interface Selection {
  command: Command;
  flags: FlagValues;
  positionals: string[];
}

/**
 * The `cardwise` program as commander parses it: one commander command per Command, its options
 * declared from the Command's specs (which the field table gives for estimate and run flags).
 * Commander splits argv, knows the flags, writes --help; the values stay text for the contract to check.
 * `writeHelp` receives help text (commander writes nothing else: errors come back as exceptions).
 */
export function buildProgram(
  commands: readonly Command[],
  writeHelp: (text: string) => void,
  onSelect: (selection: Selection) => void,
): Program {
  const program = configure(new Program('cardwise'), writeHelp)
    .description('Will my model fit on this card, and which card and billing is cheapest?')
    .usage('<command> [options]')
    .addHelpText('after', '\nRun `cardwise <command> --help` for the options of one command.');
  declareOptions(program, globalOptions, {});
  for (const command of commands) addCommand(program, command, [], writeHelp, onSelect);
  return program;
}

function configure(program: Program, writeHelp: (text: string) => void): Program {
  return program
    .exitOverride()
    .configureOutput({ writeOut: writeHelp, writeErr: () => undefined, outputError: () => undefined })
    .configureHelp({ showGlobalOptions: true, subcommandTerm: (sub) => sub.name(), sortOptions: false })
    .helpOption('-h, --help', 'show this help')
    .helpCommand(false);
}

function addCommand(
  parent: Program,
  spec: Command,
  path: string[],
  writeHelp: (text: string) => void,
  onSelect: (selection: Selection) => void,
): void {
  const words = [...path, spec.name];
  const command = configure(parent.command(spec.name), writeHelp)
    .description(capitalized(spec.summary))
    .usage(synopsis(spec, words))
    .allowExcessArguments(true);
  if (spec.notes) command.addHelpText('after', `\n${spec.notes.join('\n')}`);
  if (spec.subcommands) {
    for (const sub of spec.subcommands) addCommand(command, sub, words, writeHelp, onSelect);
    return;
  }
  const flags: FlagValues = {};
  declareOptions(command, spec.options, flags);
  command.argument('[words...]').action((positionals: string[], _options: unknown, self: Program) => {
    const globals = self.optsWithGlobals() as { db?: string; json?: boolean };
    onSelect({
      command: spec,
      flags: {
        ...flags,
        ...(globals.db !== undefined ? { db: globals.db } : {}),
        ...(globals.json ? { json: true } : {}),
      },
      positionals,
    });
  });
}

/**
 * Declares each spec as a commander option and records what the user typed under the flag's own
 * name, as text (or true for a switch): `--no-x` stays apart from `--x`, so giving both can be refused.
 */
function declareOptions(command: Program, specs: OptionSpecs, flags: FlagValues): void {
  for (const [name, spec] of Object.entries(specs)) {
    command.addOption(optionOf(name, spec));
    command.on(`option:${name}`, (value: string | undefined) => {
      flags[name] = spec.type === 'string' ? (value ?? '') : true;
    });
  }
}

function optionOf(name: string, spec: OptionSpec): Option {
  return new Option(`--${name}${spec.type === 'string' ? ` <${spec.value ?? 'VALUE'}>` : ''}`, spec.description);
}

/** The usage lines after "Usage: cardwise": the first as is, the others under it. */
function synopsis(spec: Command, words: readonly string[]): string {
  const [first = words.join(' '), ...rest] = spec.usage;
  const strip = (line: string) => line.replace(new RegExp(`^${words.join(' ')}\\s*`), '');
  return [
    strip(first),
    ...rest.map((line) => (line.startsWith(' ') ? `       ${line}` : `       cardwise ${line}`)),
  ].join('\n');
}

function capitalized(summary: string): string {
  return `${summary.charAt(0).toUpperCase()}${summary.slice(1)}.`;
}

/**
 * A commander refusal as the CLI reports it (`error: --bacth: unknown option (did you mean
 * --batch?)`), or 'help' when commander showed the help that was asked for. `words` are the
 * command words of the line (`runs` for `cardwise runs frob`).
 */
export function usageFromCommander(
  error: CommanderError,
  words: readonly string[],
  subcommands: readonly string[],
): UsageError | 'help' {
  const message = error.message.replace(/^error: /, '');
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
  const hint = /\(Did you mean (.+)\?\)/.exec(message)?.[1];
  switch (error.code) {
    case 'commander.helpDisplayed':
      return 'help';
    case 'commander.unknownOption':
      return new UsageError(quoted, `unknown option${hint ? ` (did you mean ${hint}?)` : ' (see --help)'}`);
    case 'commander.optionMissingArgument':
      return new UsageError(quoted.split(' ')[0] ?? quoted, 'needs a value');
    case 'commander.unknownCommand':
      return new UsageError(words.join(' '), `unknown subcommand "${quoted}" (one of ${subcommands.join(', ')})`);
    case 'commander.help':
      return new UsageError(words.join(' '), `needs a subcommand: ${subcommands.join(', ')} (see --help)`);
    default:
      return new UsageError(words.join(' ') || 'cardwise', message);
  }
}
