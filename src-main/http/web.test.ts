/**
 * Web mode from outside: loopback only, the token on every request, loopback Host names
 * only, no CORS, no way out of the renderer folder, the strict CSP on every answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type App } from '../app';
import { startServer, type RunningServer } from './server';
import { rawRequest, type RawResponse } from './http-client.testkit';

const SECRET = 'outside the renderer folder';
let dir: string;
let app: App;
let server: RunningServer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-web-'));
  const renderer = path.join(dir, 'renderer');
  fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Cardwise</title>');
  fs.writeFileSync(path.join(renderer, 'assets', 'app.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'secret.txt'), SECRET);
  fs.writeFileSync(path.join(dir, 'renderer-evil.txt'), SECRET);
  app = openApp({ dbPath: path.join(dir, 'cardwise.db') });
  server = await startServer({ app, port: 0, rendererDir: renderer });
});
afterAll(async () => {
  await server.close();
  app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const host = () => `127.0.0.1:${server.port}`;
const get = (p: string, headers: Record<string, string> = {}) =>
  rawRequest({ port: server.port, path: p, headers: { host: host(), ...headers } });
const api = (headers: Record<string, string>) =>
  rawRequest({
    port: server.port,
    method: 'POST',
    path: '/api/cards:list',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });

function expectCsp(res: RawResponse): void {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-eval');
}

describe('web mode, from outside', () => {
  it('listens on 127.0.0.1 only', async () => {
    const table = '/proc/net/tcp';
    if (fs.existsSync(table)) {
      const hexPort = server.port.toString(16).toUpperCase().padStart(4, '0');
      const listening = fs
        .readFileSync(table, 'utf8')
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A');
      expect(listening.map((cols) => cols[1])).toEqual([`0100007F:${hexPort}`]);
    }
    const others = Object.values(os.networkInterfaces())
      .flat()
      // Link-local IPv6 needs a zone id to connect at all; it would fail for the wrong reason.
      .filter((a) => a && !a.internal && !a.address.startsWith('fe80:'))
      .map((a) => a!.address);
    for (const address of [...others, '::1']) {
      await expect(
        rawRequest({ port: server.port, address, path: '/', headers: { host: host() }, timeoutMs: 3000 }),
        address,
      ).rejects.toThrow();
    }
  });

  it('refuses every API call without the Bearer token; a cookie or query token is no token', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer ' },
      { authorization: `Bearer ${server.token}x` },
      { authorization: server.token },
      { authorization: `Basic ${server.token}` },
      { cookie: `cardwise_token=${server.token}` },
    ];
    for (const headers of variants) {
      const res = await api({ host: host(), ...headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).not.toContain('"cards"');
      expectCsp(res);
    }
    const inQuery = await rawRequest({
      port: server.port,
      method: 'POST',
      path: `/api/cards:list?token=${server.token}`,
      headers: { host: host(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(inQuery.status).toBe(401);
  });

  it('serves the built page and assets without any token, and never sets a cookie', async () => {
    for (const p of ['/', '/index.html', '/assets/app.js', `/?token=${server.token}`]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers['set-cookie'], p).toBeUndefined();
      expectCsp(res);
    }
  });

  it('refuses Host headers that are not our loopback name and port', async () => {
    const port = server.port;
    const hosts = [
      'evil.example',
      `127.0.0.1.evil.com:${port}`,
      `localhost.evil:${port}`,
      `evil.localhost:${port}`,
      `[::1]:${port}`,
      `[::ffff:127.0.0.1]:${port}`,
      `0.0.0.0:${port}`,
      `127.0.0.2:${port}`,
      `2130706433:${port}`,
      '127.0.0.1',
      `127.0.0.1:${port + 1}`,
      `127.0.0.1:${port}@evil.example`,
    ];
    for (const name of hosts) {
      const res = await api({ host: name, authorization: `Bearer ${server.token}` });
      expect(res.status, name).toBe(421);
      expectCsp(res);
      expect((await rawRequest({ port, path: '/', headers: { host: name } })).status, name).toBe(421);
    }
    // Node's parser already answers 400 to an HTTP/1.1 request without Host; either way, refused.
    const missing = await api({ authorization: `Bearer ${server.token}` });
    expect([400, 421]).toContain(missing.status);
    expect((await api({ host: `localhost:${port}`, authorization: `Bearer ${server.token}` })).status).toBe(200);
  });

  it('gives other origins no CORS, not even to a preflight', async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      `http://127.0.0.1:${server.port + 1}`,
      `http://localhost.evil:${server.port}`,
    ]) {
      const preflight = await rawRequest({
        port: server.port,
        method: 'OPTIONS',
        path: '/api/cards:list',
        headers: {
          host: host(),
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(preflight.status, origin).toBeGreaterThanOrEqual(400);
      const cross = await api({ host: host(), origin, authorization: `Bearer ${server.token}` });
      expect(cross.status, origin).toBe(403);
      for (const res of [preflight, cross]) {
        expect(
          Object.keys(res.headers).filter((h) => h.startsWith('access-control-')),
          origin,
        ).toEqual([]);
      }
    }
  });

  it('cannot be walked out of the renderer folder', async () => {
    const paths = [
      '/../secret.txt',
      '/../../../../etc/passwd',
      '/%2e%2e/secret.txt',
      '/%2E%2E/secret.txt',
      '/%252e%252e/secret.txt',
      '/%252e%252e%252fsecret.txt',
      '/..%2fsecret.txt',
      '/..%5csecret.txt',
      '/..\\secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '//etc/passwd',
      `/${dir}/secret.txt`,
      `/${encodeURIComponent(path.join(dir, 'secret.txt'))}`,
      '/../renderer-evil.txt',
      '/%2e%2e/renderer-evil.txt',
      '/secret.txt%00.js',
      '/index.html%00',
      '/%00',
      '/%c0%ae%c0%ae/secret.txt',
      '/%',
      '/C:%5cWindows%5cwin.ini',
      `http://127.0.0.1:1/../secret.txt`,
    ];
    for (const p of paths) {
      const res = await get(p);
      expect(res.status, p).toBeLessThan(500);
      expect(res.body, p).not.toContain(SECRET);
      expect(res.body, p).not.toContain('root:');
      expectCsp(res);
    }
  });
});
