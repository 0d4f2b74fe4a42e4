import { InputError } from '../../../src-main/domain/errors';
import type { ModelInputObject } from '../../../src-main/domain/fields/model-fields';
import { msg, type Message } from '../../../src-main/domain/messages';
import type { FileModel } from '../../../src-main/domain/model-files/file-model';
import type { GgufModel, GgufScheme } from '../../../src-main/domain/model-files/gguf-header';
import { MAX_CONFIG_BYTES, modelFromConfigText } from '../../../src-main/domain/model-files/hf-config';
import {
  modelFromSafetensorsHeader,
  modelFromSafetensorsIndex,
  safetensorsHeaderLength,
} from '../../../src-main/domain/model-files/safetensors-header';

/** What the form keeps of a model read from a file: its shape and a line saying where it came from. */
export interface FormModelFile {
  file: string;
  architecture: string | null;
  model: ModelInputObject;
  /** The model's own name and context where the file states them (for "Save as my model"). */
  name?: string | null;
  maxContext?: number | null;
  /** A GGUF file is its quantization: the estimator's nearest scheme. */
  scheme?: GgufScheme;
}

/** The outcome of reading: the model, or the domain's message naming the file and what is wrong. */
export type ReadOutcome = { ok: true; model: FileModel } | { ok: false; problem: Message };

async function outcome(read: () => FileModel | Promise<FileModel>): Promise<ReadOutcome> {
  try {
    return { ok: true, model: await read() };
  } catch (error) {
    if (error instanceof InputError && error.detail) return { ok: false, problem: error.detail };
    throw error;
  }
}

/** A pasted config.json (or safetensors index). */
export function readPastedText(text: string): Promise<ReadOutcome> {
  const name = 'config.json';
  return outcome(() =>
    /"weight_map"\s*:/.test(text) ? modelFromSafetensorsIndex(text, name) : modelFromConfigText(text, name),
  );
}

/**
 * A chosen or dropped file: a config.json or safetensors index read whole (up to the domain's
 * bound), a .safetensors file by its 8-byte length and JSON header only, a .gguf file by the byte
 * ranges of its header (never the weights).
 */
export async function readChosenFile(file: File): Promise<ReadOutcome> {
  if (file.name.endsWith('.safetensors')) {
    const prefix = new Uint8Array(await file.slice(0, 8).arrayBuffer());
    let length: number;
    try {
      length = safetensorsHeaderLength(prefix, file.size, file.name);
    } catch (error) {
      if (error instanceof InputError && error.detail) return { ok: false, problem: error.detail };
      throw error;
    }
    const header = await file.slice(8, 8 + length).text();
    return outcome(() => modelFromSafetensorsHeader(header, file.name));
  }
  if (file.name.endsWith('.gguf')) {
    // @huggingface/gguf (and the Hub's task tables it brings) loads only when a GGUF file is read.
    const { readGgufBlob } = await import('./gguf-file');
    return outcome(() => readGgufBlob(file, file.name));
  }
  if (file.size > MAX_CONFIG_BYTES * 8) {
    return { ok: false, problem: msg('modelFile.tooLarge', { file: file.name, max: MAX_CONFIG_BYTES }) };
  }
  const text = await file.text();
  return outcome(() =>
    /"weight_map"\s*:/.test(text) ? modelFromSafetensorsIndex(text, file.name) : modelFromConfigText(text, file.name),
  );
}

/** The form's text for a model read from a file (kept as JSON so the tab's saved form keeps it). */
export function formModelFileText(model: FileModel): string {
  const kept: FormModelFile = {
    file: model.file,
    architecture: model.architecture,
    model: model.model,
    name: model.name,
    maxContext: model.maxContext,
    ...(model.kind === 'gguf' ? { scheme: (model as GgufModel).scheme } : {}),
  };
  return JSON.stringify(kept);
}

/** The model kept in the form, or null for none or unreadable text. */
export function parseFormModelFile(text: string): FormModelFile | null {
  if (text === '') return null;
  try {
    const value = JSON.parse(text) as FormModelFile;
    return value && typeof value === 'object' && value.model && typeof value.model.params === 'number' ? value : null;
  } catch {
    return null;
  }
}
