import { InputError } from '../errors';
import type { ModelInputObject } from '../fields/model-fields';
import { msg, type Message } from '../messages';

/** One key of a model file as read, shown so the user can check what the estimate used. */
export interface ReadValue {
  key: string;
  value: string | number | boolean;
}

/**
 * A model read from a file the user has (config.json, a safetensors header, a GGUF header): the
 * shape an estimate takes, what was read from where, what was left aside, and what the reader
 * noted (a vision tower counted, shared experts, a window).
 */
export interface FileModel {
  kind: 'config' | 'safetensors' | 'safetensors-index' | 'gguf';
  file: string;
  /** The architecture the file names (config model_type, GGUF general.architecture), or null. */
  architecture: string | null;
  /** The model's own name where the file gives one. */
  name: string | null;
  model: ModelInputObject;
  /** The dtype the weights are stored in, as the file names it ("bfloat16", "BF16", "Q4_K_M"). */
  dtype: string | null;
  maxContext: number | null;
  read: ReadValue[];
  /** Keys present in the file that change nothing in an estimate. */
  ignored: string[];
  notes: Message[];
}

/** Reads typed values out of a config object, remembering which keys it used. */
export interface ConfigReader {
  count(key: string): number;
  optionalCount(key: string): number | null;
  flag(key: string, fallback: boolean): boolean;
  countList(key: string): number[];
  stringList(key: string): string[];
  used: Set<string>;
  values(): ReadValue[];
}

/** A reader over `config` whose errors name `file` and the key (modelFile.missingKey / modelFile.badValue). */
export function configReader(config: Record<string, unknown>, file: string): ConfigReader {
  const used = new Set<string>();
  const read: ReadValue[] = [];
  const bad = (key: string, detail: string) =>
    new InputError('model', msg('modelFile.badValue', { file, key, detail }));
  const noted = new Set<string>();
  const note = (key: string, value: string | number | boolean) => {
    if (!noted.has(key)) read.push({ key, value });
    noted.add(key);
  };
  const optionalCount = (key: string): number | null => {
    const value = config[key];
    used.add(key);
    if (value === undefined || value === null) return null;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 1e9) {
      throw bad(key, 'a whole number from 0 to 1e9');
    }
    note(key, value);
    return value;
  };
  return {
    used,
    optionalCount,
    count(key) {
      const value = optionalCount(key);
      if (value === null) throw new InputError('model', msg('modelFile.missingKey', { file, key }));
      if (value === 0) throw bad(key, 'more than 0');
      return value;
    },
    flag(key, fallback) {
      const value = config[key];
      used.add(key);
      if (value === undefined || value === null) return fallback;
      if (typeof value !== 'boolean') throw bad(key, 'true or false');
      note(key, value);
      return value;
    },
    countList(key) {
      const value = config[key];
      used.add(key);
      if (value === undefined || value === null) return [];
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'number' && Number.isInteger(v))) {
        throw bad(key, 'a list of whole numbers');
      }
      note(key, value.join(','));
      return value as number[];
    },
    stringList(key) {
      const value = config[key];
      used.add(key);
      if (value === undefined || value === null) return [];
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw bad(key, 'a list of names');
      note(key, `${value.length} entries`);
      return value as string[];
    },
    values: () => read,
  };
}
