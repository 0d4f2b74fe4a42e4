import path from 'node:path';
import { parseArgs } from 'node:util';
import type { App } from '../app';
import { printJson, type Command, type Io, type OptionSpecs } from './command';
import { cardsCommand } from './commands/cards';
import { dbCommand } from './commands/db';
import { estimateCommand } from './commands/estimate';
import { guardCommand } from './commands/guard';
import { measureCommand } from './commands/measure';
import { modelsCommand } from './commands/models';
import { offersCommand } from './commands/offers';
import { ownershipCommand } from './commands/ownership';
import { planCommand } from './commands/plan';
import { rankCommand } from './commands/rank';
import { runsCommand } from './commands/runs';
import { serveCommand } from './commands/serve';
import { commandHelp, globalOptions, usage } from './help';
import { describeFailure, EXIT_USAGE } from './report-error';
import { UsageError } from './usage-error';

export const commands: readonly Command[] = [
  estimateCommand,
  rankCommand,
  runsCommand,
  planCommand,
  ownershipCommand,
  measureCommand,
  guardCommand,
  cardsCommand,
  offersCommand,
  modelsCommand,
  serveCommand,
  dbCommand,
];

const processIo: Io = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  stdoutIsTty: process.stdout.isTTY === true,
};

/**
 * Runs `cardwise <command> …` and returns the exit status (0 ok, 1 store or internal
 * failure, 2 bad flag or input). Failures print one `error: …` line on stderr; with
 * `--json`, stdout carries exactly one JSON value or nothing.
 */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const args = hoistCommand(argv);
  const [name] = args;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const parent = name === 'help' ? commands.find((command) => command.name === args[1]) : undefined;
    const topic = parent?.subcommands?.find((sub) => sub.name === args[2]) ?? parent;
    if (name === undefined) {
      io.stderr(usage(commands));
      return EXIT_USAGE;
    }
    io.stdout(topic ? commandHelp(topic) : usage(commands));
    return 0;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    io.stderr(`error: unknown command "${name}"\n\n${usage(commands)}`);
    return EXIT_USAGE;
  }

  let app: App | undefined;
  try {
    const { target, words, rest } = pickSubcommand(command, args.slice(1));
    if (!target) {
      // `cardwise runs` or `cardwise runs --help`: the list of subcommands.
      if (words.includes('--help') || words.includes('-h')) {
        io.stdout(commandHelp(command));
        return 0;
      }
      throw new UsageError(command.name, `needs a subcommand: ${subcommandNames(command)} (see --help)`);
    }
    const options: OptionSpecs = { ...target.options, ...globalOptions };
    const { values, positionals } = parseArgs({
      args: words,
      options: Object.fromEntries(
        Object.entries(options).map(([key, spec]) => [
          key,
          { type: spec.type, ...(key === 'help' ? { short: 'h' } : {}) },
        ]),
      ),
      strict: true,
      allowPositionals: true,
    });
    if (values.help === true) {
      // Even help keeps the --json promise: one JSON value on stdout.
      if (values.json === true) printJson(io, { help: commandHelp(target) });
      else io.stdout(commandHelp(target));
      return 0;
    }
    const dbFlag = values.db;
    if (dbFlag === '') throw new UsageError('--db', 'needs a path');
    const status = await target.run({
      flags: values,
      positionals,
      rest,
      json: values.json === true,
      io,
      async app() {
        if (!app) {
          const { openApp } = await import('../app');
          // --db wins; otherwise openApp falls back to CARDWISE_DB, then the shared default file.
          app = openApp(typeof dbFlag === 'string' ? { dbPath: path.resolve(dbFlag) } : {});
        }
        return app;
      },
    });
    return typeof status === 'number' ? status : 0;
  } catch (error) {
    const { line, exitCode } = describeFailure(error);
    io.stderr(`${line}\n`);
    return exitCode;
  } finally {
    try {
      app?.close();
    } catch {
      // The answer is already printed; a failed close changes nothing the user can act on.
    }
  }
}

/**
 * Splits the words after the command name: the words after `--` of a pass-through command,
 * and the subcommand word of a command that has subcommands (the first word that is neither
 * a flag nor the value of --db). `target` is undefined when a subcommand is needed but none was given.
 */
function pickSubcommand(
  command: Command,
  tail: readonly string[],
): { target: Command | undefined; words: string[]; rest: string[] } {
  let words = [...tail];
  let rest: string[] = [];
  if (command.passThrough) {
    const dashes = words.indexOf('--');
    if (dashes >= 0) {
      rest = words.slice(dashes + 1);
      words = words.slice(0, dashes);
    }
  }
  if (!command.subcommands) return { target: command, words, rest };
  let index = 0;
  while (index < words.length && words[index]!.startsWith('-')) index += words[index] === '--db' ? 2 : 1;
  if (index >= words.length) return { target: undefined, words, rest };
  const [word] = words.splice(index, 1);
  const target = command.subcommands.find((candidate) => candidate.name === word);
  if (!target) {
    throw new UsageError(command.name, `unknown subcommand "${word}" (one of ${subcommandNames(command)})`);
  }
  return { target, words, rest };
}

function subcommandNames(command: Command): string {
  return (command.subcommands ?? []).map((sub) => sub.name).join(', ');
}

/**
 * Lets global flags come before the command (`cardwise --json cards list`) by moving
 * the command word to the front; everything else keeps its order.
 */
function hoistCommand(argv: readonly string[]): string[] {
  const args = [...argv];
  let index = 0;
  while (index < args.length) {
    const arg = args[index]!;
    if (arg === '--json') index += 1;
    else if (arg === '--db') index += 2;
    else if (arg.startsWith('--db=')) index += 1;
    else break;
  }
  if (index === 0 || index >= args.length) return args;
  const [word] = args.splice(index, 1);
  return [word!, ...args];
}
