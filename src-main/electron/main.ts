import { app, BrowserWindow, dialog } from 'electron';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApp, type App } from '../app';
import { registerIpc } from './ipc';
import { createMainWindow, defaultWindowPaths, secureSession, trustedSender } from './window';
import { dbPathFromArgs } from './args';

// Composition root of the desktop app: open the store, bind the contract, show the window.
app.setName('Cardwise');
const mainDir = dirname(fileURLToPath(import.meta.url));
let service: App | null = null;

app.whenReady().then(() => {
  try {
    // Without --db, openApp uses the file the CLI and the server use (the user data dir, app name Cardwise).
    service = openApp({ dbPath: dbPathFromArgs(process.argv) });
  } catch (error) {
    dialog.showErrorBox('Cardwise cannot open its database', (error as Error).message);
    app.exit(1);
    return;
  }
  const paths = defaultWindowPaths(mainDir);
  secureSession();
  registerIpc(service.dispatcher, trustedSender(paths));
  createMainWindow(paths);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(paths);
  });
});

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-attach-webview', (event) => event.preventDefault());
});

// On macOS the app outlives its windows (and `activate` opens a new one on the same
// service), so the database closes when the app quits, not when the last window does.
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('will-quit', () => {
  service?.close();
  service = null;
});
