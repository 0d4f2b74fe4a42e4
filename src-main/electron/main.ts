import { app, protocol } from 'electron';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDbPath } from '../db/paths';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES } from './app-protocol';
import { cliArguments, dbPathFromArgs } from './args';
import { runCommandLine } from './command-line';
import { startDesktop } from './desktop';
import { nativeBindingPath } from './native-sqlite';

// Composition root: the app binary is the desktop app, or the `cardwise` command when it
// is started as one (args.ts).
app.setName('Cardwise');
// A profile of its own (tests, a portable copy): settings, window state and the single-instance lock.
const userData = process.env['CARDWISE_USER_DATA_DIR'];
if (userData) app.setPath('userData', userData);
// Before `ready`: our page's scheme is a standard, secure origin (not file://).
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);

const nativeBinding = nativeBindingPath({
  packaged: app.isPackaged,
  appPath: app.getAppPath(),
  platform: process.platform,
  arch: process.arch,
});
const cli = cliArguments(process.argv, app.isPackaged);
if (cli) void runCommandLine(cli, nativeBinding, dbPathFromArgs(process.argv) ?? defaultDbPath());
else startDesktop({ mainDir: dirname(fileURLToPath(import.meta.url)), nativeBinding });
