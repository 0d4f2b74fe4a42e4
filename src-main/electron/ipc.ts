import { CHANNELS, DESKTOP_CHANNELS } from '../ipc/channels';
import type { Result } from '../ipc/contract';
import type { Dispatcher } from '../ipc/register';
import { msg } from '../domain/messages';
import type { QuietTracker } from '../handlers/quiet';

/** The frame that sent an IPC call, as Electron's `WebFrameMain` describes it. */
export interface SenderFrameLike {
  url: string;
  /** null for a window's top frame. */
  parent: unknown;
}

/** The part of Electron's `ipcMain` the shell uses (Bruno's IpcMainLike), so Node tests can drive it. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: { senderFrame?: SenderFrameLike | null }, input: unknown) => unknown): void;
}

export interface IpcRoutes {
  /** The contract's channels: the same dispatcher the server and the CLI use. */
  contract: Dispatcher;
  /** The desktop window's own channels (native dialogs). */
  desktop: Dispatcher;
  /** Whether a sender URL is the Cardwise window (security.ts). */
  isTrustedSender: (url: string) => boolean;
  /** Told every answer, e.g. so the menu follows a language the window saved. */
  onAnswer?: (channel: string, result: Result<unknown>) => void;
  /** Told each call as it comes and is answered, so work nobody waits for runs between them (handlers/quiet.ts). */
  quiet?: Pick<QuietTracker, 'asked' | 'answered'>;
}

const FORBIDDEN: Result<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'caller is not the Cardwise window', detail: msg('ipc.forbidden') },
};

/**
 * Binds every contract and desktop channel. A call from any frame but the top frame of our
 * own page is refused before anything is parsed or run; whatever happens after, the caller
 * gets a `Result`, never a rejected promise with a stack.
 */
export function registerIpc(ipcMain: IpcMainLike, routes: IpcRoutes): void {
  const bind = (channels: readonly string[], dispatcher: Dispatcher) => {
    for (const channel of channels) {
      ipcMain.handle(channel, async (event, input) => {
        const frame = event.senderFrame;
        if (!frame || frame.parent !== null || !routes.isTrustedSender(frame.url)) return FORBIDDEN;
        let result: Result<unknown>;
        routes.quiet?.asked();
        try {
          result = await dispatcher.dispatch(channel, input);
        } catch (error) {
          result = {
            ok: false,
            error: { code: 'internal', message: error instanceof Error ? error.message : 'unexpected error' },
          };
        } finally {
          routes.quiet?.answered(true);
        }
        routes.onAnswer?.(channel, result);
        return result;
      });
    }
  };
  bind(CHANNELS, routes.contract);
  bind(DESKTOP_CHANNELS, routes.desktop);
}
