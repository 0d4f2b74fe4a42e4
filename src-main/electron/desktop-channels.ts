import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { InputError } from '../domain/errors';
import { msg } from '../domain/messages';
import { EXCHANGE_TEXT_MAX_CHARS } from '../domain/runs/import-issues';
import { isDesktopChannel, type Channel, type DesktopChannel } from '../ipc/channels';
import { desktopContract, type ChannelOutput, type DesktopOutputs, type Result } from '../ipc/contract';
import { describeZodError, toContractError, type Dispatcher } from '../ipc/register';
import type { z } from 'zod';

/** The native dialogs, as the desktop channels need them (dialogs.ts; tests answer with paths). */
export interface RunFileDialogs {
  /** The file the user picked to import, or null when they cancelled. */
  chooseFileToOpen(): Promise<string | null>;
  /** Where the user wants the export written, starting from `suggestedName`; `formats` are the file types offered. */
  chooseFileToSave(suggestedName: string, formats: readonly ExportFormat[]): Promise<string | null>;
}

/** The longest import text the app takes; a UTF-8 file of at most this many bytes has no more characters. */
const MAX_IMPORT_BYTES = EXCHANGE_TEXT_MAX_CHARS;

type ExportFormat = 'csv' | 'json';

/** The contract's dispatcher, plus the desktop channels, each typed by the channel named. */
export interface DesktopDispatcher extends Dispatcher {
  dispatch<C extends DesktopChannel>(channel: C, rawInput: unknown): Promise<Result<DesktopOutputs[C]>>;
  dispatch<C extends Channel>(channel: C, rawInput: unknown): Promise<Result<ChannelOutput<C>>>;
  dispatch(channel: string, rawInput: unknown): Promise<Result<unknown>>;
}

type Handlers = {
  [C in DesktopChannel]: (input: z.output<(typeof desktopContract)[C]['input']>) => Promise<DesktopOutputs[C]>;
};

/**
 * The desktop window's own channels over the same `Result` envelope as the contract: the
 * open dialog reads the chosen file for the renderer's usual import path (checks, then
 * `runs:import`); the save dialog writes what `runs:export` produced. The renderer never
 * names a path: only the user, in a native dialog, does.
 */
export function createDesktopDispatcher(deps: { contract: Dispatcher; dialogs: RunFileDialogs }): DesktopDispatcher {
  const handlers: Handlers = {
    async 'runs:open-file'() {
      const path = await deps.dialogs.chooseFileToOpen();
      if (!path) return { file: null };
      const { size } = await stat(path);
      if (size > MAX_IMPORT_BYTES) {
        throw new InputError(
          'file',
          msg('desktop.fileTooLarge', { name: basename(path), limitMiB: Math.floor(MAX_IMPORT_BYTES / 2 ** 20) }),
        );
      }
      return { file: { name: basename(path), text: await readFile(path, 'utf8') } };
    },
    async 'runs:save-file'({ format, origin }) {
      const exportAs = async (as: ExportFormat) => {
        const exported = await deps.contract.dispatch('runs:export', { format: as, origin });
        if (!exported.ok) throw new ContractFailure(exported);
        return exported.data;
      };
      const first = await exportAs(format ?? 'csv');
      const chosen = await deps.dialogs.chooseFileToSave(first.filename, format ? [format] : ['csv', 'json']);
      if (!chosen) return { saved: null };
      const extension = extname(chosen).toLowerCase();
      // Offered both, the user picks by the name they give; a name without an extension gets the first type's.
      const as: ExportFormat = format ?? (extension === '.json' ? 'json' : 'csv');
      const path = extension === '' ? `${chosen}.${as}` : chosen;
      await writeWhole(path, (as === (format ?? 'csv') ? first : await exportAs(as)).text);
      return { saved: { name: basename(path) } };
    },
  };

  return {
    async dispatch(channel: string, rawInput: unknown): Promise<Result<never>> {
      if (!isDesktopChannel(channel)) {
        return { ok: false, error: { code: 'unknown-channel', message: `unknown channel "${channel.slice(0, 80)}"` } };
      }
      const schema = desktopContract[channel].input;
      const parsed = schema.safeParse(rawInput);
      if (!parsed.success) return { ok: false, error: describeZodError(parsed.error, schema) };
      try {
        // The desktop channels' outputs are DesktopOutputs (the bridge's type), not the contract's channels.
        const handler = handlers[channel] as (input: unknown) => Promise<never>;
        return { ok: true, data: await handler(parsed.data) };
      } catch (error) {
        if (error instanceof ContractFailure) return error.result;
        return { ok: false, error: toContractError(error) };
      }
    },
  };
}

/** A refusal from the contract's dispatcher, passed through as it is. */
class ContractFailure extends Error {
  constructor(readonly result: Result<never>) {
    super(result.ok ? '' : result.error.message);
  }
}

/** Writes next to the target, then renames over it: a failed write never leaves half a file. */
async function writeWhole(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await writeFile(temporary, text, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
