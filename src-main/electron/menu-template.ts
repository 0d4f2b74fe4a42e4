import { msg, renderMessage, type MessageCode } from '../domain/messages';
import { catalogs, type CatalogLanguage } from '../domain/messages/catalogs';

/** What a menu item does in the main process (menu.ts binds each to a click). */
export type MenuAction = 'import-runs' | 'export-runs' | 'language:en' | 'language:zh-CN' | 'guide' | 'cli' | 'about';

/** One menu item as plain data: Electron's MenuItemConstructorOptions, with `action` for our own clicks. */
export interface MenuItemSpec {
  label?: string;
  role?: string;
  type?: 'separator' | 'radio';
  accelerator?: string;
  checked?: boolean;
  action?: MenuAction;
  submenu?: MenuItemSpec[];
}

/** The language names, each in its own language (as the window's language switcher shows them). */
export const LANGUAGE_NAMES: Record<CatalogLanguage, string> = { en: 'English', 'zh-CN': '简体中文' };

const APP = 'Cardwise';
const separator: MenuItemSpec = { type: 'separator' };

/**
 * The app menu in the user's language: File (import, export, quit), Edit, View (language,
 * zoom, full screen; reload and DevTools only in development), Help (guide, CLI, About),
 * plus the macOS app and Window menus. Every label comes from the domain's catalogs, the
 * same en/zh-CN texts the rest of the app uses; none is left to Electron's English defaults.
 */
export function menuTemplate(options: {
  language: CatalogLanguage;
  platform: NodeJS.Platform;
  development: boolean;
}): MenuItemSpec[] {
  const { language, platform, development } = options;
  const t = (code: MessageCode) => renderMessage(msg(code, { app: APP }), catalogs[language], language);
  const mac = platform === 'darwin';
  const about: MenuItemSpec = { label: t('menu.about'), action: 'about' };

  const appMenu: MenuItemSpec = {
    label: APP,
    submenu: [
      about,
      separator,
      { label: t('menu.services'), role: 'services' },
      separator,
      { label: t('menu.hide'), role: 'hide' },
      { label: t('menu.hideOthers'), role: 'hideOthers' },
      { label: t('menu.showAll'), role: 'unhide' },
      separator,
      { label: t('menu.quitApp'), role: 'quit' },
    ],
  };
  const file: MenuItemSpec = {
    label: t('menu.file'),
    submenu: [
      { label: t('menu.importRuns'), accelerator: 'CmdOrCtrl+O', action: 'import-runs' },
      { label: t('menu.exportRuns'), accelerator: 'CmdOrCtrl+E', action: 'export-runs' },
      ...(mac ? [] : [separator, { label: t('menu.quit'), role: 'quit', accelerator: 'CmdOrCtrl+Q' }]),
    ],
  };
  const edit: MenuItemSpec = {
    label: t('menu.edit'),
    submenu: [
      { label: t('menu.undo'), role: 'undo' },
      { label: t('menu.redo'), role: 'redo' },
      separator,
      { label: t('menu.cut'), role: 'cut' },
      { label: t('menu.copy'), role: 'copy' },
      { label: t('menu.paste'), role: 'paste' },
      { label: t('menu.selectAll'), role: 'selectAll' },
    ],
  };
  const view: MenuItemSpec = {
    label: t('menu.view'),
    submenu: [
      {
        label: t('menu.language'),
        submenu: (Object.keys(LANGUAGE_NAMES) as CatalogLanguage[]).map((code) => ({
          label: LANGUAGE_NAMES[code],
          type: 'radio' as const,
          checked: code === language,
          action: `language:${code}` as const,
        })),
      },
      separator,
      { label: t('menu.actualSize'), role: 'resetZoom' },
      { label: t('menu.zoomIn'), role: 'zoomIn' },
      { label: t('menu.zoomOut'), role: 'zoomOut' },
      separator,
      { label: t('menu.fullScreen'), role: 'togglefullscreen' },
      ...(development
        ? [
            separator,
            { label: t('menu.reload'), role: 'reload' },
            { label: t('menu.devTools'), role: 'toggleDevTools' },
          ]
        : []),
    ],
  };
  const windowMenu: MenuItemSpec = {
    label: t('menu.window'),
    role: 'windowMenu',
    submenu: [
      { label: t('menu.minimize'), role: 'minimize' },
      { label: t('menu.zoom'), role: 'zoom' },
      separator,
      { label: t('menu.front'), role: 'front' },
    ],
  };
  const help: MenuItemSpec = {
    label: t('menu.help'),
    role: 'help',
    submenu: [
      { label: t('menu.guide'), accelerator: 'F1', action: 'guide' },
      { label: t('menu.cli'), action: 'cli' },
      ...(mac ? [] : [separator, about]),
    ],
  };
  return mac ? [appMenu, file, edit, view, windowMenu, help] : [file, edit, view, help];
}
