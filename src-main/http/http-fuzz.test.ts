/**
 * Every boundary validates: thousands of seeded hostile payloads sent over real HTTP to
 * every channel. Each gets a 4xx naming the problem, the server stays up, and the
 * database is exactly as it was (integrity_check ok, every table's rows unchanged).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type App } from '../app';
import { startServer, type RunningServer } from './server';
import { CHANNELS, type Channel } from '../ipc/channels';
import { contract } from '../ipc/contract';
import { typedCalls } from '../ipc/call.testkit';
import { decodeRunsCsv, decodeRunsJson, validateImportRows } from '../domain/runs';
import { pinpoint } from '../domain/messages';
import { fingerprint, type DbFingerprint } from '../db/db-fingerprint.testkit';
import { READ_ONLY_CHANNELS, validInputs, validRun } from './fuzz-inputs.testkit';
import {
  clone,
  deepNest,
  hostileLeaves,
  mutate,
  ownKeys,
  pathsOf,
  randomJson,
  TEN_MB,
  toJsonText,
} from './hostile.testkit';
import { MAX_BODY_BYTES } from './body';
import { rawRequest, type RawResponse } from './http-client.testkit';
import { prng, type Prng } from './prng.testkit';

const SEED = 20251130;
const MUTANTS_PER_CHANNEL = 110;
const RANDOM_PER_CHANNEL = 25;

let dir: string;
let app: App;
let server: RunningServer;
let bases: Record<Channel, unknown[]>;
let csvExport: string;
let before: DbFingerprint;
const call = typedCalls(() => app.dispatcher);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cardwise-fuzz-'));
  app = openApp({ dbPath: join(dir, 'cardwise.db') });
  server = await startServer({ app, port: 0, rendererDir: join(dir, 'no-renderer') });
  // A few runs of the user's own, so update/delete/ledger/export have real rows to aim at.
  const added: number[] = [];
  for (const notes of ['first', '=SUM(A1)', '中文 notes']) {
    added.push((await call.ok('runs:add', { ...validRun, notes })).id);
  }
  const card = (await call.ok('cards:list', {})).cards[0];
  const offer = (await call.ok('offers:list', {})).offers[0]!;
  bases = validInputs({ card, offer });
  bases['runs:update'] = [{ id: added[0], patch: { notes: 'edited', cost: 1, currency: 'USD' } }];
  bases['runs:delete'] = [{ id: added[1] }];
  csvExport = (await call.ok('runs:export', { format: 'csv' })).text;
  before = fingerprint(app.db);
});

afterAll(async () => {
  await server?.close();
  app?.close();
  rmSync(dir, { recursive: true, force: true });
});

function post(channel: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest({
    port: server.port,
    method: 'POST',
    path: `/api/${channel}`,
    headers: {
      host: `127.0.0.1:${server.port}`,
      authorization: `Bearer ${server.token}`,
      'content-type': 'application/json',
      ...headers,
    },
    body,
  });
}

interface ErrorBody {
  ok: false;
  error: { code: string; message: string; field?: string; issues?: unknown[] };
}

/** A 4xx whose JSON body says what is wrong; returns the body. */
function expectRefused(res: RawResponse, context: string): ErrorBody {
  expect(res.status, `${context}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${context}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const body = JSON.parse(res.body) as ErrorBody;
  expect(body.ok, context).toBe(false);
  expect(typeof body.error.code, context).toBe('string');
  expect(body.error.message.trim().length, context).toBeGreaterThan(0);
  return body;
}

/** What the domain would say about an import file, without any database. */
function importWouldSucceed(input: { format: 'csv' | 'json'; text: string }): boolean {
  try {
    const { rows, issues } = input.format === 'csv' ? decodeRunsCsv(input.text) : decodeRunsJson(input.text);
    return issues.length === 0 && validateImportRows(rows).issues.length === 0;
  } catch {
    return false;
  }
}

/** `value` with `replacement` put at a random place inside it. */
function withAt(rng: Prng, value: unknown, replacement: unknown): unknown {
  const copy = clone(value);
  const paths = pathsOf(copy).filter((p) => p.length > 0);
  if (paths.length === 0) return replacement;
  const path = rng.pick(paths);
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  parent[path[path.length - 1] as string | number] = replacement;
  return copy;
}

/** Character-level damage to a text: cuts, stray quotes, separators, formula starts, NULs. */
function damageText(rng: Prng, text: string): string {
  let out = text;
  for (let n = 1 + rng.int(4); n > 0; n--) {
    const at = rng.int(out.length + 1);
    const piece = rng.pick([
      '"',
      ',',
      '\n',
      '\r',
      '=',
      '+',
      '-',
      '@',
      '\u0000',
      '\ufeff',
      '{',
      ']',
      'NaN',
      '1e400',
      '',
    ]);
    const cut = rng.chance(0.3) ? rng.int(40) : 0;
    out = out.slice(0, at) + piece + out.slice(at + cut);
  }
  return rng.chance(0.1) ? out.slice(0, rng.int(out.length)) : out;
}

function casesFor(rng: Prng, channel: Channel): unknown[] {
  const cases: unknown[] = [];
  const channelBases = bases[channel];
  for (let i = 0; i < MUTANTS_PER_CHANNEL; i++) cases.push(mutate(rng, rng.pick(channelBases)));
  for (let i = 0; i < RANDOM_PER_CHANNEL; i++) cases.push(randomJson(rng, 3));
  cases.push(...hostileLeaves());
  cases.push(deepNest(10_000, 'array'), deepNest(10_000, 'object'));
  const base = channelBases[0];
  cases.push(withAt(rng, base, deepNest(10_000, 'object')), withAt(rng, base, deepNest(10_000, 'array')));
  cases.push(withAt(rng, base, TEN_MB));
  cases.push(ownKeys([...Object.entries(base as object), ['__proto__', { isAdmin: true }]]));
  cases.push(ownKeys([...Object.entries(base as object), ['constructor', { prototype: { isAdmin: true } }]]));
  if (channel === 'runs:import') {
    const rows = [validRun, { ...validRun, notes: 'second' }];
    for (let i = 0; i < 80; i++) {
      cases.push({ format: 'json', text: toJsonText({ version: 1, runs: mutate(rng, rows) }) });
      cases.push({ format: 'csv', text: damageText(rng, csvExport) });
      cases.push({
        format: rng.pick(['csv', 'json']),
        text: damageText(rng, JSON.stringify({ version: 1, runs: rows })),
      });
    }
    // A row whose estimate nests 10,000 levels deep, inside the text of the file.
    const deep = `{"a":`.repeat(10_000) + '1' + '}'.repeat(10_000);
    cases.push({
      format: 'json',
      text: JSON.stringify({ version: 1, runs: [validRun] }).replace('"outcome"', `"estimate":${deep},"outcome"`),
    });
    cases.push(
      { format: 'csv', text: TEN_MB },
      { format: 'json', text: TEN_MB },
      { format: 'csv', text: '\ufeff' + csvExport.replace(/\n/g, '\r') },
    );
  }
  return cases;
}

describe('boundary fuzz over HTTP', () => {
  it('starts from valid inputs, so each mutant is a near miss', () => {
    for (const channel of CHANNELS) {
      for (const input of bases[channel]) {
        expect(contract[channel].input.safeParse(input).success, channel).toBe(true);
      }
    }
  });

  it('refuses every hostile payload on every channel with a 4xx naming the problem', async () => {
    const rng = prng(SEED);
    const tally = { sent: 0, skippedValid: 0, schemaRefused: 0, laterRefused: 0, answered: 0 };
    for (const channel of CHANNELS) {
      for (const value of casesFor(rng, channel)) {
        const text = toJsonText(value);
        const received: unknown = JSON.parse(text);
        const parsed = contract[channel].input.safeParse(received);
        const readOnly = READ_ONLY_CHANNELS.has(channel);
        if (parsed.success && !readOnly) {
          const asImport = channel === 'runs:import' ? contract['runs:import'].input.safeParse(received) : null;
          if (!asImport?.success || importWouldSucceed(asImport.data)) {
            tally.skippedValid++;
            continue;
          }
        }
        const res = await post(channel, text);
        tally.sent++;
        const context = `${channel} ${text.slice(0, 160)}`;
        if (parsed.success && readOnly) {
          // Valid for the schema: the handler may answer, or refuse as the caller's fault; never a 5xx.
          expect(res.status, `${context}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.status === 200) tally.answered++;
          else {
            tally.laterRefused++;
            expectRefused(res, context);
          }
          continue;
        }
        const body = expectRefused(res, context);
        expect(body.error.code, context).toBe('bad-input');
        if (parsed.success) {
          tally.laterRefused++;
          continue;
        }
        tally.schemaRefused++;
        const issue = parsed.error.issues[0];
        // A union's issue is pinpointed to the branch that got furthest ("model" -> "model.hidden").
        const path = issue ? pinpoint(issue).path : [];
        if (path.length > 0) expect(body.error.field, context).toBe(path.map(String).join('.'));
      }
    }
    console.log('fuzz tally', tally);
    expect(tally.sent).toBeGreaterThan(3000);
    expect(tally.schemaRefused).toBeGreaterThan(2500);
    expect(tally.laterRefused).toBeGreaterThan(100);
    expect(Object.prototype).not.toHaveProperty('isAdmin');
    expect(Object.prototype).not.toHaveProperty('polluted');
  }, 120_000);

  it('refuses malformed requests: unknown channels, non-JSON, wrong content types, wrong methods', async () => {
    const rng = prng(SEED + 1);
    const unknown = [
      'nope:nope',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'cards:list/extra',
      'CARDS:LIST',
      'cards:list%00',
      '%ZZ',
      '',
      '..%2f..%2fcards:list',
      'a'.repeat(5000),
    ];
    for (const channel of unknown) expectRefused(await post(channel, '{}'), `unknown channel ${channel.slice(0, 40)}`);
    for (let i = 0; i < 40; i++) {
      const name = Array.from({ length: 1 + rng.int(20) }, () => 'abcdefghijklmnopqrstuvwxyz:-_'[rng.int(29)]).join('');
      if (!(CHANNELS as readonly string[]).includes(name)) expectRefused(await post(name, '{}'), name);
    }
    const notJson = [
      '{oops',
      'NaN',
      'Infinity',
      '-Infinity',
      "{'a':1}",
      '{"a":1,}',
      '[1,2',
      'undefined',
      '\u0000',
      '{"a":1}{"b":2}',
      '1e',
      '--1',
      '"unterminated',
    ];
    for (const channel of CHANNELS) {
      for (const body of notJson) {
        const res = await post(channel, body);
        const refused = expectRefused(res, `${channel} ${body}`);
        expect(refused.error.message, body).toMatch(/JSON/);
      }
      const utf16 = await post(channel, Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]));
      expectRefused(utf16, `${channel} utf-16 bytes`);
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        '',
        'json',
        'text/json',
      ]) {
        const res = await post(channel, '{}', { 'content-type': type });
        expect(res.status, `${channel} ${type}`).toBe(415);
        expectRefused(res, `${channel} content-type ${type}`);
      }
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        const res = await rawRequest({
          port: server.port,
          method,
          path: `/api/${channel}`,
          headers: { host: `127.0.0.1:${server.port}`, authorization: `Bearer ${server.token}` },
        });
        expect(res.status, `${method} ${channel}`).toBe(405);
      }
    }
    const tooBig = await post('runs:import', '{"format":"json","text":"', {
      'content-length': String(MAX_BODY_BYTES + 1),
    });
    expect(tooBig.status).toBe(413);
  }, 60_000);

  it('is still up and the database is exactly as before', async () => {
    const res = await post('cards:list', '{}');
    expect(res.status).toBe(200);
    const after = fingerprint(app.db);
    expect(after.integrity).toBe('ok');
    expect(after.counts).toEqual(before.counts);
    expect(after.digests).toEqual(before.digests);
  });
});
