import { app, clipboard, dialog, type BrowserWindow } from 'electron';
import { existsSync } from 'node:fs';
import { msg, renderMessage, type MessageCode } from '../domain/messages';
import { catalogs, type CatalogLanguage } from '../domain/messages/catalogs';
import { cliSteps } from './cli-help';

const text = (language: CatalogLanguage, code: MessageCode, params?: Record<string, string>) =>
  renderMessage(msg(code, { app: 'Cardwise', ...params }), catalogs[language], language);

async function show(window: BrowserWindow | null, options: Electron.MessageBoxOptions) {
  return window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options);
}

/** Help › About: the version, what it runs on and where the database is. */
export async function showAbout(
  window: BrowserWindow | null,
  language: CatalogLanguage,
  dbPath: string,
): Promise<void> {
  const { electron, chrome, node } = process.versions;
  await show(window, {
    type: 'info',
    title: text(language, 'menu.about'),
    message: `Cardwise ${app.getVersion()}`,
    detail: text(language, 'about.detail', { electron: electron ?? '', chrome: chrome ?? '', node, dbPath }),
    buttons: [text(language, 'dialog.ok')],
  });
}

/** Help › Command-Line Tool: how to run `cardwise` on this install, with a button that copies the command. */
export async function showCliHelp(window: BrowserWindow | null, language: CatalogLanguage): Promise<void> {
  const steps = cliSteps({
    packaged: app.isPackaged,
    platform: process.platform,
    resourcesPath: process.resourcesPath,
    appImage: process.env['APPIMAGE'],
    onPath: process.platform === 'linux' && existsSync('/usr/bin/cardwise'),
  });
  const { response } = await show(window, {
    type: 'info',
    title: text(language, 'cli.title'),
    message: text(language, 'cli.message'),
    detail: steps.map((step) => `${text(language, step.say)}\n    ${step.command}`).join('\n\n'),
    buttons: [text(language, 'dialog.copy'), text(language, 'dialog.ok')],
    defaultId: 1,
    cancelId: 1,
  });
  if (response === 0) clipboard.writeText(steps.map((step) => step.command).join('\n'));
}
