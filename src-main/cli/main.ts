import path from 'node:path';
import { CommanderError } from 'commander';
import type { App } from '../app';
import { printJson, type Command, type Io } from './command';
import { capacityCommand } from './commands/capacity';
import { cardsCommand } from './commands/cards';
import { dbCommand } from './commands/db';
import { estimateCommand } from './commands/estimate';
import { fitCommand } from './commands/fit';
import { guardCommand } from './commands/guard';
import { measureCommand } from './commands/measure';
import { modelsCommand } from './commands/models';
import { offersCommand } from './commands/offers';
import { ownershipCommand } from './commands/ownership';
import { planCommand } from './commands/plan';
import { rankCommand } from './commands/rank';
import { runsCommand } from './commands/runs';
import { serveCommand } from './commands/serve';
import { buildProgram, usageFromCommander, type Selection } from './program';
import { describeFailure, EXIT_USAGE, UsageError } from './report-error';

export const commands: readonly Command[] = [
  estimateCommand,
  fitCommand,
  rankCommand,
  runsCommand,
  planCommand,
  ownershipCommand,
  capacityCommand,
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
  let help = '';
  let selection: Selection | undefined;
  const program = buildProgram(
    commands,
    (text) => void (help += text),
    (picked) => void (selection = picked),
  );
  if (argv.length === 0) {
    io.stderr(program.helpInformation());
    return EXIT_USAGE;
  }
  const { words: argvWords, rest } = splitPassThrough(argv);
  const words = commandWords(argvWords);
  let app: App | undefined;
  try {
    try {
      await program.parseAsync(helpWordToFlag(argvWords), { from: 'user' });
    } catch (error) {
      if (!(error instanceof CommanderError)) throw error;
      if (error.code === 'commander.unknownCommand' && words.length === 0) {
        io.stderr(
          `error: unknown command "${/'([^']*)'/.exec(error.message)?.[1] ?? ''}"\n\n${program.helpInformation()}`,
        );
        return EXIT_USAGE;
      }
      const outcome = usageFromCommander(error, words, subcommandsOf(words));
      if (outcome !== 'help') throw outcome;
      // Even help keeps the --json promise: one JSON value on stdout.
      if (argvWords.includes('--json')) printJson(io, { help });
      else io.stdout(help);
      return 0;
    }
    if (!selection) throw new UsageError(words.join(' '), 'nothing to run (see --help)');
    const { command, flags, positionals } = selection as Selection;
    if (flags.db === '') throw new UsageError('--db', 'needs a path');
    const dbFlag = flags.db;
    const status = await command.run({
      flags,
      positionals,
      rest,
      json: flags.json === true,
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

/** `cardwise help runs add` is `cardwise runs add --help`. */
function helpWordToFlag(argv: readonly string[]): string[] {
  return argv[0] === 'help' ? [...argv.slice(1), '--help'] : [...argv];
}

/** For a command that passes a command line through (`measure -- python train.py`): the words after `--`, untouched. */
function splitPassThrough(argv: readonly string[]): { words: string[]; rest: string[] } {
  const word = commandWords(argv)[0];
  const dashes = argv.indexOf('--');
  if (!commands.find((command) => command.name === word)?.passThrough || dashes < 0) {
    return { words: [...argv], rest: [] };
  }
  return { words: argv.slice(0, dashes), rest: argv.slice(dashes + 1) };
}

/** The command words of a line (`runs`, `add`), skipping the global flags and the value of --db. */
function commandWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  let level: readonly Command[] | undefined = commands;
  for (let index = argv[0] === 'help' ? 1 : 0; index < argv.length && level; index++) {
    const arg = argv[index]!;
    if (arg === '--db') index++;
    if (arg.startsWith('-')) continue;
    const command: Command | undefined = level.find((candidate) => candidate.name === arg);
    if (!command) break;
    words.push(arg);
    level = command.subcommands;
  }
  return words;
}

function subcommandsOf(words: readonly string[]): string[] {
  let level: readonly Command[] = commands;
  let found: Command | undefined;
  for (const word of words) {
    found = level.find((command) => command.name === word);
    level = found?.subcommands ?? [];
  }
  return (found?.subcommands ?? []).map((sub) => sub.name);
}
