#!/usr/bin/env node
// The `cardwise` command: runs the TypeScript CLI through tsx, no build step. Plain Node only:
// nothing here (or in src-main/cli) imports electron.
import { register } from 'tsx/esm/api';

register();

// `cardwise models list | head -1` closes the pipe early: that is not an error worth a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(`error: stdout: ${error.message}\n`);
  process.exit(1);
});

try {
  const { main } = await import('../src-main/cli/main.ts');
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // A failure to load the CLI itself (never a stack trace for the user).
  process.stderr.write(`error: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
  process.exitCode = 1;
}
