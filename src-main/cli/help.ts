import type { Command, OptionSpecs } from './command';

/** Flags every command takes. */
export const globalOptions: OptionSpecs = {
  db: { type: 'string', value: 'PATH', description: "database file (else $CARDWISE_DB, else the app's own file)" },
  json: { type: 'boolean', description: 'print exactly one JSON value on stdout' },
  help: { type: 'boolean', description: 'show this help' },
};

/** The top-level usage: one line per command. */
export function usage(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    'Usage: cardwise <command> [options]',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Global options: --db PATH, --json, --help',
    'Run `cardwise <command> --help` for the options of one command.',
    '',
  ].join('\n');
}

/** `cardwise <command> --help`: synopsis, options, notes. */
export function commandHelp(command: Command): string {
  const options = { ...command.options, ...globalOptions };
  const labels = Object.entries(options).map(
    ([name, spec]) => `--${name}${spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : ''}`,
  );
  const width = Math.max(...labels.map((label) => label.length));
  return [
    ...command.usage.map((line, index) => `${index === 0 ? 'Usage: ' : '       '}cardwise ${line}`),
    '',
    command.summary.charAt(0).toUpperCase() + command.summary.slice(1) + '.',
    '',
    'Options:',
    ...Object.values(options).map((spec, index) => `  ${labels[index]!.padEnd(width)}  ${spec.description}`),
    ...(command.notes ? ['', ...command.notes] : []),
    '',
  ].join('\n');
}
