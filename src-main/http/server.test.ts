import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, type App } from '../app';
import { QUIET_MS } from '../handlers/quiet';
import { startServer, type RunningServer } from './server';
import { resolveInside } from './static';

let dir: string;
let app: App;
let server: RunningServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cardwise-server-'));
  const renderer = join(dir, 'renderer');
  mkdirSync(renderer);
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Cardwise</title>');
  mkdirSync(join(renderer, 'assets'));
  writeFileSync(join(renderer, 'assets', 'index-B2x9dQ1z.js'), 'console.log("app")');
  writeFileSync(join(dir, 'secret.txt'), 'outside the renderer');
  app = openApp({ dbPath: join(dir, 'cardwise.db') });
  server = await startServer({ app, port: 0, rendererDir: renderer });
});
afterAll(async () => {
  await server.close();
  app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request, so tests can send any Host header and path bytes. */
function send(options: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: `127.0.0.1:${server.port}`, ...options.headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const api = (channel: string, body: unknown, headers: Record<string, string> = {}) =>
  send({
    method: 'POST',
    path: `/api/${channel}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}`, ...headers },
    body: JSON.stringify(body),
  });

describe('web mode', () => {
  it('prints a loopback URL that carries the token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{20,}$/);
  });

  it('answers the contract with the token', async () => {
    const res = await api('cards:list', {});
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data.cards.length).toBeGreaterThanOrEqual(8);
  });

  it('refuses API calls without the right token', async () => {
    expect((await api('cards:list', {}, { authorization: '' })).status).toBe(401);
    expect((await api('cards:list', {}, { authorization: 'Bearer nope' })).status).toBe(401);
  });

  it('serves the page without the token (it holds no user data) and never sets a cookie', async () => {
    const page = await send({ path: '/' });
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('lets the browser keep the content-hashed files of assets/ and nothing else', async () => {
    const script = await send({ path: '/assets/index-B2x9dQ1z.js' });
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-security-policy']).toContain("default-src 'self'");
    // The page names the current files; an API answer is the user's data: neither is kept.
    expect((await send({ path: '/' })).headers['cache-control']).toBe('no-store');
    expect((await send({ path: '/index.html' })).headers['cache-control']).toBe('no-store');
    expect((await send({ path: '/assets/missing.js' })).headers['cache-control']).toBe('no-store');
    expect((await api('settings:get', {})).headers['cache-control']).toBe('no-store');
  });

  it('refuses a foreign Host header (DNS rebinding) and foreign origins, with no CORS', async () => {
    expect((await api('cards:list', {}, { host: 'evil.example' })).status).toBe(421);
    const cross = await api('cards:list', {}, { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    expect(cross.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('maps bad input to 400 naming the field and unknown channels to 404', async () => {
    const bad = await api('settings:set', { headroomFraction: 'lots' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.field).toBe('headroomFraction');
    expect((await api('nope:nope', {})).status).toBe(404);
    const notJson = await send({
      method: 'POST',
      path: '/api/cards:list',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(notJson.status).toBe(400);
  });

  it('cannot be walked out of the renderer folder', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
    ]) {
      const res = await send({ path });
      expect(res.body, path).not.toContain('outside the renderer');
    }
    expect(resolveInside('/srv/app', '/../etc/passwd')).toBeNull();
    expect(resolveInside('/srv/app', '/assets/app.js')).toBe('/srv/app/assets/app.js');
    expect(resolveInside('/srv/app', '/%2e%2e/%2e%2e/etc/passwd')).toBeNull();
    expect(resolveInside('/srv/app', '/a%00b')).toBeNull();
  });
});

describe('whenQuiet', () => {
  // A server of its own: the other tests' requests would keep the shared one busy.
  let quiet: RunningServer;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const get = (server: RunningServer, path: string) =>
    fetch(`http://127.0.0.1:${server.port}${path}`).then((res) => res.text());
  const ask = (server: RunningServer) =>
    fetch(`http://127.0.0.1:${server.port}/api/settings:get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      body: '{}',
    }).then((res) => res.json());

  beforeAll(async () => {
    quiet = await startServer({ app, port: 0, rendererDir: join(dir, 'renderer') });
  });
  afterAll(() => quiet.close());

  it('waits while a page loads its files, then runs once an API call is answered and nothing is asked for a while', async () => {
    const ranAt: number[] = [];
    const ran = new Promise<void>((resolve) =>
      quiet.whenQuiet(() => {
        ranAt.push(performance.now());
        resolve();
      }),
    );
    await get(quiet, '/');
    await get(quiet, '/assets/missing.js');
    await sleep(QUIET_MS * 3);
    expect(ranAt).toEqual([]);

    // Asked before the call is sent, so before the server answers it: the quiet time starts after that.
    const askedAt = performance.now();
    await ask(quiet);
    await ran;
    // Margin 2 ms: a timer may fire up to a millisecond before its delay is up, as Node rounds it. (A call
    // arriving meanwhile starts the quiet time again: handlers/quiet.test.ts, on fake timers.)
    expect(ranAt[0]! - askedAt).toBeGreaterThanOrEqual(QUIET_MS - 2);
  });
});
