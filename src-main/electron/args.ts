/** `--db PATH` or `--db=PATH` from a raw argv (the Electron shell has no parser), else CARDWISE_DB. */
export function dbPathFromArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--db' && argv[i + 1]) return argv[i + 1];
    if (arg.startsWith('--db=')) return arg.slice('--db='.length);
  }
  return env['CARDWISE_DB'] || undefined;
}

const CLI_FLAGS_ALONE = new Set(['--help', '-h', '--version', '-V']);

/**
 * The arguments for the command line when the app binary was started as `cardwise` (the
 * launchers in build/cli pass `--cli`; the .deb links /usr/bin/cardwise to the binary
 * itself), or null to open the window. A packaged binary is a CLI when its first word
 * (after `--db PATH` / `--json`) is a command, or it is asked for help; a desktop launch
 * passes no words. A checkout (`electron .`) is a CLI only with `--cli`.
 */
export function cliArguments(argv: readonly string[], packaged: boolean): string[] | null {
  const marker = argv.indexOf('--cli');
  if (marker >= 0) return argv.slice(marker + 1);
  if (!packaged) return null;
  const args = argv.slice(1);
  let index = 0;
  while (index < args.length) {
    const arg = args[index]!;
    if (arg === '--db') index += 2;
    else if (arg.startsWith('--db=') || arg === '--json') index += 1;
    else break;
  }
  const first = args[index];
  if (first === undefined) return null;
  return !first.startsWith('-') || (index === 0 && CLI_FLAGS_ALONE.has(first)) ? args : null;
}
