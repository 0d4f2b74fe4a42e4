import type { App } from '../app';

/** One option of a command (program.ts declares it to commander), with its help line. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  /** Placeholder shown in help for a string option ("N", "PATH"). */
  value?: string;
  description: string;
}

export type OptionSpecs = Record<string, OptionSpec>;

/** What the user typed for a command's flags, by flag name: the text of a value, true for a switch. */
export type FlagValues = Partial<Record<string, string | boolean>>;

/** Where a command writes; the real process streams in production. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stdout is a terminal (JSON is indented there, compact in pipes). */
  stdoutIsTty: boolean;
}

export interface CommandContext {
  flags: FlagValues;
  /** Words after the command name (and subcommand), e.g. ["42"] for `runs delete 42`. */
  positionals: string[];
  /** Words after `--`, untouched, for a command that passes a command line through (`measure`). */
  rest: string[];
  json: boolean;
  io: Io;
  /** The store and dispatcher, opened on first use and closed by main. */
  app(): Promise<App>;
}

/** A `cardwise <name>` subcommand: its flags, its help, and what it does. */
export interface Command {
  name: string;
  summary: string;
  /** Synopsis lines for --help, without the leading "cardwise ". */
  usage: string[];
  options: OptionSpecs;
  /** Extra help text after the option list. */
  notes?: string[];
  /** `runs add`, `runs list`…: the next word picks one, with its own flags and help (`name` is that word). */
  subcommands?: readonly Command[];
  /** Everything after the first `--` reaches `run` as `rest`, never parsed as flags. */
  passThrough?: boolean;
  /** Resolves to the exit status when it is not 0 on success (`measure` returns its command's). */
  run(context: CommandContext): Promise<void | number>;
}

/** Prints one JSON value: indented on a terminal, compact in a pipe. */
export function printJson(io: Io, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, io.stdoutIsTty ? 2 : undefined)}\n`);
}
