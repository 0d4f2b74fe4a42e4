/** `--db PATH` or `--db=PATH` from a raw argv (the Electron shell has no parser), else CARDWISE_DB. */
export function dbPathFromArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--db' && argv[i + 1]) return argv[i + 1];
    if (arg.startsWith('--db=')) return arg.slice('--db='.length);
  }
  return env['CARDWISE_DB'] || undefined;
}
