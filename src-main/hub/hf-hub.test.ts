import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openApp } from '../app';
import { InputError } from '../domain/errors';
import { english } from '../domain/messages';
import { fetchHfModel, hubConfigFromEnv, type HubConfig } from './hf-hub';
import { startHubServer, type HubAnswer, type HubServer } from './hub-server.testkit';

/** A real config.json (fixtures/SOURCES.md: alibaba/InferSim, the Qwen/Qwen3-30B-A3B config). */
const QWEN3_MOE = readFileSync(join(__dirname, '../domain/model-files/fixtures/qwen3-30b-a3b.config.json'), 'utf8');
const ID = 'Qwen/Qwen3-30B-A3B';
const CONFIG_PATH = `/${ID}/resolve/main/config.json`;
const INDEX_PATH = `/${ID}/resolve/main/model.safetensors.index.json`;

let dir: string;
let server: HubServer | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cardwise-hub-'));
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function hub(answers: Record<string, HubAnswer>, overrides: Partial<HubConfig> = {}): Promise<HubConfig> {
  server = await startHubServer(answers);
  return { ...hubConfigFromEnv({}, join(dir, 'hf-cache')), endpoint: server.endpoint, ...overrides };
}

/** The InputError a call fails with (the test fails if it succeeds). */
async function refusal(call: Promise<unknown>): Promise<InputError> {
  const error = await call.then(
    () => new Error('expected a refusal'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describe('fetchHfModel against a local HTTP server standing in for the Hub', () => {
  it('reads a real config.json by id: the exact shape, where it came from, a cached copy', async () => {
    const config = await hub({ [CONFIG_PATH]: { status: 200, body: QWEN3_MOE } }, { token: 'hf_test' });
    const read = await fetchHfModel({ id: ID }, config);
    expect(read).toMatchObject({ id: ID, revision: 'main', source: 'network', indexParams: null });
    expect(read.url).toBe(`${server!.endpoint}${CONFIG_PATH}`);
    // The same parse as a dropped file: Qwen3-30B-A3B, 128 experts, 8 per token (model card: 30.5B total).
    expect(read.model.model).toMatchObject({ layers: 48, hidden: 2048, experts: 128, expertsPerToken: 8 });
    expect(Math.abs(read.model.model.params / 30.5e9 - 1)).toBeLessThan(0.01);
    expect(read.model.file).toBe(`${ID}/config.json`);
    expect(read.model.notes[0]!.code).toBe('hub.fetched');
    // The token goes to the Hub as a bearer token, on every request (config and index).
    expect(server!.requests.map((r) => r.authorization)).toEqual(['Bearer hf_test', 'Bearer hf_test']);
    const cached = join(dir, 'hf-cache', 'models--Qwen--Qwen3-30B-A3B', 'main', 'config.json');
    expect(readFileSync(cached, 'utf8')).toBe(QWEN3_MOE);
  });

  it('reads model.safetensors.index.json when the repository has one, and says both counts', async () => {
    // An index written here: two tensors named, total_size for 30.5e9 bf16 parameters.
    const index = JSON.stringify({
      metadata: { total_size: 61_000_000_000 },
      weight_map: {
        'model.embed_tokens.weight': 'model-00001.safetensors',
        'lm_head.weight': 'model-00016.safetensors',
      },
    });
    const config = await hub({
      [CONFIG_PATH]: { status: 200, body: QWEN3_MOE },
      [INDEX_PATH]: { status: 200, body: index },
    });
    const read = await fetchHfModel({ id: ID }, config);
    expect(read.indexParams).toBe(30_500_000_000);
    expect(read.model.notes.map((n) => n.code)).toContain('hub.indexParams');
  });

  it('a revision goes into the address and the cache key; a pasted page address works too', async () => {
    const path = `/${ID}/resolve/refs%2Fpr%2F7/config.json`;
    const config = await hub({ [path]: { status: 200, body: QWEN3_MOE } });
    const read = await fetchHfModel({ id: `https://huggingface.co/${ID}/tree/refs/pr/7` }, config);
    expect(read).toMatchObject({ id: ID, revision: 'refs/pr/7' });
    expect(existsSync(join(dir, 'hf-cache', 'models--Qwen--Qwen3-30B-A3B', 'refs%2Fpr%2F7', 'config.json'))).toBe(true);
  });

  it('404 (unknown id): says the id has no config.json, and nothing is cached', async () => {
    const config = await hub({
      '/nobody/no-such-model/resolve/main/config.json': {
        status: 404,
        headers: { 'x-error-code': 'RepoNotFound' },
        body: '{"error":"Repository not found"}',
      },
    });
    const error = await refusal(fetchHfModel({ id: 'nobody/no-such-model' }, config));
    expect(error.field).toBe('id');
    expect(error.detail).toEqual({ code: 'hub.notFound', params: { id: 'nobody/no-such-model', revision: 'main' } });
    expect(existsSync(join(dir, 'hf-cache'))).toBe(false);
  });

  it('401 (gated, no token): says to accept the terms and set HF_TOKEN; 403 with a token: the token was refused', async () => {
    const gated = { status: 401, headers: { 'x-error-code': 'GatedRepo' }, body: '{"error":"gated"}' };
    const path = '/meta-llama/Llama-3.1-8B/resolve/main/config.json';
    const anonymous = await hub({ [path]: gated });
    const error = await refusal(fetchHfModel({ id: 'meta-llama/Llama-3.1-8B' }, anonymous));
    expect(error.detail.code).toBe('hub.gated');
    expect(english(error.detail)).toContain('set HF_TOKEN');
    expect(english(error.detail)).toContain('meta-llama/Llama-3.1-8B');
    await server!.close();
    const withToken = await hub({ [path]: { status: 403, body: '{"error":"no access"}' } }, { token: 'hf_wrong' });
    expect((await refusal(fetchHfModel({ id: 'meta-llama/Llama-3.1-8B' }, withToken))).detail.code).toBe(
      'hub.tokenRefused',
    );
  });

  it('timeout (a server that never answers): offline, no copy cached, "drop its config.json"', async () => {
    // 300 ms instead of the 10 s default, so the test does not wait ten seconds.
    const config = await hub({ [CONFIG_PATH]: 'hang' }, { timeoutMs: 300 });
    const error = await refusal(fetchHfModel({ id: ID }, config));
    expect(error.detail).toMatchObject({ code: 'hub.offline', params: { id: ID } });
    expect((error.detail.params!.reason as { code: string }).code).toBe('hub.reason.timeout');
    expect(english(error.detail)).toContain('config.json');
  });

  it('a huge body is refused at the cap, declared or not, and nothing is cached', async () => {
    const max = 1024 * 1024;
    const declared = await hub(
      { [CONFIG_PATH]: { status: 200, body: Buffer.alloc(max + 1, ' ') } },
      { maxConfigBytes: max },
    );
    expect((await refusal(fetchHfModel({ id: ID }, declared))).detail.code).toBe('hub.tooLarge');
    await server!.close();
    // 64 MiB streamed with no Content-Length: the read stops after the first megabyte.
    const streamed = await hub({ [CONFIG_PATH]: { stream: 64 * 1024 * 1024 } }, { maxConfigBytes: max });
    expect((await refusal(fetchHfModel({ id: ID }, streamed))).detail.code).toBe('hub.tooLarge');
    expect(existsSync(join(dir, 'hf-cache'))).toBe(false);
  });

  it("invalid JSON: the reader names the id's config.json, and the bad text is not cached", async () => {
    const config = await hub({ [CONFIG_PATH]: { status: 200, body: '{"model_type": "qwen3_moe",' } });
    const error = await refusal(fetchHfModel({ id: ID }, config));
    expect(error.field).toBe('id');
    expect(error.detail).toMatchObject({ code: 'modelFile.notJson', params: { file: `${ID}/config.json` } });
    expect(existsSync(join(dir, 'hf-cache'))).toBe(false);
  });

  it('cache hit offline: with the Hub gone, or HF_HUB_OFFLINE, the copy read earlier answers and says its date', async () => {
    const online = await hub({ [CONFIG_PATH]: { status: 200, body: QWEN3_MOE } });
    const first = await fetchHfModel({ id: ID }, online);
    await server!.close();
    server = undefined;
    // The same address with nothing listening: connection refused.
    const gone = await fetchHfModel({ id: ID }, online);
    expect(gone).toMatchObject({ source: 'cache', fetchedAt: first.fetchedAt });
    expect(gone.model.model).toEqual(first.model.model);
    const note = gone.model.notes[0]!;
    expect(note.code).toBe('hub.fromCache');
    expect(note.params!.date).toBe(`${first.fetchedAt.slice(0, 10)} ${first.fetchedAt.slice(11, 16)} UTC`);
    expect((note.params!.reason as { code: string }).code).toBe('hub.reason.network');
    const offline = await fetchHfModel({ id: ID }, { ...online, offline: true });
    expect(offline.source).toBe('cache');
    expect((offline.model.notes[0]!.params!.reason as { code: string }).code).toBe('hub.reason.offlineMode');
  });

  it('a server error (503) falls back to the cache too; with no copy it says offline', async () => {
    const config = await hub({ [CONFIG_PATH]: { status: 503, body: 'busy' } });
    const error = await refusal(fetchHfModel({ id: ID }, config));
    expect(error.detail.code).toBe('hub.offline');
    expect(error.detail.params!.reason).toEqual({ code: 'hub.reason.status', params: { status: 503 } });
  });

  it.each([
    '../../etc/passwd',
    'Qwen/../../secrets',
    'a/b/c',
    'Qwen/Qwen2.5-7B/../x',
    'org--x/name',
    '',
    'has space/name',
    'Qwen/%2e%2e',
    'C:\\models\\config.json',
    'Qwen/\u001b[31mred',
  ])('refuses the id %j before any request', async (id) => {
    const config = await hub({});
    const error = await refusal(fetchHfModel({ id }, config));
    expect(error.detail.code).toBe('hub.badId');
    // The id is repeated in the sentence, with no control character a terminal would act on.
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(String(error.detail.params!.id)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(server!.requests).toHaveLength(0);
  });

  it.each(['..', '.', 'main/../x', '/main', 'a b'])('refuses the revision %j before any request', async (revision) => {
    const config = await hub({});
    expect((await refusal(fetchHfModel({ id: ID, revision }, config))).detail.code).toBe('hub.badRevision');
    expect(server!.requests).toHaveLength(0);
  });
});

describe('hubConfigFromEnv', () => {
  it("takes huggingface_hub's names: HF_ENDPOINT (CARDWISE_HF_ENDPOINT first), HF_TOKEN, HF_HUB_OFFLINE", () => {
    expect(hubConfigFromEnv({}, '/cache')).toMatchObject({
      endpoint: 'https://huggingface.co',
      token: null,
      offline: false,
      cacheDir: '/cache',
      timeoutMs: 10_000,
    });
    const env = {
      HF_ENDPOINT: 'https://hf-mirror.com',
      CARDWISE_HF_ENDPOINT: 'http://127.0.0.1:1234',
      HF_TOKEN: ' hf_abc ',
      HF_HUB_OFFLINE: '1',
      CARDWISE_HF_CACHE: '/elsewhere',
    };
    expect(hubConfigFromEnv(env, '/cache')).toMatchObject({
      endpoint: 'http://127.0.0.1:1234',
      token: 'hf_abc',
      offline: true,
      cacheDir: '/elsewhere',
    });
    expect(hubConfigFromEnv({ HF_ENDPOINT: 'https://hf-mirror.com' }, '/c').endpoint).toBe('https://hf-mirror.com');
  });

  it('an endpoint that is no http(s) address is refused, naming it', async () => {
    const config = { ...hubConfigFromEnv({}, join(dir, 'hf-cache')), endpoint: 'file:///etc' };
    expect((await refusal(fetchHfModel({ id: ID }, config))).detail).toEqual({
      code: 'hub.badEndpoint',
      params: { endpoint: 'file:///etc' },
    });
  });
});

describe('the models:fetchHf channel', () => {
  it('answers through the dispatcher, and its refusals are bad-input on `id` with the code', async () => {
    server = await startHubServer({ [CONFIG_PATH]: { status: 200, body: QWEN3_MOE } });
    const app = openApp({ dbPath: join(dir, 'cardwise.db'), hub: { endpoint: server.endpoint } });
    try {
      const ok = await app.dispatcher.dispatch('models:fetchHf', { id: ID });
      expect(ok.ok && ok.data.model.model.experts).toBe(128);
      // The cache sits beside the database by default.
      expect(existsSync(join(dir, 'hf-cache', 'models--Qwen--Qwen3-30B-A3B', 'main', 'config.json'))).toBe(true);
      const bad = await app.dispatcher.dispatch('models:fetchHf', { id: 'x/y/z' });
      expect(bad).toMatchObject({
        ok: false,
        error: { code: 'bad-input', field: 'id', detail: { code: 'hub.badId' } },
      });
    } finally {
      app.close();
    }
  });
});
