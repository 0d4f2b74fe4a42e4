import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHubServer, type HubServer } from '../hub/hub-server.testkit';
import { runInProcess } from './in-process.testkit';

/** A real config.json (domain/model-files/fixtures/SOURCES.md: Qwen/Qwen3-30B-A3B). */
const QWEN3_MOE = readFileSync(
  path.join(__dirname, '../domain/model-files/fixtures/qwen3-30b-a3b.config.json'),
  'utf8',
);
const ID = 'Qwen/Qwen3-30B-A3B';

let dir: string;
let db: string;
let server: HubServer;
const saved = process.env.CARDWISE_HF_ENDPOINT;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cardwise-cli-hf-'));
  db = path.join(dir, 'cardwise.db');
  server = await startHubServer({
    [`/${ID}/resolve/main/config.json`]: { status: 200, body: QWEN3_MOE },
    '/nobody/nothing/resolve/main/config.json': { status: 404, headers: { 'x-error-code': 'RepoNotFound' } },
  });
  // The CLI reads the Hub's address from the environment, as a user behind a mirror would set it.
  process.env.CARDWISE_HF_ENDPOINT = server.endpoint;
});

afterAll(async () => {
  if (saved === undefined) delete process.env.CARDWISE_HF_ENDPOINT;
  else process.env.CARDWISE_HF_ENDPOINT = saved;
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (args: string[]) => runInProcess(db, args);

describe('--hf ORG/NAME on the CLI (a local server stands in for the Hub)', () => {
  it('estimate --hf reads the config from the Hub and says where from', async () => {
    const { status, stdout, stderr } = await cli(['estimate', '--hf', ID, '--method', 'inference', '--seq', '2048']);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toContain(`Read from ${ID}/config.json (qwen3_moe)`);
    expect(stdout).toContain(`read from ${server.endpoint}/${ID}/resolve/main/config.json`);
  });

  it('rank --hf --json carries the model it read', async () => {
    const { status, stdout } = await cli(['rank', '--hf', ID, '--method', 'inference', '--seq', '2048', '--json']);
    expect(status).toBe(0);
    const output = JSON.parse(stdout) as { modelFile: { file: string; model: { experts: number } } };
    expect(output.modelFile).toMatchObject({ file: `${ID}/config.json`, model: { experts: 128 } });
  });

  it('models add --hf saves a preset named after the id, that --model then takes', async () => {
    const added = await cli(['models', 'add', '--hf', ID, '--json']);
    expect(added.status).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ id: 'qwen3-30b-a3b', experts: 128, layers: 48 });
    const { status } = await cli(['estimate', '--model', 'qwen3-30b-a3b', '--method', 'inference', '--json']);
    expect(status).toBe(0);
  });

  it('an unknown id is a usage error on --hf naming the id; --hf with --config is refused', async () => {
    const unknown = await cli(['estimate', '--hf', 'nobody/nothing', '--method', 'inference']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('--hf');
    expect(unknown.stderr).toContain('nobody/nothing');
    const both = await cli(['estimate', '--hf', ID, '--config', 'config.json', '--method', 'inference']);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('give one model file');
    // --params with --hf is refused before any request (the server sees none for it).
    const before = server.requests.length;
    const twice = await cli(['estimate', '--hf', ID, '--params', '7b', '--method', 'inference']);
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain('--params');
    expect(server.requests.length).toBe(before);
    const stray = await cli(['estimate', '--model', 'llama-2-7b', '--revision', 'main', '--method', 'inference']);
    expect(stray.status).toBe(2);
    expect(stray.stderr).toContain('--revision');
  });
});
