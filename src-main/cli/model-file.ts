import { open, readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { InputError } from '../domain/errors';
import { english, msg } from '../domain/messages';
import type { FileModel } from '../domain/model-files/file-model';
import { modelFromGgufFile } from '../domain/model-files/gguf-header';
import { MAX_CONFIG_BYTES, modelFromConfigText } from '../domain/model-files/hf-config';
import {
  modelFromSafetensorsHeader,
  modelFromSafetensorsIndex,
  safetensorsHeaderLength,
} from '../domain/model-files/safetensors-header';
import { UsageError } from './report-error';

/** Which reader a model-file flag uses. */
export type ModelFileKind = 'config' | 'safetensors' | 'gguf';

/** The flag of each kind, for error lines. */
export const MODEL_FILE_FLAGS: Record<ModelFileKind, string> = {
  config: '--config',
  safetensors: '--safetensors',
  gguf: '--gguf',
};

/** A safetensors index is JSON like a config.json: the same bound. */
const MAX_INDEX_BYTES = MAX_CONFIG_BYTES * 8;

/**
 * Reads a model file of `kind` from disk: a config.json whole, a safetensors file's 8-byte length
 * and JSON header only (or a model.safetensors.index.json), a GGUF file's header through
 * @huggingface/gguf (it reads the byte ranges it needs, never the tensors). A problem is a
 * UsageError on the flag, in the words of the domain's message.
 */
export async function readModelFile(kind: ModelFileKind, path: string): Promise<FileModel> {
  const flag = MODEL_FILE_FLAGS[kind];
  const file = basename(path);
  try {
    const size = await fileSize(flag, path);
    if (kind === 'config') return modelFromConfigText(await boundedText(path, size, MAX_CONFIG_BYTES, file), file);
    if (kind === 'safetensors') {
      if (path.endsWith('.json')) {
        return modelFromSafetensorsIndex(await boundedText(path, size, MAX_INDEX_BYTES, file), file);
      }
      return await readSafetensorsHeader(path, size, file);
    }
    return await readGgufHeader(path, size, file);
  } catch (error) {
    if (error instanceof InputError) throw new UsageError(flag, error.message);
    throw error;
  }
}

async function fileSize(flag: string, path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(flag, `cannot read ${path}${code ? ` (${code})` : ''}`);
  }
}

async function boundedText(path: string, size: number, max: number, file: string): Promise<string> {
  if (size > max) throw new InputError('model', msg('modelFile.tooLarge', { file, max }));
  return readFile(path, 'utf8');
}

async function readSafetensorsHeader(path: string, size: number, file: string): Promise<FileModel> {
  const handle = await open(path, 'r');
  try {
    const prefix = new Uint8Array(8);
    const { bytesRead } = await handle.read(prefix, 0, 8, 0);
    const length = safetensorsHeaderLength(prefix.subarray(0, bytesRead), size, file);
    const header = new Uint8Array(length);
    await handle.read(header, 0, length, 8);
    return modelFromSafetensorsHeader(new TextDecoder().decode(header), file);
  } finally {
    await handle.close();
  }
}

async function readGgufHeader(path: string, size: number, file: string): Promise<FileModel> {
  const magic = new Uint8Array(4);
  const handle = await open(path, 'r');
  try {
    const { bytesRead } = await handle.read(magic, 0, 4, 0);
    return await modelFromGgufFile(
      magic.subarray(0, bytesRead),
      size,
      // Loaded here, not with the CLI: the library costs every command's start tens of milliseconds.
      async () => (await import('@huggingface/gguf')).gguf(path, { allowLocalFile: true }),
      file,
    );
  } finally {
    await handle.close();
  }
}

/** The English lines of what a model file gave: for the CLI's report before the estimate. */
export function describeModelFile(model: FileModel): string[] {
  const read = model.read.map(({ key, value }) => `${key}=${String(value)}`).join(', ');
  const lines = [`Read from ${model.file}${model.architecture ? ` (${model.architecture})` : ''}: ${read}`];
  for (const note of model.notes) lines.push(`  ${english(note)}`);
  if (model.ignored.length > 0) lines.push(`  ignored (no effect on memory or speed): ${model.ignored.join(', ')}`);
  return lines;
}
