/**
 * One client cannot take the server away from the others: connections beyond the cap are
 * dropped at once, idle and slow ones are cut after the header time-out, and the API answers
 * again as soon as the attacker's connections are gone. Before, the server had no cap and no
 * time-outs: at the fd limit the API was unreachable until the attacker let go.
 */
import { connect, type Socket } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type App } from '../app';
import { rawRequest } from './http-client.testkit';
import { SERVER_LIMITS, startServer, type RunningServer } from './server';

// Shortened for the test; the production values are SERVER_LIMITS.
const HEADERS_TIMEOUT_MS = 600;
let dir: string;
let app: App;
let server: RunningServer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardwise-limits-'));
  app = openApp({ dbPath: path.join(dir, 'cardwise.db') });
  server = await startServer({
    app,
    port: 0,
    rendererDir: path.join(dir, 'no-renderer'),
    limits: { headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: 1_000, checkIntervalMs: 100 },
  });
});
afterAll(async () => {
  await server.close();
  app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Closed {
  /** How long the connection lived (logged, not asserted: timings live in `npm run bench`). */
  ms: number;
  /** What the server sent before it closed ('' when it dropped the connection unanswered). */
  answer: string;
}

/** Opens a TCP connection and resolves when it is up; `closed` says when and how the server cut it. */
function idleConnection(port: number): Promise<{ socket: Socket; closed: Promise<Closed> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const opened = Date.now();
    let answer = '';
    // Read what the server sends (its 408 on a time-out), so its closing of the connection is seen.
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const closed = new Promise<Closed>((done) => socket.once('close', () => done({ ms: Date.now() - opened, answer })));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', () => {});
    setTimeout(() => reject(new Error('no connection')), 5_000).unref();
  });
}

const cardsList = () =>
  rawRequest({
    port: server.port,
    method: 'POST',
    path: '/api/cards:list',
    headers: {
      host: `127.0.0.1:${server.port}`,
      authorization: `Bearer ${server.token}`,
      'content-type': 'application/json',
    },
    body: '{}',
    timeoutMs: 5_000,
  });

describe('server limits', () => {
  it('has production limits on connections, headers, requests and keep-alive', () => {
    expect(SERVER_LIMITS.maxConnections).toBeLessThanOrEqual(256);
    expect(SERVER_LIMITS.headersTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(SERVER_LIMITS.requestTimeoutMs).toBeLessThanOrEqual(120_000);
    expect(SERVER_LIMITS.keepAliveTimeoutMs).toBeLessThanOrEqual(10_000);
  });

  it('drops connections over the cap, cuts idle ones, and answers the API again once they are gone', async () => {
    const attackers = 2 * SERVER_LIMITS.maxConnections;
    const sockets = await Promise.all(Array.from({ length: attackers }, () => idleConnection(server.port)));
    // Slowloris: the first bytes of a request line, never finished.
    for (const { socket } of sockets) socket.write('POST /api/cards:list HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const closes = await Promise.all(sockets.map((s) => s.closed));
    const lifetimes = closes.map((c) => c.ms);
    // Over the cap the server destroys a connection unanswered; a timed-out one gets a 408 first.
    const droppedAtOnce = closes.filter((c) => c.answer === '').length;
    console.log(
      `server limits: ${attackers} idle connections, ${droppedAtOnce} dropped at once, the rest cut within ${Math.max(...lifetimes)} ms`,
    );
    expect(droppedAtOnce).toBe(attackers - SERVER_LIMITS.maxConnections);
    // The rest were cut by the header time-out, which answers 408 (not by the client, nor by the
    // test's own time-out): every one of them is gone, so the await above returned.
    for (const { answer } of closes.filter((c) => c.answer !== '')) expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect((await cardsList()).status).toBe(200);
  }, 30_000);
});
