/// <reference types="electron-vite/node" />
import { app, BrowserWindow, ipcMain, protocol, shell } from 'electron';
import { join } from 'node:path';
import { openApp, type App } from '../app';
import { quietTracker } from '../handlers/quiet';
import { warmUpSoon } from '../handlers/warm-up';
import { defaultDbPath } from '../db/paths';
import { setNativeBinding } from '../db/driver';
import type { CatalogLanguage } from '../domain/messages/catalogs';
import type { MenuCommand, Settings } from '../ipc/contract';
import { answerAppRequest, APP_HOST, APP_INDEX_URL, APP_SCHEME } from './app-protocol';
import { dbPathFromArgs } from './args';
import { createDesktopDispatcher } from './desktop-channels';
import { runFileDialogs } from './dialogs';
import { showAbout, showCliHelp } from './info-dialogs';
import { registerIpc } from './ipc';
import { installMenu } from './menu';
import type { MenuAction } from './menu-template';
import { probeNativeBinding } from './native-sqlite';
import { guardContents } from './navigation-guard';
import { rendererSource } from './renderer-source';
import { isAllowedExternalUrl, isTrustedRendererUrl } from './security';
import { secureSession } from './session';
import { PROBLEM_PAGE_PATH, startupProblemPage, type StartupProblem } from './startup-problem';
import { systemLanguage } from '../ipc/contract-settings';
import { createMainWindow, focusWindow } from './window';

/**
 * The desktop app: one instance, one window on our own `app://` page, the service behind
 * the contract, the localized menu. If SQLite cannot load or the database cannot open, the
 * window says why and what to run instead of the app crashing.
 */
export function startDesktop(paths: { mainDir: string; nativeBinding: string }): void {
  // A second launch focuses the first window (and would otherwise open the same database twice).
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // A development build run from a checkout: the dev server, Reload and DevTools. Never a packaged app.
  const development = import.meta.env.DEV && !app.isPackaged;
  const source = rendererSource({ development, packaged: app.isPackaged }, process.env);
  const devServerUrl = source.kind === 'dev-server' ? source.url : undefined;
  const isTrusted = (url: string) => isTrustedRendererUrl(url, APP_INDEX_URL, devServerUrl);
  const dbPath = dbPathFromArgs(process.argv) ?? defaultDbPath();
  const pages: Record<string, string> = {};
  let window: BrowserWindow | null = null;
  let service: App | null = null;
  let problem: StartupProblem | null = null;
  let language: CatalogLanguage = 'en';

  app.on('second-instance', () => {
    if (window) focusWindow(window);
  });
  app.on('web-contents-created', (_event, contents) => {
    guardContents(contents, {
      isTrusted,
      isExternal: isAllowedExternalUrl,
      openExternal: (url) => void shell.openExternal(url),
    });
  });

  const openWindow = (url: string, withBridge: boolean) => {
    window = createMainWindow({
      url,
      ...(withBridge ? { preloadFile: join(paths.mainDir, '../preload/preload.cjs') } : {}),
      stateFile: join(app.getPath('userData'), 'window-state.json'),
      devTools: development,
      ...(process.platform === 'linux' ? { icon: linuxIcon() } : {}),
    });
    window.on('closed', () => (window = null));
  };
  const send = (command: MenuCommand) => window?.webContents.send('menu:command', command);
  const menu = () => installMenu({ language, development }, actions);

  const setLanguage = async (next: CatalogLanguage) => {
    if (problem) {
      language = next;
      pages[PROBLEM_PAGE_PATH] = startupProblemPage(problem, language);
      window?.webContents.reload();
      menu();
      return;
    }
    const saved = await service?.dispatcher.dispatch('settings:set', { language: next });
    if (!saved?.ok) return;
    language = next;
    menu();
    send({ command: 'language', language: next });
  };
  const actions: Record<MenuAction, () => void> = {
    'import-runs': () => send({ command: 'import-runs' }),
    'export-runs': () => send({ command: 'export-runs' }),
    guide: () => send({ command: 'guide' }),
    'language:en': () => void setLanguage('en'),
    'language:zh-CN': () => void setLanguage('zh-CN'),
    cli: () => void showCliHelp(window, language),
    about: () => void showAbout(window, language, service?.dbPath ?? dbPath),
  };

  const showProblem = (found: StartupProblem) => {
    problem = found;
    language = systemLanguage(app.getPreferredSystemLanguages());
    pages[PROBLEM_PAGE_PATH] = startupProblemPage(found, language);
    menu();
    openWindow(`${APP_SCHEME}://${APP_HOST}${PROBLEM_PAGE_PATH}`, false);
  };

  // The window's files and calls, which decide when work nobody waits for may run.
  const quiet = quietTracker();
  void app.whenReady().then(async () => {
    secureSession(devServerUrl);
    const rendererDir = join(paths.mainDir, '../renderer');
    protocol.handle(APP_SCHEME, async (request) => {
      quiet.asked();
      try {
        return await answerAppRequest(request, rendererDir, pages);
      } finally {
        quiet.answered(false);
      }
    });

    const native = probeNativeBinding(paths.nativeBinding);
    if (native) return showProblem({ kind: 'native', native, packaged: app.isPackaged, dbPath });
    setNativeBinding(paths.nativeBinding);
    try {
      service = openApp({ dbPath, nativeBinding: paths.nativeBinding });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const message = error instanceof Error ? error.message : String(error);
      return showProblem({ kind: 'database', dbPath, code: typeof code === 'string' ? code : undefined, message });
    }
    // Until the user picks a language (in the window or the menu), the app speaks the system's.
    const chosen = (saved: CatalogLanguage | null) => saved ?? systemLanguage(app.getPreferredSystemLanguages());
    const settings = await service.dispatcher.dispatch('settings:get', undefined);
    language = chosen(settings.ok ? settings.data.language : null);

    const contract = service.dispatcher;
    registerIpc(ipcMain, {
      contract,
      desktop: createDesktopDispatcher({
        contract,
        dialogs: runFileDialogs(
          () => window,
          () => language,
        ),
      }),
      isTrustedSender: isTrusted,
      quiet,
      // The window's own language switch saves the setting; the menu follows it.
      onAnswer: (channel, result) => {
        if (channel !== 'settings:set' || !result.ok) return;
        const saved = chosen((result.data as Settings).language);
        if (saved !== language) {
          language = saved;
          menu();
        }
      },
    });
    menu();
    openWindow(source.url, true);
    // While the window renders (in its own process), the first estimate's reads are done here, in the quiet
    // moments after its first call: its document and scripts are answered on this thread too (app-protocol.ts).
    warmUpSoon(service.db, quiet.whenQuiet);
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow(source.url, true);
    });
  });

  // On macOS the app outlives its windows (and `activate` opens a new one on the same
  // service), so the database closes when the app quits, not when the last window does.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin' || problem) app.quit();
  });
  app.on('will-quit', () => {
    service?.close();
    service = null;
  });
}

/** The 512 px icon: build/icons in a checkout, resources/icon.png in a package (electron-builder.yml). */
function linuxIcon(): string {
  return app.isPackaged
    ? join(process.resourcesPath, 'icon.png')
    : join(app.getAppPath(), 'build', 'icons', '512x512.png');
}
