import path from 'node:path';
import { parseArgs } from 'node:util';
import type { App } from '../app';
import { printJson, type Command, type Io, type OptionSpecs } from './command';
import { cardsCommand } from './commands/cards';
import { estimateCommand } from './commands/estimate';
import { modelsCommand } from './commands/models';
import { offersCommand } from './commands/offers';
import { rankCommand } from './commands/rank';
import { serveCommand } from './commands/serve';
import { commandHelp, globalOptions, usage } from './help';
import { describeFailure, EXIT_USAGE } from './report-error';
import { UsageError } from './usage-error';

export const commands: readonly Command[] = [
  estimateCommand,
  rankCommand,
  cardsCommand,
  offersCommand,
  modelsCommand,
  serveCommand,
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
    const topic = name === 'help' ? commands.find((command) => command.name === args[1]) : undefined;
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
    const options: OptionSpecs = { ...command.options, ...globalOptions };
    const { values, positionals } = parseArgs({
      args: args.slice(1),
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
      if (values.json === true) printJson(io, { help: commandHelp(command) });
      else io.stdout(commandHelp(command));
      return 0;
    }
    const dbFlag = values.db;
    if (dbFlag === '') throw new UsageError('--db', 'needs a path');
    await command.run({
      flags: values,
      positionals,
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
    return 0;
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
