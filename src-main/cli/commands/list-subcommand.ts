import { UsageError } from '../report-error';

/** `cardwise cards` and `cardwise cards list` both list; any other word is a mistake. */
export function expectListSubcommand(command: string, positionals: readonly string[]): void {
  const [word, extra] = positionals;
  if (word !== undefined && word !== 'list')
    throw new UsageError(command, `unknown subcommand "${word}" (try \`cardwise ${command} list\`)`);
  if (extra !== undefined) throw new UsageError(command, `unexpected argument "${extra}"`);
}
