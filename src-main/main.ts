import { app, BrowserWindow, dialog } from 'electron';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, type App } from './app';
import { registerIpc } from './electron-ipc';
import { createMainWindow, defaultWindowPaths, trustedSender } from './window';
import { dbPathFromArgs } from './args';
import { defaultDbPath } from './db/paths';

// Composition root of the desktop app: open the store, bind the contract, show the window.
app.setName('Cardwise');
const mainDir = dirname(fileURLToPath(import.meta.url));
let service: App | null = null;

app.whenReady().then(() => {
  try {
    // The same file the CLI and the server use by default (the user data dir, app name Cardwise).
    service = openApp({ dbPath: dbPathFromArgs(process.argv) ?? defaultDbPath() });
  } catch (error) {
    dialog.showErrorBox('Cardwise cannot open its database', (error as Error).message);
    app.exit(1);
    return;
  }
  const paths = defaultWindowPaths(mainDir);
  registerIpc(service.dispatcher, trustedSender(paths));
  createMainWindow(paths);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(paths);
  });
});

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
});

app.on('window-all-closed', () => {
  service?.close();
  service = null;
  if (process.platform !== 'darwin') app.quit();
});
