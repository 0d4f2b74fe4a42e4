import { app, dialog, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import { msg, renderMessage, type MessageCode } from '../domain/messages';
import { catalogs, type CatalogLanguage } from '../domain/messages/catalogs';
import type { RunFileDialogs } from './desktop-channels';

/** The native open and save dialogs for run files, titled in the user's current language. */
export function runFileDialogs(window: () => BrowserWindow | null, language: () => CatalogLanguage): RunFileDialogs {
  const t = (code: MessageCode) => renderMessage(msg(code), catalogs[language()], language());
  return {
    async chooseFileToOpen() {
      const options: Electron.OpenDialogOptions = {
        title: t('dialog.importTitle'),
        defaultPath: app.getPath('documents'),
        properties: ['openFile'],
        filters: [
          { name: t('dialog.runFiles'), extensions: ['csv', 'json'] },
          { name: t('dialog.allFiles'), extensions: ['*'] },
        ],
      };
      const owner = window();
      const result = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async chooseFileToSave(suggestedName, formats) {
      const options: Electron.SaveDialogOptions = {
        title: t('dialog.exportTitle'),
        defaultPath: join(app.getPath('downloads'), suggestedName),
        filters: formats.map((format) => ({
          name: t(format === 'csv' ? 'dialog.csvFiles' : 'dialog.jsonFiles'),
          extensions: [format],
        })),
        properties: ['showOverwriteConfirmation', 'createDirectory'],
      };
      const owner = window();
      const result = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
  };
}
