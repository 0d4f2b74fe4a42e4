import { app } from 'electron';
import { main } from '../cli/main';
import { setNativeBinding } from '../db/driver';
import { english, msg } from '../domain/messages';
import { probeNativeBinding } from './native-sqlite';

/**
 * `cardwise …` run by the app binary itself (args.ts decides when): the same CLI as
 * `npx cardwise`, on the same database, loading SQLite through the app's own Electron
 * build. No window, no single-instance lock; the exit status is the CLI's.
 */
export async function runCommandLine(args: string[], nativeBinding: string, dbPath: string): Promise<void> {
  app.dock?.hide();
  const problem = probeNativeBinding(nativeBinding);
  if (problem) {
    const advice = app.isPackaged
      ? msg('problem.nativePackaged', { path: problem.path, dbPath })
      : msg('problem.nativeDev', { path: problem.path });
    process.stderr.write(`error: ${english(advice)}\n  ${problem.detail}\n`);
    app.exit(1);
    return;
  }
  setNativeBinding(nativeBinding);
  // `cardwise models list | head -1` closes the pipe early: that is not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => app.exit(error.code === 'EPIPE' ? 0 : 1));
  const status = await main(args);
  // app.exit does not wait for pending output; a zero-length write's callback does.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  app.exit(status);
}
