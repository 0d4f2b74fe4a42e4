import { BrowserWindow, nativeTheme, screen } from 'electron';
import { MIN_SIZE, placeWindow } from './window-bounds';
import { readWindowState, writeWindowState } from './window-state';

export interface MainWindowOptions {
  /** The page: app://cardwise/index.html, the dev server, or the startup-problem page. */
  url: string;
  /** The bridge; absent for the problem page, which calls nothing. */
  preloadFile?: string;
  /** userData/window-state.json: size, position and maximized state between launches. */
  stateFile: string;
  /** The window icon on Linux (macOS and Windows take the app's own). */
  icon?: string;
  /** DevTools can be opened at all (development builds only). */
  devTools: boolean;
}

/**
 * The main window: sandboxed, isolated, no Node; opened where it was last (moved back onto
 * a display if that one is gone) and remembering where it is. Navigation, pop-ups and
 * webviews are stopped for every WebContents in main.ts (navigation-guard.ts).
 */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const placed = placeWindow(readWindowState(options.stateFile), screen.getAllDisplays(), screen.getPrimaryDisplay());
  const window = new BrowserWindow({
    ...placed.bounds,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Cardwise',
    show: false,
    // The page's own background, so the window does not flash white before it paints.
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#16191f' : '#f5f6f8',
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: {
      ...(options.preloadFile ? { preload: options.preloadFile } : {}),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      devTools: options.devTools,
    },
  });
  if (placed.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  rememberPlacement(window, options.stateFile);
  void window.loadURL(options.url);
  return window;
}

/** Brings the window forward (a second launch, or the dock icon). */
export function focusWindow(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

function rememberPlacement(window: BrowserWindow, file: string): void {
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    if (window.isDestroyed()) return;
    try {
      writeWindowState(file, { bounds: window.getNormalBounds(), maximized: window.isMaximized() });
    } catch {
      // A read-only profile folder costs the remembered placement, nothing else.
    }
  };
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  window.on('resize', saveSoon);
  window.on('move', saveSoon);
  window.on('maximize', saveSoon);
  window.on('unmaximize', saveSoon);
  window.on('close', () => {
    clearTimeout(timer);
    save();
  });
}
