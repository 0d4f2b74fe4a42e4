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

/** `cardwise <command> --help`: synopsis, subcommands or options, notes. */
export function commandHelp(command: Command): string {
  if (command.subcommands) return parentHelp(command, command.subcommands);
  const options = { ...command.options, ...globalOptions };
  const labels = Object.entries(options).map(
    ([name, spec]) => `--${name}${spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : ''}`,
  );
  const width = Math.max(...labels.map((label) => label.length));
  return [
    ...synopsis(command),
    '',
    command.summary.charAt(0).toUpperCase() + command.summary.slice(1) + '.',
    '',
    'Options:',
    ...Object.values(options).map((spec, index) => `  ${labels[index]!.padEnd(width)}  ${spec.description}`),
    ...(command.notes ? ['', ...command.notes] : []),
    '',
  ].join('\n');
}

/** Help of a command made of subcommands (`cardwise runs --help`): one line per subcommand. */
function parentHelp(command: Command, subcommands: readonly Command[]): string {
  const width = Math.max(...subcommands.map((sub) => sub.name.length));
  return [
    ...synopsis(command),
    '',
    command.summary.charAt(0).toUpperCase() + command.summary.slice(1) + '.',
    '',
    'Subcommands:',
    ...subcommands.map((sub) => `  ${sub.name.padEnd(width)}  ${sub.summary}`),
    '',
    `Run \`cardwise ${command.name} <subcommand> --help\` for its options.`,
    ...(command.notes ? ['', ...command.notes] : []),
    '',
  ].join('\n');
}

/** The usage lines; one that starts with a space continues the line above it. */
function synopsis(command: Command): string[] {
  return command.usage.map((line, index) => {
    if (index === 0) return `Usage: cardwise ${line}`;
    return line.startsWith(' ') ? `       ${line}` : `       cardwise ${line}`;
  });
}
