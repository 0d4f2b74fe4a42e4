import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS } from '../ipc/channels';
import type { Dispatcher } from '../ipc/register';

/** Binds every contract channel to ipcMain, refusing calls from frames we did not load. */
export function registerIpc(dispatcher: Dispatcher, isTrustedSender: (url: string) => boolean): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, input: unknown) => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedSender(url)) {
        return { ok: false, error: { code: 'forbidden', message: 'caller is not the Cardwise window' } };
      }
      return dispatcher.dispatch(channel, input);
    });
  }
}
