import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { InputError } from '../domain/errors';
import { msg, type Message } from '../domain/messages';
import type { FileModel } from '../domain/model-files/file-model';
import { hfCacheFolder, hfFileUrl, parseHfRef, type HfRef } from '../domain/model-files/hf-id';
import { MAX_CONFIG_BYTES, modelFromConfigText } from '../domain/model-files/hf-config';
import { modelFromSafetensorsIndex } from '../domain/model-files/safetensors-header';

/** Where and how a model is read from the Hugging Face Hub. */
export interface HubConfig {
  /** The Hub's address: huggingface.co, a mirror (hf-mirror.com), or a test server. */
  endpoint: string;
  /** An access token for gated and private models (HF_TOKEN), or null. Never logged or returned. */
  token: string | null;
  /** Read nothing from the network; answer from the cache only (HF_HUB_OFFLINE=1). */
  offline: boolean;
  /** The folder the copies are kept in (the user data folder's hf-cache by default). */
  cacheDir: string;
  /** How long one request may take, headers and body together. */
  timeoutMs: number;
  maxConfigBytes: number;
  maxIndexBytes: number;
}

/** A model read by its Hugging Face id: the parsed config and where it came from. */
export interface HubModel {
  id: string;
  revision: string;
  /** 'network': read now; 'cache': the Hub could not be reached, a copy read earlier was used. */
  source: 'network' | 'cache';
  /** When the config was read from the Hub (ISO 8601). */
  fetchedAt: string;
  url: string;
  /** The parameters model.safetensors.index.json says the checkpoint stores, when the repository has one. */
  indexParams: number | null;
  model: FileModel;
}

/** What is kept next to the cached config.json. */
interface CacheMeta {
  id: string;
  revision: string;
  url: string;
  fetchedAt: string;
  indexParams: number | null;
}

/** A safetensors index lists every tensor: DeepSeek-V3's is about 9 MB. */
const MAX_INDEX_BYTES = 32 * 2 ** 20;

/** The cache folder of a store: `hf-cache` next to its database file (the user data folder by default). */
export function hubCacheDirBeside(dbPath: string): string {
  return join(dirname(dbPath), 'hf-cache');
}

/**
 * The Hub settings from the environment, with huggingface_hub's names where it has one:
 * CARDWISE_HF_ENDPOINT or HF_ENDPOINT (default https://huggingface.co), HF_TOKEN,
 * HF_HUB_OFFLINE, and CARDWISE_HF_CACHE for the cache folder (default `defaultCacheDir`).
 */
export function hubConfigFromEnv(env: NodeJS.ProcessEnv, defaultCacheDir: string): HubConfig {
  const flag = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());
  return {
    endpoint: (env.CARDWISE_HF_ENDPOINT || env.HF_ENDPOINT || 'https://huggingface.co').trim(),
    token: env.HF_TOKEN?.trim() || null,
    offline: flag(env.HF_HUB_OFFLINE),
    cacheDir: env.CARDWISE_HF_CACHE?.trim() || defaultCacheDir,
    timeoutMs: 10_000,
    maxConfigBytes: MAX_CONFIG_BYTES,
    maxIndexBytes: MAX_INDEX_BYTES,
  };
}

/**
 * Reads a model's config.json from the Hub by its id (and model.safetensors.index.json when the
 * repository has one), keeps a copy in the cache, and parses it as a dropped config.json would be.
 * When the Hub cannot be reached (no network, a timeout, a server error, offline mode) the cached
 * copy is used and a note says so with its date; with no copy the error says to drop the file.
 * An answer of the Hub itself (no such model, gated, a body too large, not JSON) is not papered
 * over with the cache. Every error is an InputError on `id` naming the model.
 */
export async function fetchHfModel(
  request: { id: string; revision?: string | undefined },
  config: HubConfig,
): Promise<HubModel> {
  const ref = parseHfRef(request.id, request.revision);
  if (!/^https?:\/\/[^/\s]+/i.test(config.endpoint)) {
    throw new InputError('id', msg('hub.badEndpoint', { endpoint: config.endpoint.slice(0, 200) }));
  }
  const url = hfFileUrl(config.endpoint, ref, 'config.json');
  const file = `${ref.id}/config.json`;
  if (config.offline) return fromCache(ref, config, msg('hub.reason.offlineMode'));
  let text: string;
  try {
    text = await getText(url, ref, config, config.maxConfigBytes, file);
  } catch (error) {
    if (error instanceof Unreachable) return fromCache(ref, config, error.reason);
    throw error;
  }
  const model = parseConfig(text, file);
  const indexParams = await readIndexParams(ref, config, model.dtype);
  const fetchedAt = new Date().toISOString();
  await writeCache(ref, config, text, { id: ref.id, revision: ref.revision, url, fetchedAt, indexParams });
  return finish(ref, 'network', url, fetchedAt, indexParams, model, msg('hub.fetched', { url, date: day(fetchedAt) }));
}

/** The Hub could not be asked (as opposed to an answer that says no). */
class Unreachable extends Error {
  constructor(readonly reason: Message) {
    super(reason.code);
  }
}

/** GET `url` as text of at most `max` bytes; the Hub's refusals as InputErrors, the network's failures as Unreachable. */
async function getText(url: string, ref: HfRef, config: HubConfig, max: number, file: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: config.token ? { authorization: `Bearer ${config.token}` } : {},
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: 'follow',
    });
  } catch (error) {
    throw unreachable(error, config);
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw refusal(response, ref, config);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel().catch(() => undefined);
    throw new InputError('id', msg('hub.tooLarge', { file, max }));
  }
  try {
    return await boundedBody(response, max, file);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw unreachable(error, config);
  }
}

/** The body, read no further than `max` bytes (a server may send more than it declared, or declare nothing). */
async function boundedBody(response: Response, max: number, file: string): Promise<string> {
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new InputError('id', msg('hub.tooLarge', { file, max }));
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function unreachable(error: unknown, config: HubConfig): Unreachable {
  const name = (error as Error | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new Unreachable(msg('hub.reason.timeout', { seconds: config.timeoutMs / 1000 }));
  }
  // undici's "fetch failed" carries the socket's error code (ECONNREFUSED, ENOTFOUND, ECONNRESET) or why it refused.
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  const detail =
    typeof cause?.code === 'string'
      ? cause.code
      : typeof cause?.message === 'string'
        ? cause.message.slice(0, 200)
        : String((error as Error | undefined)?.message ?? error).slice(0, 200);
  return new Unreachable(msg('hub.reason.network', { detail }));
}

/**
 * What a non-200 answer means. The Hub says why in X-Error-Code (huggingface_hub reads the same
 * header): RepoNotFound, RevisionNotFound, EntryNotFound, GatedRepo. 401 and 403 without a token
 * are "gated, private or no such repository" (the Hub does not tell them apart to a stranger).
 * 408, 429 and 5xx are the server's trouble: the cache may answer instead.
 */
function refusal(response: Response, ref: HfRef, config: HubConfig): Error {
  const code = response.headers.get('x-error-code') ?? '';
  const status = response.status;
  if (code === 'RepoNotFound' || code === 'RevisionNotFound' || code === 'EntryNotFound' || status === 404) {
    return new InputError('id', msg('hub.notFound', { id: ref.id, revision: ref.revision }));
  }
  if (code === 'GatedRepo' || status === 401 || status === 403) {
    return new InputError('id', msg(config.token ? 'hub.tokenRefused' : 'hub.gated', { id: ref.id }));
  }
  return new Unreachable(msg('hub.reason.status', { status }));
}

/** The index's parameter count, or null when there is none or it cannot be read (it is optional). */
async function readIndexParams(ref: HfRef, config: HubConfig, dtype: string | null): Promise<number | null> {
  const file = `${ref.id}/model.safetensors.index.json`;
  try {
    const url = hfFileUrl(config.endpoint, ref, 'model.safetensors.index.json');
    const text = await getText(url, ref, config, config.maxIndexBytes, file);
    return modelFromSafetensorsIndex(text, file, dtype).model.params;
  } catch {
    return null;
  }
}

/** The config.json read as a dropped file is, its problems on the `id` field (the one the user typed). */
function parseConfig(text: string, file: string): FileModel {
  try {
    return modelFromConfigText(text, file);
  } catch (error) {
    if (error instanceof InputError) throw new InputError('id', error.detail);
    throw error;
  }
}

function paths(ref: HfRef, config: HubConfig) {
  const folder = join(config.cacheDir, ...hfCacheFolder(ref));
  return { folder, config: join(folder, 'config.json'), meta: join(folder, 'cardwise-meta.json') };
}

/** Both files, each written whole under a temporary name and renamed, so a crash leaves the old copy. */
async function writeCache(ref: HfRef, config: HubConfig, text: string, meta: CacheMeta): Promise<void> {
  const at = paths(ref, config);
  await mkdir(at.folder, { recursive: true });
  const temp = `.tmp-${process.pid}-${Date.now()}`;
  await writeFile(at.config + temp, text, 'utf8');
  await rename(at.config + temp, at.config);
  await writeFile(at.meta + temp, `${JSON.stringify(meta, null, 2)}\n`, 'utf8');
  await rename(at.meta + temp, at.meta);
}

/** The cached copy, parsed again (a newer reader may read more of it), or the "offline, drop the file" error. */
async function fromCache(ref: HfRef, config: HubConfig, reason: Message): Promise<HubModel> {
  const at = paths(ref, config);
  let text: string;
  let meta: CacheMeta;
  try {
    text = await readFile(at.config, 'utf8');
    meta = JSON.parse(await readFile(at.meta, 'utf8')) as CacheMeta;
  } catch {
    throw new InputError('id', msg('hub.offline', { id: ref.id, reason }));
  }
  const model = parseConfig(text, `${ref.id}/config.json`);
  const note = msg('hub.fromCache', { id: ref.id, reason, date: day(meta.fetchedAt) });
  return finish(ref, 'cache', meta.url, meta.fetchedAt, meta.indexParams ?? null, model, note);
}

function finish(
  ref: HfRef,
  source: HubModel['source'],
  url: string,
  fetchedAt: string,
  indexParams: number | null,
  model: FileModel,
  where: Message,
): HubModel {
  const notes: Message[] = [where, ...model.notes];
  if (indexParams !== null) {
    notes.push(msg('hub.indexParams', { indexParams, configParams: model.model.params }));
  }
  return {
    id: ref.id,
    revision: ref.revision,
    source,
    fetchedAt,
    url,
    indexParams,
    // The id the user typed names the model (a config's _name_or_path is often a build machine's folder).
    model: { ...model, name: ref.id, notes },
  };
}

/** "2026-12-01 23:04 UTC": the date a cached copy is from, as the notes show it. */
function day(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
