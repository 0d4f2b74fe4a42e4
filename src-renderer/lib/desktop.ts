import type { DesktopInput, DesktopOutputs, MenuCommand, Result } from '../../src-main/ipc/contract';
import { apiError } from './api';

/** The native open and save dialogs of the desktop window; null in the browser, which keeps its file input and download. */
export interface NativeRunFiles {
  /** The file the user picked, read; null when they cancelled. */
  open(): Promise<DesktopOutputs['runs:open-file']['file']>;
  /** Exports and writes where the user chose; null when they cancelled. */
  save(input: DesktopInput<'runs:save-file'>): Promise<DesktopOutputs['runs:save-file']['saved']>;
}

function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.data;
  throw apiError(result.error);
}

/** The dialogs, when the bridge offers them. */
export function nativeRunFiles(): NativeRunFiles | null {
  const bridge = window.cardwise;
  const open = bridge?.['runs:open-file'];
  const save = bridge?.['runs:save-file'];
  if (!open || !save) return null;
  return {
    open: async () => unwrap(await open(undefined)).file,
    save: async (input) => unwrap(await save(input)).saved,
  };
}

/** Listens to the app menu's commands (desktop only; a no-op in the browser). Returns the unsubscribe. */
export function onMenuCommand(listener: (command: MenuCommand) => void): () => void {
  return window.cardwise?.['menu:command']?.(listener) ?? (() => undefined);
}
