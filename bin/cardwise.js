#!/usr/bin/env node
// The `cardwise` command: the CLI as the build made it (out/main/cli.js, plain JavaScript).
// Plain Node only: nothing here (or in src-main/cli) imports electron.
import { existsSync } from 'node:fs';

const built = new URL('../out/main/cli.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write('error: cardwise is not built yet: run `npm run build` (then run this again)\n');
  process.exit(1);
}

// `cardwise models list | head -1` closes the pipe early: that is not an error worth a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(`error: stdout: ${error.message}\n`);
  process.exit(1);
});

try {
  const { main } = await import(built.href);
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // A failure to load the CLI itself (never a stack trace for the user).
  process.stderr.write(`error: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
  process.exitCode = 1;
}
