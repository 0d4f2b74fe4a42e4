import { BrowserWindow, session, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isAllowedExternalUrl, isTrustedRendererUrl } from './security';
import { SECURITY_HEADERS } from '../http/policy';

export interface WindowPaths {
  preloadFile: string;
  rendererIndexFile: string;
  devServerUrl?: string;
}

/** Renderer URL check bound to this launch's paths. */
export function trustedSender(paths: WindowPaths): (url: string) => boolean {
  const indexUrl = pathToFileURL(paths.rendererIndexFile).href;
  return (url) => isTrustedRendererUrl(url, indexUrl, paths.devServerUrl);
}

/** App-wide session rules, set once: the strict CSP on every response and no permission grants. */
export function secureSession(): void {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [SECURITY_HEADERS['Content-Security-Policy']!],
      },
    });
  });
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
}

/** The main window: sandboxed, isolated, no Node, no navigation away, no popups. */
export function createMainWindow(paths: WindowPaths): BrowserWindow {
  const isTrusted = trustedSender(paths);
  const win = new BrowserWindow({
    width: 1320,
    height: 860,
    minWidth: 960,
    minHeight: 600,
    title: 'Cardwise',
    show: false,
    webPreferences: {
      preload: paths.preloadFile,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.webContents.on('will-navigate', (event, url) => {
    if (!isTrusted(url)) event.preventDefault();
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  if (paths.devServerUrl) void win.loadURL(paths.devServerUrl);
  else void win.loadFile(paths.rendererIndexFile);
  return win;
}

export function defaultWindowPaths(mainDir: string): WindowPaths {
  return {
    preloadFile: join(mainDir, '../preload/preload.cjs'),
    rendererIndexFile: join(mainDir, '../renderer/index.html'),
    devServerUrl: process.env['ELECTRON_RENDERER_URL'],
  };
}
